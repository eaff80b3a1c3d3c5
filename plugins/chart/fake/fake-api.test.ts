import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../../core/plugin-api/fake-api';
import { RESOLUTIONS } from '../constants';
import { parseBars } from '../feed/datafeed';
import { nextBarStart, parseResolution } from '../feed/resolution';
import { bucketize } from '../primitives/liquidation/buckets';
import api from '../fake-api';
import { barsHandler, searchHandler, symbolHandler } from './market';
import { chartStream, openStreams } from './stream';
import { BUSY_PACE, liquidationHandler, marksHandler, moveOrderHandler, ordersHandler } from './trading';

const NOW = Date.UTC(2025, 5, 18, 10, 30, 15) / 1000;
const req = (query: Record<string, string | number>, body: Record<string, string> = {}): FakeRequest => ({
  method: 'GET',
  path: '/',
  query: new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])),
  cookies: {},
  body,
  headers: {},
  scenario: 'default',
});
const bars = (q: Record<string, string | number>, now = NOW) => parseBars((barsHandler(req(q), now).body as { data: unknown }).data).bars;
const close1D = (symbol: string) => bars({ symbol, resolution: '1D', to: NOW, countback: 1 })[0].close;

describe('fake chart API: bars', () => {
  it('registers its endpoints and stream', () => {
    expect(Object.keys(api.routes ?? {})).toContain('GET /api/web/v1/chart/bars');
    expect(Object.keys(api.streams ?? {})).toEqual(['/api/web/v1/chart/stream']);
  });

  it('is deterministic for the same request', () => {
    const a = bars({ symbol: 'BTC_USDT', resolution: '60', to: NOW, countback: 300 });
    const b = bars({ symbol: 'BTC_USDT', resolution: '60', to: NOW, countback: 300 });
    expect(a).toHaveLength(300);
    expect(a).toEqual(b);
  });

  it('gives plausible prices per symbol', () => {
    const last = (symbol: string) => bars({ symbol, resolution: '1D', to: NOW, countback: 1 })[0].close;
    expect(last('BTC_USDT')).toBeGreaterThan(45000);
    expect(last('BTC_USDT')).toBeLessThan(90000);
    expect(last('ETH_USDT')).toBeGreaterThan(2000);
    expect(last('ETH_USDT')).toBeLessThan(4500);
    expect(last('DOGE_USDT')).toBeLessThan(1);
  });

  it('quotes lira markets at about 34 lira a dollar: each the product of its USDT market and USDT_TRY, at a precision for its price', () => {
    const close = (symbol: string, t = NOW) => bars({ symbol, resolution: '1D', to: t, countback: 1 })[0].close;
    expect(close('USDT_TRY')).toBeGreaterThan(30);
    expect(close('USDT_TRY')).toBeLessThan(38);
    for (const t of [NOW, NOW - 90 * 86400, NOW - 400 * 86400]) {
      for (const base of ['BTC', 'ETH', 'SOL', 'DOGE', 'XRP']) {
        const cross = close(`${base}_USDT`, t) * close('USDT_TRY', t);
        expect(Math.abs(close(`${base}_TRY`, t) / cross - 1), `${base} ${t}`).toBeLessThan(0.002);
      }
    }
    const info = (symbol: string) => (symbolHandler(req({ symbol })).body as { data: { quote: string; pricePrecision: number } }).data;
    expect(info('BTC_TRY')).toMatchObject({ quote: 'TRY', pricePrecision: 0 });
    expect(info('ETH_TRY').pricePrecision).toBe(1);
    expect(info('USDT_TRY').pricePrecision).toBe(3);
    expect(info('BTC_TRY')).not.toHaveProperty('legs');
  });

  it('sizes the demo orders of a lira market in dollars, as on USDT markets', () => {
    const orders = (symbol: string) => (ordersHandler(req({ symbol }), NOW).body as { data: { list: Array<{ price: number; qty: number }> } }).data.list;
    const usd = orders('BTC_USDT').map((o) => o.price * o.qty);
    const lira = orders('BTC_TRY').map((o) => (o.price * o.qty) / close1D('USDT_TRY'));
    lira.forEach((v, i) => expect(Math.abs(v / usd[i] - 1)).toBeLessThan(0.2));
  });

  it('is continuous at every resolution: aligned times, open = previous close, high/low around the body', () => {
    for (const r of RESOLUTIONS) {
      const res = parseResolution(r)!;
      const list = bars({ symbol: 'ETH_USDT', resolution: r, to: NOW, countback: 120 });
      expect(list.length, r).toBeGreaterThan(10);
      for (let i = 1; i < list.length; i++) {
        expect(list[i].time, r).toBe(nextBarStart(list[i - 1].time, res));
        expect(list[i].open, r).toBeCloseTo(list[i - 1].close, 6);
      }
      for (const b of list) {
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
        expect(b.volume).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('pages back without gaps or overlap when scrolling left', () => {
    const page1 = bars({ symbol: 'SOL_USDT', resolution: '15', to: NOW, countback: 200 });
    const page2 = bars({ symbol: 'SOL_USDT', resolution: '15', to: page1[0].time, countback: 200 });
    expect(page2.at(-1)!.time + 900).toBe(page1[0].time);
    expect(page2.at(-1)!.close).toBeCloseTo(page1[0].open, 6);
  });

  it('grows the live bar as time passes without changing closed bars', () => {
    const a = bars({ symbol: 'BTC_USDT', resolution: '60', countback: 3 }, NOW);
    const b = bars({ symbol: 'BTC_USDT', resolution: '60', countback: 3 }, NOW + 20);
    expect(a.slice(0, 2)).toEqual(b.slice(0, 2));
    expect(a[2].time).toBe(b[2].time);
  });

  it('answers no_data before the listing and errors for bad input', () => {
    const body = (q: Record<string, string | number>) => barsHandler(req(q), NOW).body as { code: number; data: { s?: string } };
    expect(body({ symbol: 'MOODENG_USDT', resolution: '1D', to: Date.UTC(2020, 0, 1) / 1000 }).data.s).toBe('no_data');
    expect(body({ symbol: 'NOPE_USDT', resolution: '60' }).code).not.toBe(0);
    expect(body({ symbol: 'BTC_USDT', resolution: '7' }).code).not.toBe(0);
  });
});

describe('fake chart API: trading data', () => {
  it('searches by name, base or description', () => {
    const list = (q: string) => (searchHandler(req({ query: q })).body as { data: { list: Array<{ symbol: string }> } }).data.list.map((s) => s.symbol);
    expect(list('bt')).toEqual(['BTC_USDT', 'BTC_TRY']);
    expect(list('doge')).toContain('DOGE_USDT');
    // Prefix matches first: Ethereum's markets, then Tether's (USDT_TRY).
    expect(list('ether')).toEqual(['ETH_USDT', 'ETH_TRY', 'USDT_TRY']);
    expect(list('try')).toEqual(['USDT_TRY', 'BTC_TRY', 'ETH_TRY', 'SOL_TRY', 'DOGE_TRY', 'XRP_TRY']);
  });

  it('gives deterministic, sorted buy/sell fills', () => {
    const q = { symbol: 'BTC_USDT', from: NOW - 7 * 86400, to: NOW };
    const a = (marksHandler(req(q), NOW).body as { data: { list: Array<{ time: number; type: string }> } }).data.list;
    expect(a.length).toBeGreaterThan(5);
    expect(a).toEqual((marksHandler(req(q), NOW).body as { data: { list: unknown[] } }).data.list);
    expect(a.every((m, i) => i === 0 || m.time >= a[i - 1].time)).toBe(true);
    expect(new Set(a.map((m) => m.type))).toEqual(new Set(['buy', 'sell']));
  });

  it('gives a busy trader the newest 10,000 fills of the last year', () => {
    const list = (
      marksHandler(req({ symbol: 'BTC_USDT', from: NOW - 500 * 86400, to: NOW }), NOW, BUSY_PACE).body as { data: { list: Array<{ time: number }> } }
    ).data.list;
    expect(list).toHaveLength(10_000);
    expect(list[0].time).toBeGreaterThan(NOW - 365 * 86400);
    expect(list[list.length - 1].time).toBeLessThanOrEqual(NOW);
  });

  it('gives liquidation levels that fill 24 buckets, shorts above the mark and longs below', () => {
    const data = (
      liquidationHandler(req({ symbol: 'BTC_USDT' }), NOW).body as {
        data: { mark_price: number; levels: Array<{ price: number; short_liq_usd_new: number; long_liq_usd_new: number }> };
      }
    ).data;
    const b = bucketize(data.levels, data.mark_price, 24);
    expect(b).toHaveLength(24);
    expect(b[0].long).toBeGreaterThan(0);
    expect(b[23].short).toBeGreaterThan(0);
    expect(data.levels.filter((l) => l.price > data.mark_price).every((l) => l.long_liq_usd_new === 0)).toBe(true);
  });

  it('validates order moves', () => {
    expect((moveOrderHandler(req({}, { id: 'ord-BTC_USDT-lb', price: '61000' })).body as { code: number }).code).toBe(0);
    expect((moveOrderHandler(req({}, { id: 'ord-BTC_USDT-lb', price: '-1' })).body as { code: number }).code).not.toBe(0);
  });
});

describe('fake chart API: live stream', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((rq, rs) => chartStream(rq, rs, 50));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends bar events and frees the slot when the client disconnects', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const r = get({ host: '127.0.0.1', port, path: '/api/web/v1/chart/stream?symbol=BTC_USDT&resolution=1S' }, (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        let buf = '';
        res.on('data', (c) => {
          buf += c;
          if ((buf.match(/event: bar/g) ?? []).length >= 2) {
            r.destroy();
            resolve(buf);
          }
        });
      });
      r.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
    });
    const data = JSON.parse(/data: (.*)\n/.exec(text)![1]);
    expect(data).toMatchObject({ time: expect.any(Number), open: expect.any(Number), close: expect.any(Number) });
    await new Promise((r) => setTimeout(r, 100));
    expect(openStreams()).toBe(0);
  });

  it('refuses unknown symbols', async () => {
    const status = await new Promise<number>((resolve) =>
      get({ host: '127.0.0.1', port, path: '/x?symbol=NOPE&resolution=60' }, (res) => (res.resume(), resolve(res.statusCode ?? 0))),
    );
    expect(status).toBe(400);
  });
});
