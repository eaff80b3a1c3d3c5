import { describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { BackendClient, REQUEST_DATA_ERROR, RequestDataError, type HttpCallEvent, type Transport, type TransportReply, type TransportRequest } from './client';
import { SharedReplyCache } from './shared-cache';

function adapterReturning(body: string, status = 200, seen: InternalAxiosRequestConfig[] = []) {
  return async (config: InternalAxiosRequestConfig) => {
    seen.push(config);
    if (status >= 400) throw Object.assign(new Error(`status ${status}`), { response: { status } });
    return { data: body, status, statusText: 'OK', headers: {}, config };
  };
}

describe('BackendClient', () => {
  it('sends form-encoded bodies, the csrf header (default 1) and the data path prefix', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const http = new BackendClient({ side: 'browser', baseURL: '', dataPathPrefix: '/gw', adapter: adapterReturning('{"code":0}', 200, seen) });
    await http.post('/api/x', { a: 1, b: 'two words', skip: undefined });
    expect(seen[0].url).toBe('/gw/api/x');
    expect(seen[0].data).toBe('a=1&b=two+words');
    expect(seen[0].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0].headers.csrftoken).toBe('1');
    expect(seen[0].withCredentials).toBe(true);
  });

  it("sends the region's site marks on every call, and nothing without marks", async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    await new BackendClient({ side: 'browser', baseURL: '', marks: ['main'], adapter: adapterReturning('{"code":0}', 200, seen) }).get('/api/a');
    await new BackendClient({ side: 'browser', baseURL: '', marks: ['tr', 'sa'], adapter: adapterReturning('{"code":0}', 200, seen) }).post('/api/b');
    await new BackendClient({ side: 'browser', baseURL: '', marks: [], adapter: adapterReturning('{"code":0}', 200, seen) }).get('/api/c');
    expect(seen.map((c) => c.headers['x-site-marks'])).toEqual(['main', 'tr,sa', undefined]);
  });

  it('uses 5 s in the browser and 20 s on the server', async () => {
    type WithAxios = { axios(): Promise<{ defaults: { timeout: number } }> };
    const b = new BackendClient({ side: 'browser', baseURL: '' }) as unknown as WithAxios;
    const s = new BackendClient({ side: 'server', baseURL: '' }) as unknown as WithAxios;
    expect((await b.axios()).defaults.timeout).toBe(5000);
    expect((await s.axios()).defaults.timeout).toBe(20000);
  });

  it('answers identical GETs within 30 s from the first call, and calls again after', async () => {
    let now = 1000;
    const seen: InternalAxiosRequestConfig[] = [];
    const http = new BackendClient({ side: 'browser', baseURL: '', now: () => now, adapter: adapterReturning('{"code":0,"data":1}', 200, seen) });
    const [a, b] = await Promise.all([http.get('/api/y', { q: 1 }), http.get('/api/y', { q: 1 })]);
    expect(a).toEqual(b);
    now += 29999;
    await http.get('/api/y', { q: 1 });
    expect(seen).toHaveLength(1);
    await http.get('/api/y', { q: 2 });
    expect(seen).toHaveLength(2);
    now += 2;
    await http.get('/api/y', { q: 1 });
    expect(seen).toHaveLength(3);
  });

  it('in the browser resolves undefined and logs on failure or malformed JSON', async () => {
    const log = vi.fn();
    const failing = new BackendClient({ side: 'browser', baseURL: '', log, adapter: adapterReturning('', 500) });
    await expect(failing.get('/api/z')).resolves.toBeUndefined();
    const malformed = new BackendClient({ side: 'browser', baseURL: '', log, adapter: adapterReturning('{"code":0,') });
    await expect(malformed.get('/api/z')).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1][0]).toMatch(/malformed JSON/);
  });

  it('on the server throws the request data error (with the original wording) and logs', async () => {
    const log = vi.fn();
    const http = new BackendClient({ side: 'server', baseURL: '', log, adapter: adapterReturning('', 502) });
    const err = await http.get('/api/z').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestDataError);
    expect((err as Error).message).toBe(REQUEST_DATA_ERROR);
    expect((err as RequestDataError).original).toBe('请求数据错误，请稍后重试');
    expect(log).toHaveBeenCalledOnce();
  });

  it('does not cache a failure: the next identical call goes out again', async () => {
    let calls = 0;
    const http = new BackendClient({
      side: 'browser',
      baseURL: '',
      adapter: async (config) => {
        calls++;
        if (calls === 1) throw new Error('down');
        return { data: '{"code":0}', status: 200, statusText: 'OK', headers: {}, config };
      },
    });
    expect(await http.get('/api/r')).toBeUndefined();
    expect(await http.get('/api/r')).toEqual({ code: 0 });
  });
});

describe('HttpClient on the server transport: shared replies and reports', () => {
  const USER_HEADERS = { 'x-internal-request': '1', 'x-forwarded-for': '3.3.3.3', cookie: 'uid=7; nickname=alice; session=secret; mock_scenario=uk' };

  /** What a back end says of a reply any visitor may be given. */
  const PUBLIC = { 'cache-control': 'public, max-age=30' };

  function recordingTransport(
    answer: (req: TransportRequest) => { status: number; text: string; headers?: TransportReply['headers'] } = () => ({
      status: 200,
      text: '{"code":0,"data":{"v":1}}',
    }),
  ) {
    const seen: TransportRequest[] = [];
    const transport: Transport = async (req) => {
      seen.push(req);
      return { headers: PUBLIC, ...answer(req) };
    };
    return { seen, transport };
  }

  function serverClient(
    transport: Transport,
    options: { cache?: SharedReplyCache; scope?: string; cookie?: string; events?: HttpCallEvent[]; headers?: Record<string, string> } = {},
  ) {
    return new BackendClient({
      side: 'server',
      baseURL: 'http://127.0.0.1:1',
      headers: { ...USER_HEADERS, ...options.headers },
      transport,
      log: () => {},
      shared: options.cache ? { cache: options.cache, scope: options.scope ?? 'main|en|', cookie: options.cookie ?? '' } : undefined,
      report: options.events ? (e) => options.events!.push(e) : undefined,
    });
  }

  it("sends only the vary cookie with a shared call, and the user's cookies with the others", async () => {
    const { seen, transport } = recordingTransport();
    const http = serverClient(transport, { cache: new SharedReplyCache(), cookie: 'mock_scenario=uk' });
    await http.get('/api/web/v1/site/settings', undefined, { shared: true });
    await http.get('/api/web/v1/usercenter/get_info');
    expect(seen.map((r) => [r.url, r.headers.cookie])).toEqual([
      ['/api/web/v1/site/settings', 'mock_scenario=uk'],
      ['/api/web/v1/usercenter/get_info', USER_HEADERS.cookie],
    ]);
    // The shell's own headers still go with both.
    for (const r of seen) expect(r.headers).toMatchObject({ 'x-internal-request': '1', 'x-forwarded-for': '3.3.3.3' });

    const noVary = recordingTransport();
    await serverClient(noVary.transport, { cache: new SharedReplyCache(), cookie: '' }).get('/api/web/v1/site/settings', undefined, { shared: true });
    expect(noVary.seen[0].headers.cookie).toBe('');
  });

  it('answers a shared call of another request in the same scope from the cache (frozen), not across scopes', async () => {
    const { seen, transport } = recordingTransport();
    const cache = new SharedReplyCache();
    const a = await serverClient(transport, { cache, scope: 'main|en|' }).get<{ data: { v: number } }>('/api/x', { q: 1 }, { shared: true });
    const b = await serverClient(transport, { cache, scope: 'main|en|' }).get<{ data: { v: number } }>('/api/x', { q: 1 }, { shared: true });
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(seen).toHaveLength(1);
    await serverClient(transport, { cache, scope: 'tr|tr|' }).get('/api/x', { q: 1 }, { shared: true });
    await serverClient(transport, { cache, scope: 'main|en|' }).get('/api/x', { q: 2 }, { shared: true });
    expect(seen).toHaveLength(3);
  });

  it("shares a reply only as the back end's Cache-Control and Vary allow, keyed by the headers this client sends", async () => {
    const perIp = recordingTransport((req) => ({
      status: 200,
      text: JSON.stringify({ code: 0, data: { ip: req.headers['x-forwarded-for'] } }),
      headers: { 'cache-control': 'public, max-age=30', vary: 'X-Forwarded-For' },
    }));
    const cache = new SharedReplyCache();
    const visit = (ip: string) =>
      serverClient(perIp.transport, { cache, headers: { 'x-forwarded-for': ip } }).get<{ data: { ip: string } }>('/api/settings', undefined, { shared: true });
    expect((await visit('1.1.1.1'))?.data.ip).toBe('1.1.1.1');
    expect((await visit('2.2.2.2'))?.data.ip).toBe('2.2.2.2');
    expect((await visit('1.1.1.1'))?.data.ip).toBe('1.1.1.1');
    expect(perIp.seen).toHaveLength(2);

    const privateReply = recordingTransport((req) => ({
      status: 200,
      text: JSON.stringify({ code: 0, data: { ip: req.headers['x-forwarded-for'] } }),
      headers: { 'cache-control': 'private, max-age=30' },
    }));
    const events: HttpCallEvent[] = [];
    for (const ip of ['1.1.1.1', '2.2.2.2', '1.1.1.1'])
      await serverClient(privateReply.transport, { cache, events, headers: { 'x-forwarded-for': ip } }).get('/api/private', undefined, { shared: true });
    expect(privateReply.seen.map((r) => r.headers['x-forwarded-for'])).toEqual(['1.1.1.1', '2.2.2.2', '1.1.1.1']);
    expect(events.map((e) => (e.kind === 'call' ? e.outcome : e.kind))).toEqual(['ok', 'ok', 'ok']);
  });

  it('passes a per-call reply limit to the transport', async () => {
    const { seen, transport } = recordingTransport();
    await serverClient(transport).get('/api/large', undefined, { maxReplyBytes: 8 * 1024 * 1024 });
    await serverClient(transport).get('/api/usual');
    expect(seen.map((r) => r.maxReplyBytes)).toEqual([8 * 1024 * 1024, undefined]);
  });

  it("cuts each call's time-out to what is left before the client's deadline, and fails a call made after it", async () => {
    const { seen, transport } = recordingTransport();
    let now = 1_000_000;
    const http = new BackendClient({ side: 'server', baseURL: 'http://127.0.0.1:1', transport, log: () => {}, deadline: now + 20_000, now: () => now });
    await http.get('/api/first');
    now += 15_000;
    await http.get('/api/late');
    now += 5_000;
    await expect(http.get('/api/after')).rejects.toThrow();
    expect(seen.map((r) => [r.url, r.timeoutMs])).toEqual([
      ['/api/first', 20_000],
      ['/api/late', 5_000],
    ]);
  });

  it('never shares a POST, nor a call without { shared: true }', async () => {
    const { seen, transport } = recordingTransport();
    const cache = new SharedReplyCache();
    for (let i = 0; i < 2; i++) {
      await serverClient(transport, { cache }).post('/api/p', { a: 1 }, { shared: true });
      await serverClient(transport, { cache }).get('/api/g');
    }
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/p', 'GET /api/g', 'POST /api/p', 'GET /api/g']);
    expect(seen.every((r) => r.headers.cookie === USER_HEADERS.cookie)).toBe(true);
    expect(cache.size).toBe(0);
  });

  it('reports every call: ok, error, shared; and documented defaults', async () => {
    const events: HttpCallEvent[] = [];
    const { transport } = recordingTransport((req) =>
      req.url.startsWith('/api/down')
        ? { status: 503, text: '' }
        : req.url.startsWith('/api/bad')
          ? { status: 200, text: '{"code":' }
          : { status: 200, text: '{"code":0}' },
    );
    const cache = new SharedReplyCache();
    await serverClient(transport, { cache, events }).get('/api/ok');
    await serverClient(transport, { cache, events })
      .get('/api/down')
      .catch(() => undefined);
    await serverClient(transport, { cache, events })
      .get('/api/bad')
      .catch(() => undefined);
    await serverClient(transport, { cache, events }).get('/api/s', undefined, { shared: true });
    await serverClient(transport, { cache, events }).get('/api/s', undefined, { shared: true });
    serverClient(transport, { cache, events }).reportDefault('/api/down');
    expect(events.map((e) => (e.kind === 'call' ? `${e.outcome} ${e.path}` : `default ${e.path}`))).toEqual([
      'ok /api/ok',
      'error /api/down',
      'error /api/bad',
      'ok /api/s',
      'shared /api/s',
      'default /api/down',
    ]);
    for (const e of events) if (e.kind === 'call') expect(e.seconds).toBeGreaterThanOrEqual(0);
  });

  it('a failed shared call is not kept: the next request calls again', async () => {
    let calls = 0;
    const transport: Transport = async () => (++calls === 1 ? { status: 500, text: '', headers: {} } : { status: 200, text: '{"code":0}', headers: PUBLIC });
    const cache = new SharedReplyCache();
    await expect(serverClient(transport, { cache }).get('/api/s', undefined, { shared: true })).rejects.toBeInstanceOf(RequestDataError);
    expect(await serverClient(transport, { cache }).get('/api/s', undefined, { shared: true })).toEqual({ code: 0 });
    expect(calls).toBe(2);
  });
});
