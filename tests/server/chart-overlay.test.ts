import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubBackend, type StubBackend } from './serving-support';
import { DIST, ROOT, get, startServer, type RunningServer } from './support';

/**
 * The chart's trading overlay with a real back end (API_ORIGIN = a recording stub): a logged-in user's trade page
 * shows the positions and orders the back end returns from the endpoint paths the region config names (read-only:
 * no demo buttons); visitors get no overlay and cause no such call.
 */
const ENTRY = resolve(DIST, 'server/entry.js');
const POSITIONS = '/api/v9/futures/my-positions';
const ORDERS = '/api/v9/spot/my-open-orders';
const LOGGED_IN = { cookie: 'uid=20002; nickname=bob' };

let backend: StubBackend;
let server: RunningServer | undefined;
let tmp: string;

/** A project root whose main config names its own overlay endpoints (the rest symlinked to the real one). */
function rootWithOverlayPaths(): string {
  const root = join(tmp, 'root');
  mkdirSync(join(root, 'region-configs'), { recursive: true });
  cpSync(join(ROOT, 'region-configs'), join(root, 'region-configs'), { recursive: true });
  for (const dir of ['locales', 'plugins', 'schemas']) symlinkSync(join(ROOT, dir), join(root, dir));
  writeFileSync(join(root, 'package.json'), '{}');
  const main = JSON.parse(readFileSync(join(root, 'region-configs/main.json'), 'utf8'));
  main.plugins.chart = { options: { overlay: { positionsPath: POSITIONS, ordersPath: ORDERS } } };
  writeFileSync(join(root, 'region-configs/main.json'), JSON.stringify(main, null, 2));
  return root;
}

const json = (body: unknown) => JSON.stringify({ code: 0, message: 'success', data: body });

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'shell-overlay-'));
  backend = await startStubBackend((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === POSITIONS) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(json({ list: [{ id: 'real-pos-1', side: -1, avgPrice: 61234.5, qty: 0.75, pnlValue: -12.34 }] }));
      return true;
    }
    if (path === ORDERS) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        json({
          list: [
            { id: 'real-ord-1', type: 0, side: 1, price: 59876.5, qty: 0.2 },
            { id: 'broken', type: 0, side: 1, price: 'x', qty: 1 },
          ],
        }),
      );
      return true;
    }
    return false;
  });
  server = await startServer({ entry: ENTRY, env: { SHELL_ROOT: rootWithOverlayPaths(), SHELL_DIST: DIST, API_ORIGIN: backend.origin } });
});
afterAll(async () => {
  await server?.stop();
  await backend?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const overlayCalls = () => backend.calls.filter((c) => /\/(my-positions|my-open-orders)|\/chart\/(positions|orders)/.test(c.url));

describe('chart trading overlay with a real back end', () => {
  it("shows the logged-in user's positions and orders from the configured endpoints, read-only", async () => {
    const r = await get(server!.port, '/trade/BTC_USDT', { headers: LOGGED_IN });
    expect(r.status).toBe(200);
    expect(r.text).toContain('data-overlay="real"');
    expect(r.text).toContain('data-testid="chart-positions"');
    expect(r.text).toContain('61234.5');
    expect(r.text).toContain('-12.34 USDT');
    expect(r.text).toContain('59876.5');
    // The malformed order is dropped; the real overlay has no demo buttons or drag hint.
    expect(r.text.match(/<tbody>[\s\S]*?<\/tbody>/)?.[0].match(/<tr/g)).toHaveLength(2);
    expect(r.text).not.toMatch(/class="chart-chip"[^>]*>(Close|Cancel|TP\/SL)</);
    // Rendered markup only: the page's inline translations (boot state) carry every chart string.
    expect(r.text.replace(/<script[\s\S]*?<\/script>/g, '')).not.toContain('Drag an order line');
    const calls = overlayCalls().map((c) => c.url);
    expect(calls).toContain(`${POSITIONS}?symbol=BTC_USDT`);
    expect(calls).toContain(`${ORDERS}?symbol=BTC_USDT`);
    // The fake API's demo endpoints are never asked.
    expect(calls.filter((u) => u.includes('/chart/'))).toEqual([]);
  });

  it("gives visitors no overlay and asks the back end for nobody's positions", async () => {
    const before = overlayCalls().length;
    const r = await get(server!.port, '/trade/ETH_USDT');
    expect(r.status).toBe(200);
    expect(r.text).toContain('data-overlay="none"');
    expect(r.text).not.toContain('data-testid="chart-positions"');
    // Loaders run before the page answers: had the render asked, the stub would have the call by now.
    expect(overlayCalls().length).toBe(before);
  });
});
