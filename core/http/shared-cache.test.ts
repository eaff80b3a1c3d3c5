import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { sharePolicy, type ReplyHeaders } from './cache-rules';
import { SHARED_REPLY_MAX_MS, SharedReplyCache, type LoadedReply } from './shared-cache';

/** A load whose promise the test settles. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const PUBLIC: ReplyHeaders = { 'cache-control': 'public, max-age=30' };
const reply = <T>(value: T, headers: ReplyHeaders = PUBLIC, status = 200): LoadedReply<T> => ({ value, status, headers });
/** A request sending these headers. */
const sending = (headers: Record<string, string> = {}) => headers;
const NONE = sending();

describe('SharedReplyCache', () => {
  it('keeps a reply at most 30 s and refuses a longer cap', () => {
    expect(SHARED_REPLY_MAX_MS).toBe(30_000);
    expect(new SharedReplyCache().ttlMs).toBe(30_000);
    expect(() => new SharedReplyCache(30_001)).toThrow(/30000 ms/);
    expect(new SharedReplyCache(5_000).ttlMs).toBe(5_000);
  });

  it("answers from the cache for the reply's lifetime (at most 30 s), and loads again after", async () => {
    let now = 1_000;
    const cache = new SharedReplyCache(30_000, 100, () => now);
    const load = vi.fn(async () => reply({ n: load.mock.calls.length }, { 'cache-control': 'max-age=10' }));
    expect(await cache.get('k', NONE, load)).toEqual({ hit: false, value: { n: 1 } });
    now += 9_999;
    expect(await cache.get('k', NONE, load)).toEqual({ hit: true, value: { n: 1 } });
    now += 1;
    expect(await cache.get('k', NONE, load)).toEqual({ hit: false, value: { n: 2 } });
    const long = vi.fn(async () => reply('long', { 'cache-control': 's-maxage=3600' }));
    await cache.get('long', NONE, long);
    now += 29_999;
    expect((await cache.get('long', NONE, long)).hit).toBe(true);
    now += 1;
    expect((await cache.get('long', NONE, long)).hit).toBe(false);
    // Keys are separate.
    expect((await cache.get('other', NONE, load)).hit).toBe(false);
  });

  it('never gives a private, no-store, no-cache or cookie-setting reply to another request', async () => {
    for (const headers of [
      { 'cache-control': 'private, max-age=30' },
      { 'cache-control': 'no-store' },
      { 'cache-control': 'no-cache, max-age=30' },
      {},
      { ...PUBLIC, 'set-cookie': 'a=1' },
    ]) {
      const cache = new SharedReplyCache();
      let n = 0;
      const load = async () => reply(`visitor ${++n}`, headers);
      expect(await cache.get('k', NONE, load)).toEqual({ hit: false, value: 'visitor 1' });
      expect(await cache.get('k', NONE, load)).toEqual({ hit: false, value: 'visitor 2' });
      expect(cache.size).toBe(0);
    }
  });

  it('keeps one reply per value of each request header its Vary names', async () => {
    const cache = new SharedReplyCache();
    const load = (ip: string) => async () => reply(`for ${ip}`, { ...PUBLIC, vary: 'X-Forwarded-For' });
    const from = (ip: string, lang = 'en') => sending({ 'X-Forwarded-For': ip, 'accept-language': lang });
    expect(await cache.get('k', from('1.1.1.1'), load('1.1.1.1'))).toEqual({ hit: false, value: 'for 1.1.1.1' });
    expect(await cache.get('k', from('2.2.2.2'), load('2.2.2.2'))).toEqual({ hit: false, value: 'for 2.2.2.2' });
    // Another language, same address: Accept-Language is not in Vary.
    expect(await cache.get('k', from('1.1.1.1', 'tr'), load('nobody'))).toEqual({ hit: true, value: 'for 1.1.1.1' });
    expect(await cache.get('k', from('2.2.2.2'), load('nobody'))).toEqual({ hit: true, value: 'for 2.2.2.2' });
    // A header not sent is a value of its own.
    expect(await cache.get('k', NONE, load('none'))).toEqual({ hit: false, value: 'for none' });
    expect(cache.size).toBe(3);
  });

  it('lets concurrent misses with the same key share one call', async () => {
    const cache = new SharedReplyCache();
    const pending = deferred<LoadedReply<{ site: string }>>();
    const load = vi.fn(() => pending.promise);
    const calls = [cache.get('k', NONE, load), cache.get('k', NONE, load), cache.get('k', NONE, load)];
    expect(load).toHaveBeenCalledTimes(1);
    pending.resolve(reply({ site: 'main' }));
    const [a, b, c] = await Promise.all(calls);
    expect([a.hit, b.hit, c.hit]).toEqual([false, true, true]);
    expect(a.value).toEqual({ site: 'main' });
    expect(b.value).toBe(a.value);
    expect(c.value).toBe(a.value);
  });

  it("makes its own call when the shared call's reply turns out not to be for it (private, or varying by a header it sends differently)", async () => {
    for (const headers of [{ 'cache-control': 'private' }, { ...PUBLIC, vary: 'x-forwarded-for' }]) {
      const cache = new SharedReplyCache();
      const first = deferred<LoadedReply<string>>();
      const a = cache.get('k', sending({ 'x-forwarded-for': '1.1.1.1' }), () => first.promise);
      const own = vi.fn(async () => reply('for 2.2.2.2', headers));
      const b = cache.get('k', sending({ 'x-forwarded-for': '2.2.2.2' }), own);
      expect(own).not.toHaveBeenCalled();
      first.resolve(reply('for 1.1.1.1', headers));
      expect(await a).toEqual({ hit: false, value: 'for 1.1.1.1' });
      expect(await b).toEqual({ hit: false, value: 'for 2.2.2.2' });
      expect(own).toHaveBeenCalledOnce();
    }
  });

  it('after a reply that could not be shared, requests make their calls at once; once the back end allows it, they share again', async () => {
    const cache = new SharedReplyCache();
    await cache.get('k', NONE, async () => reply('private', { 'cache-control': 'private' }));
    const slow = deferred<LoadedReply<string>>();
    void cache.get('k', NONE, () => slow.promise);
    const second = vi.fn(async () => reply('public now'));
    expect(await cache.get('k', NONE, second)).toEqual({ hit: false, value: 'public now' });
    expect(second).toHaveBeenCalledOnce();
    expect(await cache.get('k', NONE, second)).toEqual({ hit: true, value: 'public now' });
    slow.resolve(reply('late', { 'cache-control': 'no-store' }));
  });

  it('never keeps a failure: waiting callers see it, the next caller loads again', async () => {
    const cache = new SharedReplyCache();
    const failing = deferred<LoadedReply<unknown>>();
    const a = cache.get('k', NONE, () => failing.promise);
    const b = cache.get('k', NONE, () => Promise.resolve(reply('not called')));
    failing.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    const load = vi.fn(async () => reply('up'));
    expect(await cache.get('k', NONE, load)).toEqual({ hit: false, value: 'up' });
    expect(load).toHaveBeenCalledOnce();
    expect((await cache.get('k', NONE, load)).hit).toBe(true);
  });

  it('does not keep an empty (undefined) reply', async () => {
    const cache = new SharedReplyCache();
    expect((await cache.get('k', NONE, async () => reply(undefined))).value).toBeUndefined();
    expect(cache.size).toBe(0);
    expect((await cache.get('k', NONE, async () => reply(1))).hit).toBe(false);
  });

  it('freezes shared values deeply: every request reads the same object', async () => {
    const cache = new SharedReplyCache();
    const { value } = await cache.get('k', NONE, async () => reply({ code: 0, data: { list: [{ lang: 'en' }] } }));
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.data.list[0])).toBe(true);
    expect(() => {
      value.data.list[0].lang = 'tr';
    }).toThrow(TypeError);
    const own = await cache.get('p', NONE, async () => reply({ mine: true }, { 'cache-control': 'private' }));
    expect(Object.isFrozen(own.value)).toBe(false);
  });

  it('is bounded: beyond maxEntries the oldest entry goes first', async () => {
    const cache = new SharedReplyCache(30_000, 3);
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, NONE, async () => reply(k));
    expect(cache.size).toBe(3);
    const load = vi.fn(async () => reply('again'));
    expect((await cache.get('d', NONE, load)).hit).toBe(true);
    expect((await cache.get('b', NONE, load)).hit).toBe(true);
    expect((await cache.get('a', NONE, load)).hit).toBe(false);
    expect(load).toHaveBeenCalledOnce();
    expect(cache.size).toBe(3);
  });

  it('clear() forgets everything, and a call in flight then keeps nothing', async () => {
    const cache = new SharedReplyCache();
    await cache.get('k', NONE, async () => reply(1));
    const inFlight = deferred<LoadedReply<number>>();
    const pending = cache.get('late', NONE, () => inFlight.promise);
    cache.clear();
    expect(cache.size).toBe(0);
    inFlight.resolve(reply(2));
    expect(await pending).toEqual({ hit: false, value: 2 });
    expect(cache.size).toBe(0);
    expect((await cache.get('k', NONE, async () => reply(3))).hit).toBe(false);
  });

  it('never gives a request a reply it may not have, whatever the back end says and in whatever order calls end', async () => {
    const HEADER_SETS: ReplyHeaders[] = [
      PUBLIC,
      { 'cache-control': 'max-age=5', vary: 'X-Forwarded-For' },
      { 'cache-control': 's-maxage=20', vary: 'accept-language, Cookie' },
      { 'cache-control': 'public, max-age=30', age: '25' },
      { 'cache-control': 'private, max-age=30' },
      { 'cache-control': 'no-store' },
      { 'cache-control': 'public', vary: '*' },
      { ...PUBLIC, 'set-cookie': 'a=1' },
    ];
    const visitor = fc.record({
      'x-forwarded-for': fc.constantFrom('1.1.1.1', '2.2.2.2'),
      'accept-language': fc.constantFrom('en', 'tr'),
      cookie: fc.constantFrom('lang=en', 'lang=tr'),
    });
    const step = fc.record({
      visitors: fc.array(visitor, { minLength: 1, maxLength: 3 }),
      headers: fc.array(fc.nat(HEADER_SETS.length - 1), { minLength: 3, maxLength: 3 }),
      advanceMs: fc.nat(12_000),
      order: fc.nat(5),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        let now = 0;
        const cache = new SharedReplyCache(30_000, 100, () => now);
        for (const s of steps) {
          now += s.advanceMs;
          const results = s.visitors.map((v, i) =>
            cache.get('k', sending(v), async () => {
              const headers = HEADER_SETS[s.headers[i]];
              // Calls end in an order of their own: a few more turns of the microtask queue for some.
              for (let t = (i + s.order) % 3; t > 0; t--) await Promise.resolve();
              return reply({ visitor: v, headers, at: now }, headers);
            }),
          );
          for (const [i, r] of (await Promise.all(results)).entries()) {
            const origin = r.value;
            if (origin.visitor === s.visitors[i]) continue;
            // Another request's reply: its headers allowed sharing, it was fresh, and it varied by nothing this one sends differently.
            expect(r.hit).toBe(true);
            const policy = sharePolicy(200, origin.headers, 30_000, origin.at);
            expect(policy).not.toBeNull();
            expect(now - origin.at).toBeLessThan(policy!.ttlMs);
            for (const name of policy!.vary) expect((s.visitors[i] as Record<string, string>)[name]).toBe((origin.visitor as Record<string, string>)[name]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
