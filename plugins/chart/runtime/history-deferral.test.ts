import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHistoryDeferral, FIRST_FRAME_BARS, IDLE_TIMEOUT_MS } from './history-deferral';

describe('history deferral', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds back all but the latest FIRST_FRAME_BARS bars, whatever the length', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 * FIRST_FRAME_BARS }), (length) => {
        const showAll = vi.fn();
        const h = createHistoryDeferral(showAll);
        const from = h.begin(length);
        expect(from).toBe(Math.max(0, length - FIRST_FRAME_BARS));
        expect(h.from).toBe(from);
        vi.runAllTimers();
        expect(showAll).toHaveBeenCalledTimes(from ? 1 : 0);
        expect(h.from).toBe(0);
      }),
    );
  });

  it('hands the rest over once, when idle or when flushed first', () => {
    const showAll = vi.fn();
    const h = createHistoryDeferral(showAll);
    h.begin(FIRST_FRAME_BARS + 1);
    expect(showAll).not.toHaveBeenCalled();
    h.flush();
    expect(showAll).toHaveBeenCalledTimes(1);
    expect(h.from).toBe(0);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    h.flush();
    expect(showAll).toHaveBeenCalledTimes(1);
  });

  it('drops what was scheduled on reset and on a newer series', () => {
    const showAll = vi.fn();
    const h = createHistoryDeferral(showAll);
    h.begin(FIRST_FRAME_BARS * 3);
    h.reset();
    expect(h.from).toBe(0);
    h.begin(FIRST_FRAME_BARS * 2);
    h.begin(FIRST_FRAME_BARS * 4);
    expect(h.from).toBe(FIRST_FRAME_BARS * 3);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(showAll).toHaveBeenCalledTimes(1);
  });
});
