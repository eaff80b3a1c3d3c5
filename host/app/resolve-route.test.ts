import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlannedRoute } from '../../core/registry/plan-declarations';
import { boundedPageRequest, MAX_PAGE_PATH_CHARS, MAX_QUERY_PARAMS, NOT_FOUND_PATH, resolveRoute } from './resolve-route';

const Page = () => null;
/** The plugin routes the shell has with parameters, and the not-found plugin's catch-all. */
const routes: PlannedRoute[] = [
  { pluginId: 'chart', def: { path: '/trade/:symbol', component: Page } },
  { pluginId: 'auth', def: { path: '/login/oauth/:provider', component: Page } },
  { pluginId: 'deep-links', def: { path: '/alpha/:token', component: Page } },
  { pluginId: 'not-found', def: { path: '*', component: Page, status: 404 } },
];

const routeOf = (path: string) => resolveRoute(routes, path);

describe('resolveRoute', () => {
  it('resolves the real symbols and sane parameters', () => {
    for (const symbol of ['BTC_USDT', 'MOODENG_USDT', 'btc_usdt', 'GT', 'ETH_BTC']) {
      expect(routeOf(`/trade/${symbol}`), symbol).toMatchObject({ route: { pluginId: 'chart' }, params: { symbol } });
    }
    expect(routeOf('/login/oauth/google').params).toEqual({ provider: 'google' });
    expect(routeOf('/alpha/0x6982508145454ce325ddbe47a25d4ec3d2311933').route.pluginId).toBe('deep-links');
  });

  it('answers the 404 page for an absurd symbol or parameter, without parameters', () => {
    const absurd = ['A'.repeat(15_000), 'A'.repeat(21), 'BTC_USDT_X', 'BTC-USDT', '%3Cscript%3E', 'BTC%20USDT', '_USDT', 'BTC_', 'BTC__USDT'];
    for (const symbol of absurd)
      expect(routeOf(`/trade/${symbol}`), symbol).toEqual({ route: expect.objectContaining({ pluginId: 'not-found', status: 404 }), params: {} });
    expect(routeOf(`/alpha/${'a'.repeat(129)}`).route.status).toBe(404);
    expect(routeOf('/login/oauth/%22onload%3D').route.status).toBe(404);
  });

  it('gives any symbol-shaped parameter its route, and nothing else', () => {
    const sane = /^[A-Za-z0-9]{1,20}(_[A-Za-z0-9]{1,20})?$/;
    const part = (max: number) => fc.string({ unit: fc.constantFrom(...'ABCXYZabz0189'), minLength: 1, maxLength: max });
    const symbolShaped = fc.tuple(part(22), fc.option(part(22), { nil: undefined })).map(([base, quote]) => (quote ? `${base}_${quote}` : base));
    fc.assert(
      fc.property(
        fc.oneof(symbolShaped, fc.string({ unit: fc.constantFrom(...'AZaz09_-./%<>"\' é\u0000\u202e😀'), minLength: 1, maxLength: 60 })),
        (symbol) => {
          const { route, params } = routeOf(`/trade/${encodeURIComponent(symbol)}`);
          if (sane.test(symbol)) expect(params).toEqual({ symbol });
          else expect(route.status).toBe(404);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers the 404 page for a path over the length limit, whatever it would match', () => {
    expect(routeOf(`/trade/BTC_USDT${'/'.repeat(MAX_PAGE_PATH_CHARS)}`).route.status).toBe(404);
    expect(routeOf(`/${'x'.repeat(MAX_PAGE_PATH_CHARS)}`).route.status).toBe(404);
  });
});

describe('boundedPageRequest', () => {
  it('keeps a path up to the limit, and renders a longer one as the 404 path', () => {
    const limit = `/${'a'.repeat(MAX_PAGE_PATH_CHARS - 1)}`;
    expect(boundedPageRequest(limit, new URLSearchParams()).path).toBe(limit);
    expect(boundedPageRequest(`${limit}b`, new URLSearchParams()).path).toBe(NOT_FOUND_PATH);
    expect(boundedPageRequest('/trade/BTC_USDT', new URLSearchParams()).path).toBe('/trade/BTC_USDT');
  });

  it('keeps the query as Object.fromEntries does, without over-long names or values, and at most 32 names', () => {
    expect(boundedPageRequest('/', new URLSearchParams('a=1&b=2&a=3&redirect=%2Fen%2Fx')).query).toEqual({ a: '3', b: '2', redirect: '/en/x' });
    expect(boundedPageRequest('/', new URLSearchParams(`long=${'x'.repeat(1025)}&ok=${'y'.repeat(1024)}&${'n'.repeat(65)}=1`)).query).toEqual({
      ok: 'y'.repeat(1024),
    });
    const many = new URLSearchParams(Array.from({ length: 50 }, (_, i) => [`p${i}`, String(i)]));
    many.append('p0', 'again');
    const query = boundedPageRequest('/', many).query;
    expect(Object.keys(query)).toHaveLength(MAX_QUERY_PARAMS);
    expect(query.p0).toBe('again');
    expect(query.p31).toBe('31');
    expect(boundedPageRequest('/', new URLSearchParams('__proto__=x')).query).toEqual(Object.fromEntries([['__proto__', 'x']]));
  });

  it('keeps at most 512 characters of path and about 34 KB of query from any request', () => {
    fc.assert(
      fc.property(
        fc.nat(2000).map((n) => `/${'p'.repeat(n)}`),
        fc.array(fc.tuple(fc.nat(100), fc.nat(1500)), { maxLength: 60 }),
        (path, sizes) => {
          const pairs = sizes.map(([n, v], i) => [`${i}${'n'.repeat(n)}`, 'v'.repeat(v)]);
          const { path: kept, query } = boundedPageRequest(path, new URLSearchParams(pairs));
          expect(kept.length).toBeLessThanOrEqual(MAX_PAGE_PATH_CHARS);
          const chars = Object.entries(query).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
          expect(chars).toBeLessThanOrEqual(MAX_QUERY_PARAMS * (64 + 1024));
        },
      ),
      { numRuns: 100 },
    );
  });
});
