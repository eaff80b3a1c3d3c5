import { extremeScratch, HIGHEST, LOWEST, suffixExtremes } from './rolling-extreme';

/** KDJ (stochastic with smoothed K and D, J = 3K - 2D), computed over typed arrays. */
export interface KdjInputs {
  /** RSV look-back (n). */
  period: number;
  /** K smoothing (m1). */
  kSmooth: number;
  /** D smoothing (m2). */
  dSmooth: number;
}

export interface KdjResult {
  k: Float64Array;
  d: Float64Array;
  j: Float64Array;
}

/** Output buffers with room for `capacity` values (reused while they are large enough). */
export function kdjBuffers(capacity: number, prev?: KdjResult): KdjResult {
  if (prev && prev.k.length >= capacity) return prev;
  return { k: new Float64Array(capacity), d: new Float64Array(capacity), j: new Float64Array(capacity) };
}

/** RSV = (C - lowest low) / (highest high - lowest low) * 100; 50 when the range is flat. */
function rsv(close: number, hh: number, ll: number): number {
  return hh === ll ? 50 : ((close - ll) / (hh - ll)) * 100;
}

function smooth(out: KdjResult, i: number, r: number, { kSmooth, dSmooth }: KdjInputs) {
  const pk = i > 0 ? out.k[i - 1] : 50;
  const pd = i > 0 ? out.d[i - 1] : 50;
  const k = ((kSmooth - 1) * pk + r) / kSmooth;
  const d = ((dSmooth - 1) * pd + k) / dSmooth;
  out.k[i] = k;
  out.d[i] = d;
  out.j[i] = 3 * k - 2 * d;
}

/**
 * Full KDJ over the first `length` bars in O(n), in one pass over blocks of `period` bars (rolling-extreme.ts):
 * the previous block's suffix extremes go to a small scratch, then each bar takes its highest high and lowest low
 * from its running prefix and that scratch, and is smoothed at once. The first bars use the bars available so far;
 * K and D start from 50.
 *
 * The hot loop is written out by hand: its four selects are `larger`/`smaller` of rolling-extreme.ts inlined (a
 * helper called per bar through a module binding made the loop up to 3 times slower under tsx), and the smoothing
 * factors are read back from a Float64Array so that V8 keeps them as doubles rather than converting the integers on
 * every bar. Same arithmetic, same values.
 */
export function computeKdj(high: Float64Array, low: Float64Array, close: Float64Array, length: number, inputs: KdjInputs, out = kdjBuffers(length)): KdjResult {
  const { period } = inputs;
  const { k, d, j } = out;
  const factors = Float64Array.of(inputs.kSmooth - 1, inputs.kSmooth, inputs.dSmooth - 1, inputs.dSmooth);
  const kKeep = factors[0];
  const kDiv = factors[1];
  const dKeep = factors[2];
  const dDiv = factors[3];
  const scratch = extremeScratch(period);
  let pk = 50;
  let pd = 50;
  for (let start = 0; start < length; start += period) {
    if (start > 0) suffixExtremes(high, low, start, period, scratch);
    const end = Math.min(start + period, length);
    let ph = LOWEST;
    let pl = HIGHEST;
    for (let i = start, x = 2; i < end; i++, x += 2) {
      const h = high[i];
      const l = low[i];
      let m = +(h > ph) | 0;
      ph = m * h + (ph - m * ph);
      m = +(l < pl) | 0;
      pl = m * l + (pl - m * pl);
      const suffixHigh = scratch[x];
      const suffixLow = scratch[x + 1];
      m = +(ph > suffixHigh) | 0;
      const hh = m * ph + (suffixHigh - m * suffixHigh);
      m = +(pl < suffixLow) | 0;
      const ll = m * pl + (suffixLow - m * suffixLow);
      const r = hh === ll ? 50 : ((close[i] - ll) / (hh - ll)) * 100;
      pk = (kKeep * pk + r) / kDiv;
      pd = (dKeep * pd + pk) / dDiv;
      k[i] = pk;
      d[i] = pd;
      j[i] = 3 * pk - 2 * pd;
    }
  }
  return out;
}

/** Recomputes only bar `i` from bar i-1's K and D (a live update of the last bar): O(period). */
export function updateKdjAt(high: Float64Array, low: Float64Array, close: Float64Array, i: number, inputs: KdjInputs, out: KdjResult): void {
  let hh = -Infinity;
  let ll = Infinity;
  for (let x = Math.max(0, i - inputs.period + 1); x <= i; x++) {
    if (high[x] > hh) hh = high[x];
    if (low[x] < ll) ll = low[x];
  }
  smooth(out, i, rsv(close[i], hh, ll), inputs);
}
