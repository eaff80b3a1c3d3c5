/** First position in `at` (nondecreasing) whose value is at least `x` (`after`: greater than `x`). */
function search(at: Float64Array, x: number, after: boolean): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] < x || (after && at[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The markers to hand to the chart: those whose bar positions `at` (nondecreasing) lie in the visible range, one bar
 * of slack each side, at most the newest `max`. Returns `[lo, hi)`. O(log n).
 */
export function visibleSlice(at: Float64Array, range: { from: number; to: number } | null, max: number): [number, number] {
  const lo = range ? search(at, range.from - 1, false) : 0;
  const hi = range ? search(at, range.to + 1, true) : at.length;
  return [Math.max(lo, hi - Math.max(0, max)), hi];
}
