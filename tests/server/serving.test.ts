import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLines, until } from './serving-support';
import { DIST, ROOT, get, startServer, type Reply, type RunningServer } from './support';

/**
 * The built server with its defaults (embedded fake API, one process): compression, static assets, translations,
 * health and readiness, Prometheus metrics, the access log and request ids.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decode(reply: Reply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  if (encoding === undefined || encoding === 'identity') return reply.body;
  throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
}

const varies = (reply: Reply) =>
  String(reply.headers.vary ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase());

/** The page HTML without what legitimately differs between two requests (CSP nonces). */
const stable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

describe('compression', () => {
  it('encodes a page by Accept-Encoding (br, gzip, none) with the same HTML, and says it varies', async () => {
    const br = await get(server.port, '/', { headers: { 'Accept-Encoding': 'br' } });
    const gzip = await get(server.port, '/', { headers: { 'Accept-Encoding': 'gzip' } });
    const plain = await get(server.port, '/');
    for (const r of [br, gzip, plain]) {
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(varies(r)).toContain('accept-encoding');
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = plain.text;
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('</html>');
    expect(stable(decode(br).toString('utf8'))).toBe(stable(html));
    expect(stable(decode(gzip).toString('utf8'))).toBe(stable(html));
    // Compression pays: the brotli page is a fraction of the HTML.
    expect(br.body.length).toBeLessThan(html.length / 3);
  });

  it('prefers brotli when both are accepted', async () => {
    const r = await get(server.port, '/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(r.headers['content-encoding']).toBe('br');
  });

  it('serves the entry script from the manifest precompressed, with the right encoding and immutable caching', async () => {
    const manifest = JSON.parse(readFileSync(resolve(DIST, 'client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const file = manifest['host/client/entry.tsx'].file;
    expect(file).toMatch(/^assets\/.+\.js$/);
    const onDisk = resolve(DIST, 'client', file);
    const raw = readFileSync(onDisk);
    const cases: Array<[string, string | undefined, string]> = [
      ['br', 'br', `${onDisk}.br`],
      ['gzip', 'gzip', `${onDisk}.gz`],
      ['identity', undefined, onDisk],
    ];
    for (const [accept, encoding, source] of cases) {
      const r = await get(server.port, `/${file}`, { headers: { 'Accept-Encoding': accept } });
      expect(r.status, accept).toBe(200);
      expect(r.headers['content-type']).toMatch(/javascript/);
      expect(r.headers['content-encoding'], accept).toBe(encoding);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(r)).toContain('accept-encoding');
      // The build's file as is (a Content-Length, not a stream compressed on the fly) ...
      expect(Number(r.headers['content-length']), accept).toBe(readFileSync(source).length);
      expect(r.body.equals(readFileSync(source)), accept).toBe(true);
      // ... which decodes to the script.
      expect(decode(r).equals(raw), accept).toBe(true);
    }
  });

  it('compresses a translation bundle', async () => {
    const expected = JSON.parse(readFileSync(resolve(ROOT, 'locales/en/shell.json'), 'utf8'));
    for (const encoding of ['br', 'gzip']) {
      const r = await get(server.port, '/locales/en/shell.json', { headers: { 'Accept-Encoding': encoding } });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['cache-control']).toBe('public, max-age=3600');
      expect(JSON.parse(decode(r).toString('utf8'))).toEqual(expected);
    }
    const plain = await get(server.port, '/locales/en/shell.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.text)).toEqual(expected);
    expect((await get(server.port, '/locales/en/no-such-namespace.json')).status).toBe(404);
  });
});

describe('health, readiness and metrics', () => {
  it('answers /healthz and /readyz with 200 when ready', async () => {
    const health = await get(server.port, '/healthz');
    expect([health.status, health.text]).toEqual([200, 'ok']);
    const ready = await get(server.port, '/readyz');
    expect([ready.status, ready.text]).toEqual([200, 'ready']);
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  /** The value of one sample of `/metrics` text (0 when absent). */
  function sample(text: string, name: string, labels: Record<string, string> = {}): number {
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
      const [, labelText = '', value] = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const have = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(value);
    }
    return 0;
  }

  it('serves Prometheus text: requests, back-end calls (shared after two home loads), event-loop lag, heap', async () => {
    const before = await get(server.port, '/metrics');
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (let i = 0; i < 2; i++) expect((await get(server.port, '/')).status).toBe(200);
    const after = (await get(server.port, '/metrics')).text;

    expect(after).toContain('# TYPE shell_http_requests_total counter');
    expect(
      sample(after, 'shell_http_requests_total', { region: 'main', kind: 'page', status: '200' }) -
        sample(before.text, 'shell_http_requests_total', { region: 'main', kind: 'page', status: '200' }),
    ).toBe(2);

    // Site settings carry no user data: of the two loads' calls, at least the second is answered from the shared cache.
    const settings = (text: string, outcome: string) => sample(text, 'shell_backend_calls_total', { path: '/api/web/v1/site/settings', outcome });
    const shared = settings(after, 'shared') - settings(before.text, 'shared');
    const ok = settings(after, 'ok') - settings(before.text, 'ok');
    expect(shared).toBeGreaterThanOrEqual(1);
    expect(shared + ok).toBe(2);
    // A per-user call is never shared.
    expect(after).not.toMatch(/shell_backend_calls_total\{path="\/api\/web\/v1\/compliance\/check",outcome="shared"\}/);
    expect(sample(after, 'shell_backend_calls_total', { path: '/api/web/v1/compliance/check', outcome: 'ok' })).toBeGreaterThanOrEqual(2);

    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(sample(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(sample(after, 'nodejs_heap_size_total_bytes')).toBeGreaterThanOrEqual(sample(after, 'nodejs_heap_size_used_bytes'));
    expect(after).toContain('shell_http_request_duration_seconds_bucket');
  });
});

describe('access log and request ids', () => {
  const lines = () => accessLines(server.output());
  const lineFor = (id: string) => until(() => lines().find((l) => l.id === id), `the access-log line of request ${id}`);

  it('writes one JSON line per request whose id is the X-Request-Id of the response', async () => {
    const r = await get(server.port, '/healthz?probe=1');
    const id = String(r.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const line = await lineFor(id);
    expect(Object.keys(line).sort()).toEqual(['bytes', 'id', 'kind', 'method', 'ms', 'path', 'region', 'status', 'time']);
    expect(line).toMatchObject({ id, region: 'main', method: 'GET', path: '/healthz', status: 200, bytes: 2, kind: 'ops' });
    expect(new Date(String(line.time)).toISOString()).toBe(line.time);
    expect(Math.abs(Date.now() - Date.parse(String(line.time)))).toBeLessThan(60_000);
    expect(typeof line.ms).toBe('number');
    expect(line.ms as number).toBeGreaterThanOrEqual(0);

    // A page of another region, compressed: the line has its region and the bytes that were sent.
    const page = await get(server.port, '/', { host: 'tr.localhost', headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.status).toBe(200);
    const pageId = String(page.headers['x-request-id']);
    expect(await lineFor(pageId)).toMatchObject({ id: pageId, region: 'tr', method: 'GET', path: '/', status: 200, kind: 'page', bytes: page.body.length });

    const missing = await get(server.port, '/no/such/page');
    expect(missing.status).toBe(404);
    expect(await lineFor(String(missing.headers['x-request-id']))).toMatchObject({ status: 404, kind: 'page', path: '/no/such/page' });

    // Once the line of a later request is there, each of these requests still has exactly one.
    const sentinel = await get(server.port, '/healthz');
    await lineFor(String(sentinel.headers['x-request-id']));
    for (const one of [id, pageId, String(missing.headers['x-request-id'])]) expect(lines().filter((l) => l.id === one)).toHaveLength(1);
    // Each request has its own id.
    expect(new Set([id, pageId, missing.headers['x-request-id'], sentinel.headers['x-request-id']]).size).toBe(4);
  });

  it('labels each line with the kind of answer: static files and translations, fake-API calls, pages, operations', async () => {
    const manifest = JSON.parse(readFileSync(resolve(DIST, 'client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const cases: Array<[string, string]> = [
      [`/${manifest['host/client/entry.tsx'].file}`, 'static'],
      ['/locales/en/shell.json', 'static'],
      ['/api/web/v1/site/settings', 'api'],
      ['/', 'page'],
      ['/readyz', 'ops'],
    ];
    for (const [path, kind] of cases) {
      const r = await get(server.port, path);
      expect(r.status, path).toBe(200);
      expect(await lineFor(String(r.headers['x-request-id'])), path).toMatchObject({ path, kind, status: 200 });
    }
  });

  it('logs 499 for a page whose client left before it was complete', async () => {
    const scenario = 'serving-slow-compliance';
    const registered = await get(server.port, '/__mock/scenarios', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: scenario, responses: { '/api/web/v1/compliance/check': { delayMs: 1500 } } }),
    });
    expect(registered.status).toBe(201);
    const mark = server.output().length;
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    try {
      socket.write(`GET /?left=early HTTP/1.1\r\nHost: localhost:${server.port}\r\nCookie: mock_scenario=${scenario}\r\n\r\n`);
      await until(() => accessLines(server.output().slice(mark)).some((l) => l.path === '/api/web/v1/site/settings'), "the page's first back-end calls");
    } finally {
      socket.destroy();
    }
    const line = await until(() => accessLines(server.output().slice(mark)).find((l) => l.path === '/' && l.kind === 'page'), 'the line of the abandoned page');
    expect(line).toMatchObject({ status: 499, bytes: 0, region: 'main' });
  });

  it('ignores an inbound X-Request-Id without a trusted proxy (TRUST_PROXY=0)', async () => {
    const r = await get(server.port, '/healthz', { headers: { 'X-Request-Id': 'client-chosen-id-42' } });
    const id = String(r.headers['x-request-id']);
    expect(id).toMatch(UUID);
    await lineFor(id);
    expect(server.output()).not.toContain('client-chosen-id-42');
  });
});

/** Pages resumed from a prerender so far (/metrics). */
async function resumedPages(): Promise<number> {
  const text = (await get(server.port, '/metrics')).text;
  return Number(/^shell_prerendered_pages_total\{outcome="resumed"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

describe('pages under load and a slow back end', () => {
  it('300 concurrent logged-in requests each show their own nickname and no other user, resumed from one prerender', async () => {
    await get(server.port, '/', { headers: { cookie: 'uid=99999; nickname=first' } }); // the page's prerender
    const resumedBefore = await resumedPages();
    const results = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const r = await get(server.port, '/', { headers: { cookie: `uid=${100000 + i}; nickname=user_${i}`, 'accept-encoding': 'identity' } });
        // Another of these users, by nickname or uid (100000-100299).
        const others = [...r.text.matchAll(/user_(\d+)|\b100([0-2]\d\d)\b/g)].filter((m) => Number(m[1] ?? m[2]) !== i);
        return { i, status: r.status, shown: /data-testid="nickname">([^<]*)</.exec(r.text)?.[1], others: others.length };
      }),
    );
    expect(results.filter((r) => r.status !== 200 || r.shown !== `user_${r.i}` || r.others > 0)).toEqual([]);
    // All of them from that prerender (one more if its 30 s ran out meanwhile, on a slow machine).
    expect((await resumedPages()) - resumedBefore).toBeGreaterThanOrEqual(299);
  });

  it('a 25 s back end does not hold a page past the page deadline (20 s), which then answers with the defaults', async () => {
    const started = performance.now();
    const r = await get(server.port, '/', { headers: { cookie: 'mock_scenario=slow-25s; uid=9; nickname=sam', 'accept-encoding': 'identity' } });
    const seconds = (performance.now() - started) / 1000;
    expect(r.status).toBe(200);
    expect(r.text).toContain('shell-header');
    expect(seconds).toBeLessThan(24);
  });
});
