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
    // DIF = EMA(fast) - EMA(slow) here too: 0 for a number, NaN for NaN (as the definition gives).
    const dif = c - c;
    out.emaFast[0] = c;
    out.emaSlow[0] = c;
    out.dif[0] = dif;
    out.dea[0] = dif;
    out.hist[0] = dif - dif;
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

/**
 * Full MACD over the first `length` closes in O(n): running EMAs in locals, the same arithmetic as `step`
 * (so the same values) without re-reading the previous bar from the buffers.
 */
export function computeMacd(close: Float64Array, length: number, inputs: MacdInputs, out = macdBuffers(length)): MacdResult {
  if (length === 0) return out;
  step(close, 0, inputs, out);
  const { dif, dea, hist, emaFast, emaSlow } = out;
  const fastAlpha = 2 / (inputs.fast + 1);
  const slowAlpha = 2 / (inputs.slow + 1);
  const signalAlpha = 2 / (inputs.signal + 1);
  let ef = emaFast[0];
  let es = emaSlow[0];
  let signal = dea[0];
  for (let i = 1; i < length; i++) {
    const c = close[i];
    ef = ef + fastAlpha * (c - ef);
    es = es + slowAlpha * (c - es);
    const d = ef - es;
    signal = signal + signalAlpha * (d - signal);
    emaFast[i] = ef;
    emaSlow[i] = es;
    dif[i] = d;
    dea[i] = signal;
    hist[i] = d - signal;
  }
  return out;
}

/** Recomputes only bar `i` (a live update of the last bar): O(1). */
export function updateMacdAt(close: Float64Array, i: number, inputs: MacdInputs, out: MacdResult): void {
  step(close, i, inputs, out);
}
