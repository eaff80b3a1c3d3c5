import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

const ORIGIN = 'https://www.example-exchange.com';

/** Evaluates host/public/sw.js with a fake `self`, CacheStorage and network. */
function loadSw(initialCaches: string[] = []) {
  const stores = new Map<string, Map<string, Response>>(initialCaches.map((n) => [n, new Map()]));
  const listeners: Record<string, (e: unknown) => void> = {};
  const network = vi.fn(async (req: Request) => {
    const path = new URL(req.url).pathname;
    if (path.startsWith('/api/')) return new Response('{"code":0}', { headers: { 'content-type': 'application/json' } });
    return new Response(`body of ${path} #${network.mock.calls.length}`, {
      headers: { 'content-type': path.endsWith('.css') ? 'text/css' : 'application/javascript' },
    });
  });
  const caches = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name)!;
      return { put: async (req: Request, res: Response) => void store.set(req.url, res) };
    },
    match: async (req: Request, opts: { cacheName: string }) => stores.get(opts.cacheName)?.get(req.url)?.clone(),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
    skipWaiting: vi.fn(),
    clients: { claim: vi.fn(async () => {}) },
  } as Record<string, unknown>;
  runInNewContext(readFileSync(resolve(import.meta.dirname, '../public/sw.js'), 'utf8'), {
    self,
    caches,
    fetch: network,
    URL,
    Response,
    Request,
    Promise,
    console,
  });
  /** Dispatches a fetch event; the answer, or null when the worker let the browser handle it. */
  const fetchEvent = async (path: string, init: RequestInit & { mode?: string } = {}) => {
    const { mode, ...rest } = init;
    const request = new Request(ORIGIN + path, rest);
    if (mode === 'navigate') Object.defineProperty(request, 'mode', { value: 'navigate' });
    let answer = null as Promise<Response> | null;
    const waits: Promise<unknown>[] = [];
    listeners.fetch({ request, respondWith: (p: Promise<Response>) => (answer = p), waitUntil: (p: Promise<unknown>) => waits.push(p) });
    const res = answer ? await answer : null;
    await Promise.all(waits);
    return res;
  };
  const api = self.__shellSw as { CACHE: string; strategyFor(r: Request): string | null };
  return { stores, listeners, network, fetchEvent, api, self };
}

describe('sw.js', () => {
  it('classifies requests: hashed assets cache-first, /static/ revalidated, API and HTML never', () => {
    const { api } = loadSw();
    const s = (path: string, init: RequestInit = {}) => api.strategyFor(new Request(ORIGIN + path, init));
    expect(s('/assets/entry-BYng2DGT.js')).toBe('cache-first');
    expect(s('/assets/styles-1a2b.css')).toBe('cache-first');
    expect(s('/static/favicon.svg')).toBe('revalidate');
    for (const p of [
      '/api/web/v1/usercenter/get_info',
      '/apiw/v2/account/total_funds',
      '/apiweb/v1/user/get_user_frequency',
      '/json_svr/query_safe',
      '/dfdid/udid/c1',
      '/',
      '/trade/BTC_USDT',
      '/static/page.html',
    ]) {
      expect(s(p), p).toBeNull();
    }
    expect(s('/assets/x.js', { method: 'POST', body: 'a' })).toBeNull();
    expect(s('/assets/x.js', { headers: { accept: 'text/html' } })).toBeNull();
    expect(api.strategyFor(new Request('https://cdn.other.com/assets/x.js'))).toBeNull();
  });

  it('serves a hashed asset from the cache after the first fetch', async () => {
    const sw = loadSw();
    const first = await sw.fetchEvent('/assets/entry-abc.js');
    const second = await sw.fetchEvent('/assets/entry-abc.js');
    expect(await first!.text()).toBe('body of /assets/entry-abc.js #1');
    expect(await second!.text()).toBe('body of /assets/entry-abc.js #1');
    expect(sw.network).toHaveBeenCalledTimes(1);
    expect([...sw.stores.get(sw.api.CACHE)!.keys()]).toEqual([`${ORIGIN}/assets/entry-abc.js`]);
  });

  it('never answers or caches API calls and pages', async () => {
    const sw = loadSw();
    expect(await sw.fetchEvent('/api/web/v1/site/settings')).toBeNull();
    expect(await sw.fetchEvent('/', { mode: 'navigate' })).toBeNull();
    expect(sw.network).not.toHaveBeenCalled();
    expect(sw.stores.size).toBe(0);
  });

  it('/static/ answers from the cache and refreshes it in the background', async () => {
    const sw = loadSw();
    await sw.fetchEvent('/static/favicon.svg');
    const again = await sw.fetchEvent('/static/favicon.svg');
    expect(await again!.text()).toBe('body of /static/favicon.svg #1');
    expect(sw.network).toHaveBeenCalledTimes(2);
    expect(await (await sw.fetchEvent('/static/favicon.svg'))!.text()).toBe('body of /static/favicon.svg #2');
  });

  it('activation deletes older versions of its caches only, then claims the clients', async () => {
    const sw = loadSw(['shell-static-v0', 'shell-static-v1', 'other-app']);
    let done: Promise<unknown> = Promise.resolve();
    sw.listeners.activate({ waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
    expect([...sw.stores.keys()].sort()).toEqual(['other-app', 'shell-static-v1']);
    expect((sw.self.clients as { claim: () => void }).claim).toHaveBeenCalled();
    sw.listeners.install({});
    expect(sw.self.skipWaiting).toHaveBeenCalled();
  });
});

describe('registerServiceWorker', () => {
  function fakeWindow(readyState: string, secure = true, register = vi.fn(async () => ({ scope: '/' }) as unknown as ServiceWorkerRegistration)) {
    const listeners: Record<string, () => void> = {};
    const win = {
      isSecureContext: secure,
      navigator: { serviceWorker: { register } },
      document: { readyState },
      addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
    } as unknown as Window;
    return { win, register, listeners };
  }

  it('registers /sw.js at scope / only after the load event', async () => {
    const f = fakeWindow('interactive');
    const pending = registerServiceWorker({ win: f.win });
    expect(f.register).not.toHaveBeenCalled();
    f.listeners.load();
    await pending;
    expect(f.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('registers at once when the page already loaded; null without support or on failure', async () => {
    const f = fakeWindow('complete');
    expect(await registerServiceWorker({ win: f.win })).toEqual({ scope: '/' });
    expect(await registerServiceWorker({ win: fakeWindow('complete', false).win })).toBeNull();
    const log = vi.fn();
    const failing = fakeWindow(
      'complete',
      true,
      vi.fn(async () => {
        throw new Error('SecurityError');
      }),
    );
    expect(await registerServiceWorker({ win: failing.win, log })).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('SecurityError'));
    expect(await registerServiceWorker({ win: { navigator: {}, isSecureContext: true } as unknown as Window })).toBeNull();
  });
});
