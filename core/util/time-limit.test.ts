import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledWithin } from './time-limit';

afterEach(() => vi.useRealTimers());

describe('settledWithin', () => {
  it('is true when the promise resolves or rejects in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(settledWithin(Promise.resolve('x'), 1_000)).resolves.toBe(true);
    await expect(settledWithin(Promise.reject(new Error('no')), 1_000)).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is false once the time is up, not a moment before', async () => {
    vi.useFakeTimers();
    let outcome: boolean | undefined;
    void settledWithin(new Promise(() => {}), 2_000).then((b) => (outcome = b));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
