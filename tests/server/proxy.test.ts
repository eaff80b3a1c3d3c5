import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLines, startStubBackend, until, type StubBackend, type StubCall } from './serving-support';
import { get, startServer, type RunningServer } from './support';

/**
 * The trust boundary with a real back end (API_ORIGIN = a recording stub): what the browser's API calls and the
 * server-render calls carry to the back end, the body limit, Set-Cookie, /__mock/*, and garbage replies.
 */
const THREE_COOKIES = ['a=1; Path=/', 'b=2; Path=/; HttpOnly', 'c=3; Path=/; Secure; SameSite=Strict'];
const LIMIT = 1024 * 1024;

let backend: StubBackend;
/** Once set, the stub answers every call with something that is not JSON. */
let garbage = false;
let direct: RunningServer | undefined;
let behindProxy: RunningServer | undefined;

beforeAll(async () => {
  backend = await startStubBackend((req, res) => {
    if (req.url === '/api/web/v1/three-cookies') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': THREE_COOKIES });
      res.end('{"code":0,"data":"cookies"}');
      return true;
    }
    if (garbage) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('<html>not json{{');
      return true;
    }
    return false;
  });
  [direct, behindProxy] = await Promise.all([
    startServer({ env: { API_ORIGIN: backend.origin } }),
    startServer({ env: { API_ORIGIN: backend.origin, TRUST_PROXY: '1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.stop(), behindProxy?.stop()]);
  await backend?.close();
});

const byRequest = (id: string) => (c: StubCall) => c.headers['x-request-id'] === id;

/** A proxied call that reaches the stub, sent after `what` to show the stub would have seen it by now. */
async function sentinel(server: RunningServer): Promise<void> {
  const path = `/api/web/v1/sentinel?n=${Math.random()}`;
  const r = await get(server.port, path);
  expect(r.status).toBe(200);
  await backend.waitFor((c) => c.url === path);
}

describe('browser API calls through the proxy', () => {
  it("arrive without the client's internal and forwarded headers; the socket is the client (TRUST_PROXY=0)", async () => {
    const r = await get(direct!.port, '/api/web/v1/echo?x=1', {
      headers: {
        'X-Forwarded-For': '6.6.6.6',
        'X-Internal-Request': '1',
        'X-Real-IP': '6.6.6.6',
        Forwarded: 'for=6.6.6.6',
        'X-Forwarded-Proto': 'https',
        'X-Request-Id': 'chosen-by-the-client',
        Cookie: 'uid=7; nickname=alice',
        'User-Agent': 'proxy-test',
      },
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ code: 0, data: {} });
    const id = String(r.headers['x-request-id']);
    expect(id).not.toBe('chosen-by-the-client');
    const call = await backend.waitFor((c) => c.url === '/api/web/v1/echo?x=1');
    expect(call.method).toBe('GET');
    expect(call.headers['x-internal-request']).toBeUndefined();
    expect(call.headers['x-real-ip']).toBeUndefined();
    expect(call.headers.forwarded).toBeUndefined();
    expect(call.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(call.headers['x-forwarded-proto']).toBe('http');
    expect(call.headers['x-forwarded-host']).toBe(`localhost:${direct!.port}`);
    expect(call.headers['x-request-id']).toBe(id);
    // What the back end needs of the browser's request still arrives.
    expect(call.headers.cookie).toBe('uid=7; nickname=alice');
    expect(call.headers['user-agent']).toBe('proxy-test');
  });

  it("with TRUST_PROXY=1 take the client from the last hop, and the trusted proxy's request id", async () => {
    const r = await get(behindProxy!.port, '/api/web/v1/echo?hop=1', {
      headers: { 'X-Forwarded-For': '6.6.6.6, 7.7.7.7', 'X-Forwarded-Proto': 'https', 'X-Request-Id': 'lb-request-0001', 'X-Internal-Request': '1' },
    });
    expect(r.status).toBe(200);
    expect(r.headers['x-request-id']).toBe('lb-request-0001');
    const call = await backend.waitFor((c) => c.url === '/api/web/v1/echo?hop=1');
    expect(call.headers['x-forwarded-for']).toBe('7.7.7.7');
    expect(call.headers['x-forwarded-proto']).toBe('https');
    expect(call.headers['x-request-id']).toBe('lb-request-0001');
    expect(call.headers['x-internal-request']).toBeUndefined();
    const line = await until(() => accessLines(behindProxy!.output()).find((l) => l.id === 'lb-request-0001'), 'the access-log line');
    expect(line).toMatchObject({ path: '/api/web/v1/echo', status: 200, kind: 'api' });

    // A malformed inbound id is replaced.
    const bad = await get(behindProxy!.port, '/healthz', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pass every Set-Cookie of the reply to the browser', async () => {
    const r = await get(direct!.port, '/api/web/v1/three-cookies');
    expect(r.status).toBe(200);
    expect(r.headers['set-cookie']).toEqual(THREE_COOKIES);
    expect(JSON.parse(r.text)).toEqual({ code: 0, data: 'cookies' });
  });

  it('answer 413 for a body over 1 MB without calling the back end; 1 MB passes', async () => {
    const exact = await get(direct!.port, '/api/web/v1/upload?size=exact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.alloc(LIMIT, 1),
    });
    expect(exact.status).toBe(200);
    expect((await backend.waitFor((c) => c.url === '/api/web/v1/upload?size=exact')).bodyBytes).toBe(LIMIT);

    const declared = await get(direct!.port, '/api/web/v1/upload?size=over', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.alloc(LIMIT + 1, 1),
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).code).toBe(413);
    // Without a Content-Length (chunked), the limit holds while reading.
    const chunked = await get(direct!.port, '/api/web/v1/upload?size=chunked', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' },
      body: Buffer.alloc(LIMIT + 64 * 1024, 1),
    });
    expect(chunked.status).toBe(413);
    await sentinel(direct!);
    expect(backend.calls.filter((c) => c.url.startsWith('/api/web/v1/upload?size=') && c.url !== '/api/web/v1/upload?size=exact')).toEqual([]);
  });

  it('never forward /__mock/* (404 from the shell), nor a path with dot segments (400: proxy-boundary.test.ts has the rest)', async () => {
    const before = backend.calls.length;
    for (const [method, path, status] of [
      ['GET', '/__mock/scenarios', 404],
      ['POST', '/__mock/scenarios', 404],
      ['GET', '/api/../__mock/scenarios', 400],
      ['GET', '/api/%2e%2e/__mock/scenarios', 400],
      ['GET', '/cdn/../internal/admin', 400],
    ] as const) {
      const r = await get(direct!.port, path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{"name":"x","responses":{}}' : undefined,
      });
      expect(r.status, `${method} ${path}`).toBe(status);
    }
    await sentinel(direct!);
    const reached = backend.calls.slice(before).map((c) => c.url);
    expect(reached.filter((u) => u.includes('__mock') || u.includes('internal/admin'))).toEqual([]);
    expect(reached.some((u) => u.startsWith('/api/web/v1/sentinel'))).toBe(true);
  });
});

describe('server-render calls of a page', () => {
  async function pageCalls(server: RunningServer, headers: Record<string, string>, host?: string, path = '/') {
    const r = await get(server.port, path, { headers, host });
    expect(r.status).toBe(200);
    const id = String(r.headers['x-request-id']);
    // The page's core data: at least these, all made for this request.
    await backend.waitFor((c) => byRequest(id)(c) && c.url.startsWith('/api/web/v1/compliance/check'));
    return { reply: r, calls: backend.calls.filter(byRequest(id)) };
  }

  it("carry x-internal-request: 1 and the socket as the client (TRUST_PROXY=0), the user's cookies only where the reply is per user", async () => {
    // A region no other test loads: its shared replies are not cached yet, so they are fetched for this page too.
    const { calls } = await pageCalls(
      direct!,
      { 'X-Forwarded-For': '6.6.6.6', 'X-Internal-Request': '0', Cookie: 'uid=7; nickname=alice; session=s3cret' },
      'hk.localhost',
    );
    expect(calls.length).toBeGreaterThanOrEqual(5);
    for (const c of calls) {
      expect(c.headers['x-internal-request'], c.url).toBe('1');
      expect(c.headers['x-forwarded-for'], c.url).toBe('127.0.0.1');
    }
    const info = calls.find((c) => c.url.startsWith('/api/web/v1/usercenter/get_info'));
    // The page's locale goes along as `lang` (what the browser holds once the page arrives: demo texts, wording).
    expect(info?.headers.cookie).toBe('uid=7; nickname=alice; session=s3cret; lang=en');
    // A shared reply (site settings: no user data) is fetched without the user's cookies, only the page's locale.
    const settings = calls.find((c) => c.url.startsWith('/api/web/v1/site/settings'));
    expect(settings).toBeDefined();
    expect(settings!.headers.cookie ?? '').toBe('lang=en');
  });

  it('carry the trusted client IP with TRUST_PROXY=1', async () => {
    const { calls } = await pageCalls(behindProxy!, { 'X-Forwarded-For': '6.6.6.6, 7.7.7.7', 'X-Request-Id': 'lb-page-0002' });
    expect(calls.length).toBeGreaterThanOrEqual(5);
    for (const c of calls) {
      expect(c.headers['x-internal-request'], c.url).toBe('1');
      expect(c.headers['x-forwarded-for'], c.url).toBe('7.7.7.7');
      expect(c.headers['x-request-id'], c.url).toBe('lb-page-0002');
    }
  });

  it('still render a page (documented defaults) when the back end answers garbage', async () => {
    garbage = true;
    try {
      // A region whose shared replies were not cached yet: its calls all reach the back end.
      const mark = direct!.output().length;
      const { reply, calls } = await pageCalls(direct!, {}, 'eu.localhost', '/en-eu/');
      expect(reply.text).toMatch(/^<!DOCTYPE html>/i);
      expect(reply.text.trimEnd()).toMatch(/<\/html>$/);
      expect(calls.some((c) => c.url.startsWith('/api/web/v1/site/settings'))).toBe(true);
      expect(direct!.output().slice(mark)).toMatch(/\/api\/web\/v1\/site\/settings failed: malformed JSON reply/);
    } finally {
      garbage = false;
    }
  });
});
