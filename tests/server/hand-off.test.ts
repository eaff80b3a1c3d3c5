import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, killWithWorkers, ROOT, startServer, type RunningServer } from './support';

/**
 * Pages other apps serve (a region's `otherApps`): the built server neither renders them nor answers 404. After the
 * locale rules and the guards, it answers 307 to `otherApps.origin` (main here), else the fake API's placeholder app
 * page (the shipped configs, the demo), else, with a real back end and no origin, a 503.
 */
const ORIGIN = 'https://apps.example.com';
let dir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shell-hand-off-'));
  cpSync(resolve(ROOT, 'region-configs'), dir, { recursive: true });
  const main = JSON.parse(readFileSync(join(dir, 'main.json'), 'utf8')) as { otherApps: { paths: string[]; origin?: string } };
  main.otherApps.origin = ORIGIN;
  writeFileSync(join(dir, 'main.json'), `${JSON.stringify(main, null, 2)}\n`);
  server = await startServer({ env: { REGION_CONFIGS_DIR: dir, WORKERS: '1', ACCESS_LOG: '0' } });
});
afterAll(async () => {
  await killWithWorkers(server);
  rmSync(dir, { recursive: true, force: true });
});

const page = (path: string, o: { host?: string; cookie?: string; method?: string } = {}) =>
  get(server.port, path, { host: o.host, method: o.method, headers: o.cookie ? { cookie: o.cookie } : {} });

describe('with otherApps.origin (main)', () => {
  it('answers 307 to the same path and query there, the locale prefix kept, never rendering a page', async () => {
    for (const [path, location] of [
      ['/myaccount/withdraw/USDT', `${ORIGIN}/myaccount/withdraw/USDT`],
      ['/zh/futures/USDT/BTC_USDT?tab=isolated&x=%2F%2Fevil.example', `${ORIGIN}/zh/futures/USDT/BTC_USDT?tab=isolated&x=%2F%2Fevil.example`],
      ['/futures/@evil.example', `${ORIGIN}/futures/@evil.example`],
    ]) {
      const r = await page(path);
      expect([r.status, r.headers.location], path).toEqual([307, location]);
      expect(r.text).toBe('');
      expect(r.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('lets the guards decide first: a menu-gated futures path goes to the tips page, the withdraw exemption holds', async () => {
    const gated = await page('/futures/USDT/BTC_USDT', { cookie: 'mock_scenario=menu-gated' });
    expect([gated.status, new URL(String(gated.headers.location), 'http://x').pathname]).toEqual([302, '/state_compliance_tips']);
    const restricted = await page('/myaccount/withdraw/USDT', { cookie: 'mock_scenario=restricted-country' });
    expect([restricted.status, restricted.headers.location]).toEqual([307, `${ORIGIN}/myaccount/withdraw/USDT`]);
  });

  it('refuses an encoded slash, and leaves neighbours of a prefix to the shell (404 page)', async () => {
    const encoded = await page('/futures/%2F%2Fevil.example');
    expect(encoded.status).toBe(400);
    expect(encoded.headers.location).toBeUndefined();
    const neighbour = await page('/futures-delivery');
    expect(neighbour.status).toBe(404);
    expect(neighbour.text).toContain('data-plugin="not-found"');
  });

  it('serves GET and HEAD only, like any page', async () => {
    expect((await page('/futures', { method: 'HEAD' })).status).toBe(307);
    expect((await page('/futures', { method: 'POST' })).status).toBe(405);
  });
});

describe('without an origin, with the fake API (the shipped UK config)', () => {
  it("relays the fake API's placeholder app page in the page language, after the locale redirect, with a policy that runs nothing", async () => {
    const bare = await page('/myaccount/withdraw/USDT', { host: 'uk.localhost' });
    expect([bare.status, new URL(String(bare.headers.location), 'http://x').pathname]).toEqual([302, '/en-uk/myaccount/withdraw/USDT']);
    const r = await page('/en-uk/myaccount/withdraw/USDT', { host: 'uk.localhost' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(r.headers['content-security-policy'])).toMatch(/^default-src 'none';/);
    expect(String(r.headers['content-security-policy'])).not.toContain('script-src');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.text).toContain('<main data-other-app="/myaccount/withdraw">');
    expect(r.text).toContain('<a href="/en-uk/" style="color:#2354e6">Back to Gate UK</a>');
    expect(r.text).not.toContain('data-plugin=');
  });
});

/** A loopback port nothing listens on. */
function deadPort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

describe('without an origin and with a real back end', () => {
  it('answers 503 with the error page and says once in the log what to set', async () => {
    const real = await startServer({ env: { FAKE_API: '0', API_ORIGIN: `http://127.0.0.1:${await deadPort()}`, WORKERS: '1', ACCESS_LOG: '0' } });
    try {
      for (let i = 0; i < 2; i++) {
        const r = await get(real.port, '/c2c/market');
        expect(r.status).toBe(503);
        expect(r.text).toContain('<h1>Something went wrong</h1>');
      }
      const lines = real
        .output()
        .split('\n')
        .filter((l) => l.includes('[hand-off]'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('/c2c (region main) is another app');
      expect(lines[0]).toContain('set otherApps.origin in region-configs/main.json');
    } finally {
      await killWithWorkers(real);
    }
  });
});
