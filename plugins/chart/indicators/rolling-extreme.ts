/**
 * Branch-free pieces of a rolling highest high and lowest low (van Herk / Gil-Werman): on prices, "is this bar
 * higher?" is a coin toss the CPU mispredicts half the time, and that, not the arithmetic, is what costs.
 *
 * The bars are cut into blocks of `period` bars from bar 0. The window ending at bar i (block start s) covers the
 * tail of the previous block from i - period + 1 and the head of its own block up to i: its extreme is the larger of
 * the previous block's suffix extreme and the running prefix extreme of its own block. Three comparisons per bar
 * and per extreme, whatever the period, all in a scratch of 2 × (period + 1) values that stays in the cache.
 * Exact for finite numbers and NaN (a NaN in the window gives NaN, as `Math.max` does); the datafeed drops bars
 * with other values.
 */

/** Below every finite price: the neutral value of `larger` (−Infinity would turn 0 × −Infinity into NaN). */
export const LOWEST = -Number.MAX_VALUE;
/** Above every finite price: the neutral value of `smaller`. */
export const HIGHEST = Number.MAX_VALUE;

/**
 * The larger of two numbers, chosen arithmetically: m is 0 or 1, so m·a is a or 0 and b − m·b is 0 or b, exactly.
 * V8 turns `+(a > b) | 0` into a flag move; `+(a > b)` alone, `Number(...)`, `Math.max` or a ternary become a
 * branch. One integer-to-double conversion (of m) rather than two (of m and 1 − m).
 */
const larger = (a: number, b: number): number => {
  const m = +(a > b) | 0;
  return m * a + (b - m * b);
};

/** The smaller of two numbers, chosen arithmetically. */
const smaller = (a: number, b: number): number => {
  const m = +(a < b) | 0;
  return m * a + (b - m * b);
};

/** A scratch for `period`: slot 2x holds a highest high, 2x + 1 a lowest low; slots `period` hold the neutral values. */
export function extremeScratch(period: number): Float64Array {
  const scratch = new Float64Array(2 * period + 2);
  for (let x = 0; x <= period; x++) {
    scratch[2 * x] = LOWEST;
    scratch[2 * x + 1] = HIGHEST;
  }
  return scratch;
}

/**
 * Fills `scratch` slots 0..period-1 with the suffix extremes of the block `start - period .. start - 1`: slot x with
 * the highest high and lowest low of bars start - period + x .. start - 1.
 */
export function suffixExtremes(high: Float64Array, low: Float64Array, start: number, period: number, scratch: Float64Array): void {
  let hh = LOWEST;
  let ll = HIGHEST;
  for (let x = 2 * period - 2, bar = start - 1; x >= 0; x -= 2, bar--) {
    hh = larger(high[bar], hh);
    ll = smaller(low[bar], ll);
    scratch[x] = hh;
    scratch[x + 1] = ll;
  }
}
