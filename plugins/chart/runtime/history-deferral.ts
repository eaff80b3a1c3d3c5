/**
 * The first frame shows the latest bars only (about 170 at the default zoom), yet lightweight-charts turns every
 * bar it is given into rows, time points and map entries before drawing anything. So a fresh series of more than
 * FIRST_FRAME_BARS bars is handed over in two steps: the latest FIRST_FRAME_BARS before the first frame, all of
 * them when the browser is next idle (or at once when the view needs older bars). Indicators are computed on
 * every bar either way, so the values shown are the same.
 */

/** Bars handed to lightweight-charts before the first frame. */
export const FIRST_FRAME_BARS = 2000;
/** Longest wait for an idle moment before the rest is handed over anyway, in ms. */
export const IDLE_TIMEOUT_MS = 1000;
/** Delay standing in for an idle callback where the browser has none, in ms. */
const NO_IDLE_DELAY_MS = 50;

/** Runs `fn` when the browser is idle; returns its cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, NO_IDLE_DELAY_MS);
  return () => clearTimeout(id);
}

/** Which bars the chart has been handed: `from`..end of the store (0: all). */
export interface HistoryDeferral {
  /** Index in the store of the first bar the chart has (its logical index 0). */
  readonly from: number;
  /** A fresh series of `length` bars: the first bar to hand over now; the rest is scheduled. */
  begin(length: number): number;
  /** Hands over every bar now, if some are still held back. */
  flush(): void;
  /** Every bar has been handed over by other means: drops what was scheduled. */
  reset(): void;
}

/** `showAll` hands every bar of the store to the chart. */
export function createHistoryDeferral(showAll: () => void): HistoryDeferral {
  let from = 0;
  let cancel: (() => void) | null = null;
  const reset = () => {
    cancel?.();
    cancel = null;
    from = 0;
  };
  const flush = () => {
    if (!from) return;
    reset();
    showAll();
  };
  return {
    get from() {
      return from;
    },
    begin(length) {
      reset();
      from = Math.max(0, length - FIRST_FRAME_BARS);
      if (from) cancel = whenIdle(flush);
      return from;
    },
    flush,
    reset,
  };
}
