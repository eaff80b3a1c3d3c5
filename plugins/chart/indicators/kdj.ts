import { rollingExtreme } from './rolling-extreme';

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
 * Full KDJ over the first `length` bars in O(n log period): the rolling highest high and lowest low come from
 * branch-free doubling passes (rolling-extreme.ts) written into the output buffers, which the smoothing pass then
 * overwrites in place (it reads bar i before writing bar i). The first bars use the bars available so far; K and D
 * start from 50.
 */
export function computeKdj(high: Float64Array, low: Float64Array, close: Float64Array, length: number, inputs: KdjInputs, out = kdjBuffers(length)): KdjResult {
  const { period, kSmooth: m1, dSmooth: m2 } = inputs;
  const { k, d, j } = out;
  const hh = rollingExtreme(high, length, period, true, k, j);
  const ll = rollingExtreme(low, length, period, false, d, hh === k ? j : k);
  let pk = 50;
  let pd = 50;
  for (let i = 0; i < length; i++) {
    const r = rsv(close[i], hh[i], ll[i]);
    pk = ((m1 - 1) * pk + r) / m1;
    pd = ((m2 - 1) * pd + pk) / m2;
    k[i] = pk;
    d[i] = pd;
    j[i] = 3 * pk - 2 * pd;
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
