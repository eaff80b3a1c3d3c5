import { describe, expect, it, vi } from 'vitest';
import { SHARED_REPLY_MAX_MS, SharedReplyCache } from './shared-cache';

/** A load whose promise the test settles. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SharedReplyCache', () => {
  it('keeps a reply at most 30 s and refuses a longer time to live', () => {
    expect(SHARED_REPLY_MAX_MS).toBe(30_000);
    expect(new SharedReplyCache().ttlMs).toBe(30_000);
    expect(() => new SharedReplyCache(30_001)).toThrow(/30000 ms/);
    expect(new SharedReplyCache(5_000).ttlMs).toBe(5_000);
  });

  it('answers from the cache within the time to live, and loads again after', async () => {
    let now = 1_000;
    const cache = new SharedReplyCache(30_000, 100, () => now);
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    const first = cache.get('k', load);
    expect(first.hit).toBe(false);
    expect(await first.value).toEqual({ n: 1 });
    now += 29_999;
    const second = cache.get('k', load);
    expect(second.hit).toBe(true);
    expect(await second.value).toEqual({ n: 1 });
    now += 1;
    const third = cache.get('k', load);
    expect(third.hit).toBe(false);
    expect(await third.value).toEqual({ n: 2 });
    expect(load).toHaveBeenCalledTimes(2);
    // Keys are separate.
    expect(cache.get('other', load).hit).toBe(false);
  });

  it('lets concurrent misses share one call', async () => {
    const cache = new SharedReplyCache();
    const pending = deferred<{ site: string }>();
    const load = vi.fn(() => pending.promise);
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    const c = cache.get('k', load);
    expect([a.hit, b.hit, c.hit]).toEqual([false, true, true]);
    expect(load).toHaveBeenCalledTimes(1);
    pending.resolve({ site: 'main' });
    const values = await Promise.all([a.value, b.value, c.value]);
    expect(values[0]).toEqual({ site: 'main' });
    expect(values[1]).toBe(values[0]);
    expect(values[2]).toBe(values[0]);
  });

  it('never keeps a failure: waiting callers see it, the next caller loads again', async () => {
    const cache = new SharedReplyCache();
    const failing = deferred<unknown>();
    const a = cache.get('k', () => failing.promise);
    const b = cache.get('k', () => Promise.resolve('not called'));
    failing.reject(new Error('down'));
    await expect(a.value).rejects.toThrow('down');
    await expect(b.value).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    const load = vi.fn(async () => 'up');
    const c = cache.get('k', load);
    expect(c.hit).toBe(false);
    expect(await c.value).toBe('up');
    expect(load).toHaveBeenCalledOnce();
    expect(cache.get('k', load).hit).toBe(true);
  });

  it('does not keep an empty (undefined) reply', async () => {
    const cache = new SharedReplyCache();
    expect(await cache.get('k', async () => undefined).value).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('k', async () => 1).hit).toBe(false);
  });

  it('freezes values deeply: every request reads the same object', async () => {
    const cache = new SharedReplyCache();
    const value = await cache.get('k', async () => ({ code: 0, data: { list: [{ lang: 'en' }] } })).value;
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.data)).toBe(true);
    expect(Object.isFrozen(value.data.list)).toBe(true);
    expect(Object.isFrozen(value.data.list[0])).toBe(true);
    expect(() => {
      value.data.list[0].lang = 'tr';
    }).toThrow(TypeError);
  });

  it('is bounded: beyond maxEntries the oldest entry goes first', async () => {
    const cache = new SharedReplyCache(30_000, 3);
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, async () => k).value;
    expect(cache.size).toBe(3);
    const load = vi.fn(async () => 'again');
    expect(cache.get('d', load).hit).toBe(true);
    expect(cache.get('b', load).hit).toBe(true);
    expect(cache.get('a', load).hit).toBe(false);
    expect(load).toHaveBeenCalledOnce();
    expect(cache.size).toBe(3);
  });

  it('clear() forgets everything', async () => {
    const cache = new SharedReplyCache();
    await cache.get('k', async () => 1).value;
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('k', async () => 2).hit).toBe(false);
  });
});
