/**
 * Rolling highest/lowest value over a window of bars, without a data-dependent branch: on prices, "is this bar
 * higher?" is a coin toss the CPU mispredicts half the time, and that, not the arithmetic, is what costs.
 */

/**
 * The larger of two finite numbers, chosen arithmetically: m is 0 or 1, so the other term is exactly 0. V8 turns
 * `+(a > b) | 0` into a flag move; `+(a > b)` alone, `Number(...)` or a boolean in a variable become a branch again.
 */
const larger = (a: number, b: number): number => {
  const m = +(a > b) | 0;
  return m * a + (1 - m) * b;
};

/** The smaller of two finite numbers, chosen arithmetically. */
const smaller = (a: number, b: number): number => {
  const m = +(a < b) | 0;
  return m * a + (1 - m) * b;
};

/**
 * One pass: dst[i] = the extreme of src[i] and src[i - lag]. Slots before `lag` already cover every value from
 * the first (windows are clipped at bar 0), so they are copied.
 */
function combine(src: Float64Array, dst: Float64Array, length: number, lag: number, max: boolean): void {
  const head = Math.min(lag, length);
  for (let i = 0; i < head; i++) dst[i] = src[i];
  if (max) for (let i = head; i < length; i++) dst[i] = larger(src[i], src[i - lag]);
  else for (let i = head; i < length; i++) dst[i] = smaller(src[i], src[i - lag]);
}

/**
 * Highest (`max`) or lowest value of `values[i - period + 1 .. i]` for each i < length (of the bars so far for the
 * first period - 1). By doubling: after a pass with span s each slot holds the extreme of its last 2s values, so
 * ⌊log2 period⌋ passes plus one for the remainder, each branch-free. `a` and `b` (distinct from `values`, at least
 * `length` long) are the work buffers; returns the one holding the result (`values` itself when period is 1).
 * Exact for finite numbers (the datafeed drops bars with others).
 */
export function rollingExtreme(values: Float64Array, length: number, period: number, max: boolean, a: Float64Array, b: Float64Array): Float64Array {
  let src = values;
  let dst = a;
  let span = 1;
  for (; span * 2 <= period; span *= 2) {
    combine(src, dst, length, span, max);
    src = dst;
    dst = dst === a ? b : a;
  }
  if (span === period) return src;
  combine(src, dst, length, period - span, max);
  return dst;
}
