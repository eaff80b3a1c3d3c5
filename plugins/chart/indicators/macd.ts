/** MACD: DIF = EMA(fast) - EMA(slow), DEA = EMA(DIF, signal), histogram = DIF - DEA. */
export interface MacdInputs {
  fast: number;
  slow: number;
  signal: number;
}

export interface MacdResult {
  dif: Float64Array;
  dea: Float64Array;
  hist: Float64Array;
  /** EMA states, kept so one bar can be recomputed alone. */
  emaFast: Float64Array;
  emaSlow: Float64Array;
}

export function macdBuffers(capacity: number, prev?: MacdResult): MacdResult {
  if (prev && prev.dif.length >= capacity) return prev;
  const f = () => new Float64Array(capacity);
  return { dif: f(), dea: f(), hist: f(), emaFast: f(), emaSlow: f() };
}

/** Bar `i` from bar i-1's state; the EMAs are seeded with the first close (and DEA with the first DIF). */
function step(close: Float64Array, i: number, { fast, slow, signal }: MacdInputs, out: MacdResult) {
  const c = close[i];
  if (i === 0) {
    out.emaFast[0] = c;
    out.emaSlow[0] = c;
    out.dif[0] = 0;
    out.dea[0] = 0;
    out.hist[0] = 0;
    return;
  }
  const ef = out.emaFast[i - 1] + (2 / (fast + 1)) * (c - out.emaFast[i - 1]);
  const es = out.emaSlow[i - 1] + (2 / (slow + 1)) * (c - out.emaSlow[i - 1]);
  const dif = ef - es;
  const dea = out.dea[i - 1] + (2 / (signal + 1)) * (dif - out.dea[i - 1]);
  out.emaFast[i] = ef;
  out.emaSlow[i] = es;
  out.dif[i] = dif;
  out.dea[i] = dea;
  out.hist[i] = dif - dea;
}

/** Full MACD over the first `length` closes in O(n). */
export function computeMacd(close: Float64Array, length: number, inputs: MacdInputs, out = macdBuffers(length)): MacdResult {
  for (let i = 0; i < length; i++) step(close, i, inputs, out);
  return out;
}

/** Recomputes only bar `i` (a live update of the last bar): O(1). */
export function updateMacdAt(close: Float64Array, i: number, inputs: MacdInputs, out: MacdResult): void {
  step(close, i, inputs, out);
}
