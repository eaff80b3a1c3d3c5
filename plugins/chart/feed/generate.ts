import type { Bar } from '../types';
import { barStart, nextBarStart, prevBarStart, type ParsedResolution } from './resolution';
import type { MarketSpec } from './symbols';

/**
 * A deterministic, continuous price process: log price is a sum of value-noise octaves with knots every 2^k
 * seconds and amplitudes growing like sqrt(2^k) (a random walk) up to a day, then capped so prices stay plausible.
 * Any instant can be evaluated alone, so every resolution and range is consistent and cheap. A cross rate (BTC_TRY)
 * sums the walks of its legs (BTC_USDT, USDT_TRY), so its price is their product.
 */
const OCTAVES = 25;
const DAY_OCTAVE = 16;
const MAX_SLOW_AMP = 0.04;

/** 32-bit integer hash of (seed, octave, index) mapped to [-1, 1). */
export function hashUnit(seed: number, octave: number, index: number): number {
  let h = (seed ^ Math.imul(octave + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (index >>> 0), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ Math.floor(index / 4294967296), 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 15;
  return (h >>> 0) / 2147483648 - 1;
}

/** Seed of a symbol: FNV-1a of its name. */
function seedOf(symbol: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < symbol.length; i++) h = Math.imul(h ^ symbol.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** One random walk: its seed and the amplitude of each octave. */
interface Walk {
  seed: number;
  amps: Float64Array;
}

/** Compiled process of one market. */
export interface PriceProcess {
  seed: number;
  logBase: number;
  /** Its own walk, or its legs' (a cross rate moves with each of them). */
  walks: readonly Walk[];
  /** Random-walk scale per sqrt(second). */
  c: number;
  spec: MarketSpec;
}

/** The walk of a symbol with daily volatility `dailyVol`. */
function walkOf(symbol: string, dailyVol: number): Walk {
  const c = dailyVol / Math.sqrt(2 * 86400);
  const amps = new Float64Array(OCTAVES);
  for (let k = 0; k < OCTAVES; k++) amps[k] = k <= DAY_OCTAVE ? c * Math.sqrt(2 ** k) : Math.min(c * Math.sqrt(2 ** k), MAX_SLOW_AMP);
  return { seed: seedOf(symbol), amps };
}

export function priceProcess(spec: MarketSpec): PriceProcess {
  const walks = (spec.legs ?? [spec]).map((leg) => walkOf(leg.symbol, leg.dailyVol));
  return { seed: seedOf(spec.symbol), logBase: Math.log(spec.basePrice), walks, c: spec.dailyVol / Math.sqrt(2 * 86400), spec };
}

/** `sum` plus one walk's log-price offset at instant `t`. */
function addWalk(sum: number, w: Walk, t: number): number {
  for (let k = 0; k < OCTAVES; k++) {
    const x = t / 2 ** k;
    const i = Math.floor(x);
    const f = x - i;
    const a = hashUnit(w.seed, k, i);
    const b = hashUnit(w.seed, k, i + 1);
    sum += w.amps[k] * (a + (b - a) * f);
  }
  return sum;
}

/** Price at instant `t` (UTC seconds, may be fractional). */
export function priceAt(p: PriceProcess, t: number): number {
  let sum = p.logBase;
  for (const w of p.walks) sum = addWalk(sum, w, t);
  return Math.exp(sum);
}

const round = (v: number, digits: number) => {
  const m = 10 ** Math.min(digits, 12);
  return Math.round(v * m) / m;
};

/**
 * The bar starting at `start`, cut at `now` when it is still open. High and low come from a fixed grid of
 * up to 12 samples across the whole bar (those already past for an open bar) plus the close, so a live bar
 * only gains samples as time passes.
 */
export function barAt(p: PriceProcess, res: ParsedResolution, start: number, now: number): Bar {
  const full = nextBarStart(start, res) - start;
  const end = Math.min(start + full, Math.max(now, start));
  const step = Math.max(1, full / 11);
  const open = priceAt(p, start);
  const close = priceAt(p, end);
  let hi = Math.max(open, close);
  let lo = Math.min(open, close);
  for (let x = start + step; x < end; x += step) {
    const v = priceAt(p, x);
    if (v > hi) hi = v;
    if (v < lo) lo = v;
  }
  const wick = p.c * Math.sqrt(2 * Math.min(step, Math.max(end - start, 1)));
  hi *= 1 + Math.abs(hashUnit(p.seed, 40, start)) * wick;
  lo *= 1 - Math.abs(hashUnit(p.seed, 41, start)) * wick;
  const span = end - start;
  const move = Math.abs(Math.log(close / open)) / Math.max(wick, 1e-9);
  const volume = p.spec.volumePerSecond * span * (0.55 + 0.45 * hashUnit(p.seed, 42, start) + 0.25 * Math.min(move, 6));
  const d = p.spec.pricePrecision;
  return {
    time: start,
    open: round(open, d),
    high: round(hi, d),
    low: round(lo, d),
    close: round(close, d),
    volume: round(Math.max(volume, 0), p.spec.qtyPrecision),
  };
}

/** Bars with start in [from, to), none before the listing or after `now`. */
export function barsInRange(p: PriceProcess, res: ParsedResolution, from: number, to: number, now: number, limit = 5000): Bar[] {
  const bars: Bar[] = [];
  let t = barStart(Math.max(from, p.spec.listedAt), res);
  if (t < from) t = nextBarStart(t, res);
  const stop = Math.min(to, now + 1);
  while (t < stop && bars.length < limit) {
    bars.push(barAt(p, res, t, now));
    t = nextBarStart(t, res);
  }
  return bars;
}

/** Up to `count` bars that start before `to`, oldest first (what a chart asks for when scrolling back). */
export function barsBefore(p: PriceProcess, res: ParsedResolution, to: number, count: number, now: number): Bar[] {
  const out: Bar[] = [];
  let t = barStart(Math.min(to - 1, now), res);
  while (out.length < count && t >= barStart(p.spec.listedAt, res)) {
    out.push(barAt(p, res, t, now));
    t = prevBarStart(t, res);
  }
  return out.reverse();
}
