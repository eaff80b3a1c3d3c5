import { TD_COUNTDOWN_COUNT, TD_SETUP_COUNT } from '../constants';

/** Read once: a bundler keeps imports as live bindings, which some module loaders turn into getter calls per read. */
const SETUP = TD_SETUP_COUNT;
const COUNTDOWN = TD_COUNTDOWN_COUNT;

/**
 * TD Sequential. Setup: consecutive closes below (buy) / above (sell) the close 4 bars earlier, counted 1..9
 * (a new setup may start right after a 9). Countdown: starts on the bar completing a 9 setup and counts
 * (not necessarily consecutive) closes at or below the low (buy) / at or above the high (sell) 2 bars earlier,
 * up to 13. A completed opposite setup cancels a countdown; a same-side 9 while
 * counting leaves it running.
 */
export interface TdResult {
  buySetup: Int8Array;
  sellSetup: Int8Array;
  /** Countdown number reached on this bar (0 when the bar did not count). */
  buyCountdown: Int8Array;
  sellCountdown: Int8Array;
  /** Countdown state after this bar (-1 inactive), kept for incremental updates. */
  buyState: Int8Array;
  sellState: Int8Array;
}

export function tdBuffers(capacity: number, prev?: TdResult): TdResult {
  if (prev && prev.buySetup.length >= capacity) return prev;
  const f = () => new Int8Array(capacity);
  return { buySetup: f(), sellSetup: f(), buyCountdown: f(), sellCountdown: f(), buyState: f(), sellState: f() };
}

function step(high: Float64Array, low: Float64Array, close: Float64Array, i: number, out: TdResult) {
  const prevBuy = i > 0 ? out.buySetup[i - 1] : 0;
  const prevSell = i > 0 ? out.sellSetup[i - 1] : 0;
  const buy = i >= 4 && close[i] < close[i - 4] ? (prevBuy === SETUP ? 1 : prevBuy + 1) : 0;
  const sell = i >= 4 && close[i] > close[i - 4] ? (prevSell === SETUP ? 1 : prevSell + 1) : 0;
  out.buySetup[i] = buy;
  out.sellSetup[i] = sell;

  let bs = i > 0 ? out.buyState[i - 1] : -1;
  let ss = i > 0 ? out.sellState[i - 1] : -1;
  if (buy === SETUP) {
    if (bs < 0) bs = 0;
    ss = -1;
  }
  if (sell === SETUP) {
    if (ss < 0) ss = 0;
    bs = -1;
  }
  out.buyCountdown[i] = 0;
  out.sellCountdown[i] = 0;
  if (bs >= 0 && i >= 2 && close[i] <= low[i - 2]) {
    bs++;
    out.buyCountdown[i] = bs;
    if (bs === COUNTDOWN) bs = -1;
  }
  if (ss >= 0 && i >= 2 && close[i] >= high[i - 2]) {
    ss++;
    out.sellCountdown[i] = ss;
    if (ss === COUNTDOWN) ss = -1;
  }
  out.buyState[i] = bs;
  out.sellState[i] = ss;
}

/**
 * Full TD Sequential over the first `length` bars in O(n). From bar 4 on, the state lives in locals and the
 * coin-toss comparisons (close vs 4 bars back, vs the low/high 2 bars back) become 0/1 integers applied as bit
 * masks (`x & -bit`), never branches the CPU would mispredict: a product (`bit * x`) would bring one back, V8's
 * check for a -0 result. Completed 9s and 13s are rare, so their `if`s are predicted. The result is the same as
 * `step` bar by bar.
 */
export function computeTd(high: Float64Array, low: Float64Array, close: Float64Array, length: number, out = tdBuffers(length)): TdResult {
  const warmUp = Math.min(4, length);
  for (let i = 0; i < warmUp; i++) step(high, low, close, i, out);
  if (length <= warmUp) return out;
  const { buySetup, sellSetup, buyCountdown, sellCountdown, buyState, sellState } = out;
  let buy = buySetup[warmUp - 1];
  let sell = sellSetup[warmUp - 1];
  let bs = buyState[warmUp - 1];
  let ss = sellState[warmUp - 1];
  for (let i = warmUp; i < length; i++) {
    const c = close[i];
    const back4 = close[i - 4];
    buy = (buy === SETUP ? 1 : buy + 1) & -(+(c < back4) | 0);
    sell = (sell === SETUP ? 1 : sell + 1) & -(+(c > back4) | 0);
    if (buy === SETUP) {
      if (bs < 0) bs = 0;
      ss = -1;
    }
    if (sell === SETUP) {
      if (ss < 0) ss = 0;
      bs = -1;
    }
    const buyHit = (+(bs >= 0) | 0) & (+(c <= low[i - 2]) | 0);
    const sellHit = (+(ss >= 0) | 0) & (+(c >= high[i - 2]) | 0);
    bs += buyHit;
    ss += sellHit;
    buySetup[i] = buy;
    sellSetup[i] = sell;
    buyCountdown[i] = bs & -buyHit;
    sellCountdown[i] = ss & -sellHit;
    if (bs === COUNTDOWN) bs = -1;
    if (ss === COUNTDOWN) ss = -1;
    buyState[i] = bs;
    sellState[i] = ss;
  }
  return out;
}

/** Recomputes only bar `i` from bar i-1's state: O(1). */
export function updateTdAt(high: Float64Array, low: Float64Array, close: Float64Array, i: number, out: TdResult): void {
  step(high, low, close, i, out);
}
