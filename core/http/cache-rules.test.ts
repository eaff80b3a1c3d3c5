import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharePolicy, varyNames, type ReplyHeaders } from './cache-rules';

const CAP = 30_000;
const NOW = Date.parse('2026-11-26T12:00:00Z');
const policy = (headers: ReplyHeaders, status = 200) => sharePolicy(status, headers, CAP, NOW);

describe('sharePolicy (RFC 9111, shared cache)', () => {
  it('shares public, s-maxage and max-age replies, for what they allow and at most 30 s', () => {
    expect(policy({ 'cache-control': 'public, max-age=10' })).toEqual({ ttlMs: 10_000, vary: [] });
    expect(policy({ 'cache-control': 'max-age=300' })).toEqual({ ttlMs: CAP, vary: [] });
    expect(policy({ 'cache-control': 's-maxage=5, max-age=600' })).toEqual({ ttlMs: 5000, vary: [] });
    expect(policy({ 'cache-control': 'max-age=600, s-maxage=5' })?.ttlMs).toBe(5000);
    expect(policy({ 'cache-control': 'public' })?.ttlMs).toBe(CAP);
    expect(policy({ 'cache-control': 'PUBLIC, Max-Age="20"' })?.ttlMs).toBe(20_000);
  });

  it('never shares private, no-store, no-cache (with or without field names), nor without a directive that allows it', () => {
    for (const cc of [
      'private',
      'public, private',
      'private="set-cookie", max-age=60',
      'no-store, max-age=60',
      'no-cache',
      'no-cache="x", public',
      'must-revalidate',
      'immutable',
      '',
    ])
      expect(policy({ 'cache-control': cc }), cc).toBeNull();
    expect(policy({})).toBeNull();
  });

  it('subtracts Age; a reply as old as its lifetime is not shared', () => {
    expect(policy({ 'cache-control': 'max-age=30', age: '12' })?.ttlMs).toBe(18_000);
    expect(policy({ 'cache-control': 'max-age=30', age: '30' })).toBeNull();
    expect(policy({ 'cache-control': 'max-age=100', age: '60' })?.ttlMs).toBe(CAP);
    expect(policy({ 'cache-control': 'max-age=30', age: 'soon' })?.ttlMs).toBe(CAP);
  });

  it('reads Expires only for public replies without max-age; an invalid or past one is stale', () => {
    const date = new Date(NOW).toUTCString();
    expect(policy({ 'cache-control': 'public', date, expires: new Date(NOW + 7000).toUTCString() })?.ttlMs).toBe(7000);
    expect(policy({ 'cache-control': 'public', expires: '0' })).toBeNull();
    expect(policy({ 'cache-control': 'public', date, expires: new Date(NOW - 1000).toUTCString() })).toBeNull();
    expect(policy({ 'cache-control': 'max-age=9', expires: '0' })?.ttlMs).toBe(9000);
  });

  it('counts an invalid or repeated max-age as stale', () => {
    for (const cc of ['max-age=abc', 'max-age=-1', 'max-age=1.5', 'max-age', 'max-age=10, max-age=10', 's-maxage=x, max-age=10'])
      expect(policy({ 'cache-control': cc }), cc).toBeNull();
  });

  it('never shares a reply that sets a cookie, varies by *, or is not a 200', () => {
    expect(policy({ 'cache-control': 'public, max-age=30', 'set-cookie': ['a=1'] })).toBeNull();
    expect(policy({ 'cache-control': 'public, max-age=30', vary: 'Accept-Language, *' })).toBeNull();
    for (const status of [201, 203, 204, 206]) expect(policy({ 'cache-control': 'public, max-age=30' }, status)).toBeNull();
  });

  it('names the varied request headers in lower case, sorted, once', () => {
    expect(varyNames({ vary: 'X-Forwarded-For, accept-language,Cookie, x-forwarded-for' })).toEqual(['accept-language', 'cookie', 'x-forwarded-for']);
    expect(varyNames({ vary: ['Cookie', 'X-Forwarded-Host'] })).toEqual(['cookie', 'x-forwarded-host']);
    expect(varyNames({})).toEqual([]);
    expect(varyNames({ vary: '*' })).toBeNull();
  });

  /** A reply's caching headers as data, and the decision a shared cache must make from them (the reference). */
  const FORBIDDING = ['private', 'private="set-cookie"', 'no-store', 'no-cache', 'no-cache="x-a"'];
  const NEUTRAL = ['must-revalidate', 'proxy-revalidate', 'immutable', 'no-transform', 'stale-while-revalidate=5', 'community="UCI"'];
  const VARY_NAMES = ['Accept-Language', 'X-Forwarded-For', 'cookie', 'x-forwarded-host'];
  const seconds = fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 120 }) }, { weight: 1, arbitrary: fc.constantFrom('abc', '-1', '2.5', '') });
  /** Mostly one value; sometimes the directive twice. */
  const values = fc.oneof({ weight: 4, arbitrary: seconds.map((v) => [v]) }, { weight: 1, arbitrary: fc.tuple(seconds, seconds) });
  const model = fc.record({
    status: fc.constantFrom(200, 200, 200, 200, 200, 203, 204, 206),
    isPublic: fc.boolean(),
    forbidding: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.subarray(FORBIDDING, { minLength: 1, maxLength: 2 }) }),
    neutral: fc.subarray(NEUTRAL),
    maxAge: fc.option(values, { nil: undefined }),
    sMaxAge: fc.option(values, { nil: undefined }),
    age: fc.option(fc.oneof(fc.nat({ max: 60 }), fc.constant('later')), { nil: undefined }),
    vary: fc.option(fc.oneof({ weight: 5, arbitrary: fc.subarray(VARY_NAMES, { minLength: 1 }) }, { weight: 1, arbitrary: fc.constant(['*']) }), {
      nil: undefined,
    }),
    setCookie: fc.constantFrom(false, false, false, true),
  });
  type Model = typeof model extends fc.Arbitrary<infer M> ? M : never;

  const valid = (v: Array<number | string> | undefined) => (v === undefined ? undefined : v.length === 1 && typeof v[0] === 'number' ? v[0] : NaN);
  function reference(m: Model): { ttlMs: number; vary: string[] } | null {
    if (m.status !== 200 || m.setCookie || m.forbidding.length) return null;
    if (m.vary?.includes('*')) return null;
    const s = valid(m.sMaxAge);
    const max = valid(m.maxAge);
    if (s === undefined && max === undefined && !m.isPublic) return null;
    const lifetime = s ?? max ?? Infinity;
    const ttlMs = Math.min(CAP, (lifetime - (typeof m.age === 'number' ? m.age : 0)) * 1000);
    return ttlMs > 0 ? { ttlMs, vary: [...new Set((m.vary ?? []).map((n) => n.toLowerCase()))].sort() } : null;
  }

  /** The model as a back end might write it: any case, order, spacing, quoting, and split over field lines. */
  const written = (m: Model) =>
    fc
      .record({
        order: fc.func(fc.integer()),
        upper: fc.func(fc.boolean()),
        quote: fc.func(fc.boolean()),
        space: fc.constantFrom('', ' ', '  '),
        split: fc.boolean(),
      })
      .map(({ order, upper, quote, space, split }): ReplyHeaders => {
        const arg = (name: string, v: number | string) => `${name}=${quote(name + v) ? `"${v}"` : v}`;
        const items = [
          ...(m.isPublic ? ['public'] : []),
          ...m.forbidding,
          ...m.neutral,
          ...(m.maxAge ?? []).map((v) => arg('max-age', v)),
          ...(m.sMaxAge ?? []).map((v) => arg('s-maxage', v)),
        ]
          .map((d) => (upper(d) ? d.replace(/^[a-z-]+/, (n) => n.toUpperCase()) : d))
          .sort((a, b) => order(a) - order(b));
        const half = Math.ceil(items.length / 2);
        const cc = split && items.length > 1 ? [items.slice(0, half).join(`,${space}`), items.slice(half).join(`,${space}`)] : items.join(`${space},${space}`);
        return {
          ...(items.length ? { 'cache-control': cc } : {}),
          ...(m.age !== undefined ? { age: String(m.age) } : {}),
          ...(m.vary ? { vary: m.vary.join(`${space},`) } : {}),
          ...(m.setCookie ? { 'set-cookie': ['session=1; Path=/'] } : {}),
        };
      });

  it('decides like the reference for any combination of directives, Age, Vary and Set-Cookie, however written', () => {
    let sharedCases = 0;
    fc.assert(
      fc.property(
        model.chain((m) => written(m).map((headers) => ({ m, headers }))),
        ({ m, headers }) => {
          const expected = reference(m);
          if (expected) sharedCases++;
          expect(sharePolicy(m.status, headers, CAP, NOW)).toEqual(expected);
        },
      ),
      { numRuns: 1500 },
    );
    // Both decisions are well represented among the generated replies.
    expect(sharedCases).toBeGreaterThan(200);
    expect(sharedCases).toBeLessThan(1300);
  });
});
