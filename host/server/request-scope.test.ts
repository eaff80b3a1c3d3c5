import { createLoaderRef } from '../../core/plugin/refs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RegionConfig } from '../../core/config/region';
import { loadRegionConfigs } from '../../core/config/validate';
import type { Transport, TransportRequest } from '../../core/http/client';
import { SharedReplyCache } from '../../core/http/shared-cache';
import type { LoaderContribution, PluginDefinition } from '../../core/plugin/types';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { ServerCookieJar } from '../../core/util/cookies';
import { registerAppSingletons, type ServerApp } from './app-context';
import { buildSiteVersion } from './site-version';
import { SiteFlagSources } from './site-flags';
import { AssetManifest, CLIENT_ENTRY } from './assets';
import type { ClientInfo } from './client-info';
import { handlePage } from './page';
import { paths } from './paths';
import { installedPlugins } from './plugins';
import { createRequestScope } from './request-scope';
import { TranslationCatalogue } from './translations';
import { HOST_PLACES } from '../app/slots';

/**
 * The request spine with the real pieces (region config, catalogue, activation, data loading, i18n, handlePage) and
 * test plugins; the back end is a transport function, so nothing leaves the process. A temporary client manifest
 * stands in for the build.
 */
// Each request arrives when it is handled: its deadline counts from then.
const CLIENT: ClientInfo = {
  ip: '127.0.0.1',
  proto: 'http',
  requestId: 'test-request',
  get arrivedAt() {
    return Date.now();
  },
};
const OK = { status: 200, text: '{"code":0,"data":{}}' };

let main: RegionConfig;
let translations: TranslationCatalogue;
let manifestDir: string;
let assets: AssetManifest;

beforeAll(() => {
  main = loadRegionConfigs(paths.regionConfigs, new PluginCatalogue(installedPlugins(), HOST_PLACES), { localesDir: paths.locales }).get('main')!;
  translations = new TranslationCatalogue(paths.locales, paths.plugins, () => {});
  manifestDir = mkdtempSync(join(tmpdir(), 'shell-manifest-'));
  mkdirSync(join(manifestDir, '.vite'));
  writeFileSync(join(manifestDir, '.vite/manifest.json'), JSON.stringify({ [CLIENT_ENTRY]: { file: 'assets/entry-test.js', isEntry: true } }));
  assets = new AssetManifest(join(manifestDir, '.vite/manifest.json'));
});
afterAll(() => rmSync(manifestDir, { recursive: true, force: true }));
afterEach(() => {
  vi.useRealTimers();
});

interface TestApp {
  app: ServerApp;
  logs: string[];
  calls: TransportRequest[];
  region: RegionConfig;
}

/** A ServerApp whose 'main' region enables exactly `defs` (in this order), whose back end is `answer`, with `flags` as its flag file. */
function testApp(
  defs: PluginDefinition<any>[],
  answer: (req: TransportRequest) => Promise<{ status: number; text: string }> = async () => OK,
  flags?: Record<string, unknown>,
): TestApp {
  const logs: string[] = [];
  const calls: TransportRequest[] = [];
  const catalogue = new PluginCatalogue(defs, HOST_PLACES);
  const region: RegionConfig = { ...main, plugins: Object.fromEntries(defs.map((d) => [d.id, { options: {} }])) };
  const transport: Transport = async (req) => {
    calls.push(req);
    return { headers: {}, ...(await answer(req)) };
  };
  const flagSources = flags && new SiteFlagSources({ catalogue });
  const site = buildSiteVersion([region], catalogue, {
    defaultSite: 'main',
    pageReuse: false,
    ...(flags && { flags: { file: 'flags.json', value: flags }, flagSources }),
  });
  const app = registerAppSingletons({
    site: () => site,
    catalogue,
    translations,
    assets,
    apiOrigin: () => 'http://127.0.0.1:9',
    fakeApi: false,
    backend: { transport, shared: new SharedReplyCache(), varyCookies: [], report: () => {} },
    log: (m) => logs.push(m),
  });
  return { app, logs, calls, region };
}

function scopeFor({ app, region }: TestApp, path = '/', cookie?: string) {
  const req = {
    url: path,
    method: 'GET',
    headers: { host: 'localhost:3000', 'user-agent': 'vitest', ...(cookie ? { cookie } : {}) },
  } as unknown as IncomingMessage;
  return createRequestScope(app, req, {
    site: app.site(),
    client: CLIENT,
    region,
    locale: region.defaultLang,
    langPrefix: '',
    path,
    query: {},
    cookies: new ServerCookieJar(cookie),
  });
}

const plugin = (id: string, setup: PluginDefinition['setup']): PluginDefinition => ({ id, setup });
/** A plugin that declares only loaders. */
const loading = (id: string, loaders: readonly LoaderContribution<unknown>[]): PluginDefinition => ({ id, loaders: () => loaders });

describe('createRequestScope', () => {
  it('loads the core data through the back end with the shell headers, then runs the loaders', async () => {
    const seenData: unknown[] = [];
    const t = testApp([
      loading('loads', [
        {
          key: createLoaderRef('loads/value'),
          run: async (input) => {
            seenData.push(input.env.state.data.site);
            return { v: 1 };
          },
        },
      ]),
    ]);
    const scope = await scopeFor(t, '/', 'uid=7; nickname=alice');
    expect(scope.loaderData).toEqual({ 'loads/value': { v: 1 } });
    expect(seenData).toHaveLength(1);
    expect(seenData[0]).toBe(scope.env.state.data.site);
    expect(t.calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/web/v1/site/settings', '/api/web/v1/usercenter/get_info']));
    for (const c of t.calls) expect(c.headers).toMatchObject({ 'x-internal-request': '1', 'x-forwarded-for': '127.0.0.1', 'x-request-id': 'test-request' });
    scope.dispose();
  });

  it('gives no data for a loader that throws, and skips one whose `when` says no (or throws)', async () => {
    const runs: string[] = [];
    const t = testApp([
      loading('mixed', [
        { key: createLoaderRef('mixed/ok'), run: async () => (runs.push('ok'), 'fine') },
        { key: createLoaderRef('mixed/broken'), run: async () => (runs.push('broken'), Promise.reject(new Error('boom'))) },
        { key: createLoaderRef('mixed/sync-throw'), run: () => (runs.push('sync-throw'), (null as unknown as { x: Promise<unknown> }).x) },
        { key: createLoaderRef('mixed/not-now'), when: () => false, run: async () => (runs.push('not-now'), 'never') },
        {
          key: createLoaderRef('mixed/bad-when'),
          when: () => {
            throw new Error('when failed');
          },
          run: async () => (runs.push('bad-when'), 'never'),
        },
      ]),
    ]);
    const scope = await scopeFor(t);
    expect(scope.loaderData).toEqual({ 'mixed/ok': 'fine' });
    expect(runs.sort()).toEqual(['broken', 'ok', 'sync-throw']);
    expect(t.logs).toContain('[loader] mixed/broken failed: boom');
    expect(t.logs.some((l) => l.startsWith('[loader] mixed/sync-throw failed:'))).toBe(true);
    scope.dispose();
  });

  it('leaves out a loader still running at the 20 s deadline, without waiting for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let slowStarted!: () => void;
    const started = new Promise<void>((r) => (slowStarted = r));
    let slowFinished = false;
    const t = testApp([
      loading('timing', [
        { key: createLoaderRef('timing/fast'), run: async () => 'quick' },
        {
          key: createLoaderRef('timing/slow'),
          run: () => {
            slowStarted();
            return new Promise((resolve) => setTimeout(() => resolve((slowFinished = true)), 25_000));
          },
        },
      ]),
    ]);
    const begin = Date.now();
    const pending = scopeFor(t);
    await started;
    await vi.advanceTimersByTimeAsync(20_000);
    const scope = await pending;
    expect(Date.now() - begin).toBe(20_000);
    expect(slowFinished).toBe(false);
    expect(scope.loaderData).toEqual({ 'timing/fast': 'quick' });
    expect(t.logs).toContain('[loader] timing/slow still running at the server time-out: left out');
    scope.dispose();
  });

  it('counts the deadline from the start of the request, not from the start of the loaders', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // The core data takes 15 s: 5 s remain for the loaders.
    const slowData = (req: TransportRequest) =>
      req.url.startsWith('/api/web/v1/compliance/check') ? new Promise<typeof OK>((r) => setTimeout(() => r(OK), 15_000)) : Promise.resolve(OK);
    const t = testApp(
      [
        loading('timing', [
          { key: createLoaderRef('timing/three-seconds'), run: () => new Promise((r) => setTimeout(() => r(3), 3_000)) },
          { key: createLoaderRef('timing/ten-seconds'), run: () => new Promise((r) => setTimeout(() => r(10), 10_000)) },
        ]),
      ],
      slowData,
    );
    const pending = scopeFor(t);
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.advanceTimersByTimeAsync(5_000);
    const scope = await pending;
    expect(scope.loaderData).toEqual({ 'timing/three-seconds': 3 });
    expect(t.logs).toContain('[loader] timing/ten-seconds still running at the server time-out: left out');
    scope.dispose();
  });

  it('skips every loader when the core data already spent the deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const run = vi.fn(async () => 'x');
    const t = testApp([loading('late', [{ key: createLoaderRef('late/any'), run }])], (req) =>
      req.url.startsWith('/api/web/v1/compliance/check') ? new Promise((r) => setTimeout(() => r(OK), 21_000)) : Promise.resolve(OK),
    );
    const pending = scopeFor(t);
    await vi.advanceTimersByTimeAsync(21_000);
    const scope = await pending;
    expect(run).not.toHaveBeenCalled();
    expect(scope.loaderData).toEqual({});
    expect(t.logs).toContain('[loader] skipped 1 loaders: the server time-out is spent');
    scope.dispose();
  });

  it('runs guards in order: a throwing guard is skipped, a redirect to the current path ignored, the first redirect wins, no loaders then', async () => {
    const order: string[] = [];
    const loader = vi.fn(async () => 'x');
    const guard = (id: string, to: () => string | undefined) =>
      ({ id, guards: () => [(input) => (order.push(`${id}:${input.path}:${input.env.state.data.site ? 'data' : 'none'}`), to())] }) satisfies PluginDefinition;
    const t = testApp([
      guard('g-self', () => '/'),
      guard('g-throws', () => {
        throw new Error('guard broke');
      }),
      guard('g-pass', () => undefined),
      guard('g-first', () => '/first'),
      guard('g-second', () => '/second'),
      loading('loads', [{ key: createLoaderRef('loads/k'), run: loader }]),
    ]);
    const scope = await scopeFor(t);
    expect(scope.redirect).toBe('/first');
    expect(order).toEqual(['g-self:/:data', 'g-throws:/:data', 'g-pass:/:data', 'g-first:/:data']);
    expect(t.logs).toContain('[guard] g-throws failed: guard broke');
    expect(loader).not.toHaveBeenCalled();
    expect(scope.loaderData).toEqual({});
    scope.dispose();

    // Without a redirecting guard the request goes through and the loaders run.
    const through = testApp([
      guard('g-self', () => '/'),
      guard('g-pass', () => undefined),
      loading('loads', [{ key: createLoaderRef('loads/k'), run: loader }]),
    ]);
    const passed = await scopeFor(through);
    expect(passed.redirect).toBeUndefined();
    expect(passed.loaderData).toEqual({ 'loads/k': 'x' });
    passed.dispose();
  });

  it('dispose() runs every teardown once, in reverse order, and survives a throwing one', async () => {
    const ran: string[] = [];
    const t = testApp([
      plugin('a', (ctx) => {
        ctx.onTeardown(() => ran.push('a1'));
        return () => ran.push('a2');
      }),
      plugin('b', (ctx) => {
        ctx.onTeardown(() => {
          ran.push('b1');
          throw new Error('teardown broke');
        });
      }),
    ]);
    const scope = await scopeFor(t);
    expect(ran).toEqual([]);
    scope.dispose();
    scope.dispose();
    expect(ran).toEqual(['b1', 'a2', 'a1']);
    expect(t.logs).toContain('[registry] teardown failed: teardown broke');
  });
});

describe('createRequestScope with rollout flags', () => {
  /** Switches plugin 'b' off for users of KYC level 2 and up (the user info's `verified`). */
  const FLAGS = {
    flags: {
      'plugin.b.enabled': {
        state: 'ENABLED',
        variants: { on: true, off: false },
        defaultVariant: 'on',
        targeting: { if: [{ '>=': [{ var: 'kycLevel' }, 2] }, 'off', null] },
      },
    },
  };
  const USER_INFO = { status: 200, text: JSON.stringify({ code: 0, data: { verified: 2 } }) };

  /** Plugins 'a' (which routes '/a-page') and 'b', counting their setups by request path. */
  function countingApp() {
    const setups: string[] = [];
    const t = testApp(
      [{ ...plugin('a', () => void setups.push('a')), routes: () => [{ path: '/a-page', component: () => null }] }, plugin('b', () => void setups.push('b'))],
      async (req) => (req.url.endsWith('/usercenter/get_info') ? USER_INFO : OK),
      FLAGS,
    );
    return { t, setups };
  }

  it("activates a user's flagged plan once, after the core data its flags read, where a host route answers the path", async () => {
    const { t, setups } = countingApp();
    const scope = await scopeFor(t, '/', 'uid=7; nickname=alice');
    expect(setups).toEqual(['a']);
    expect(scope.plan.plugins.map((p) => p.id)).toEqual(['a']);
    expect(scope.activation.active).toEqual(['a']);
    expect(scope.flags).toEqual([{ key: 'plugin.b.enabled', variant: 'off', reason: 'TARGETING_MATCH' }]);
    expect(t.calls.map((c) => c.url)).toContain('/api/web/v1/usercenter/get_info');
    scope.dispose();
  });

  it("activates a user's flagged plan once where a plugin's route answers the path: routes are read from the plan, no setup runs for them", async () => {
    const { t, setups } = countingApp();
    const scope = await scopeFor(t, '/a-page', 'uid=7; nickname=alice');
    expect(setups).toEqual(['a']);
    expect(scope.activation.active).toEqual(['a']);
    expect(scope.route.path).toBe('/a-page');
    expect(scope.flags).toEqual([{ key: 'plugin.b.enabled', variant: 'off', reason: 'TARGETING_MATCH' }]);
    scope.dispose();
  });

  it("answers the 404 page, after one activation, when a user's flags switch off the plugin whose route the path is", async () => {
    const setups: string[] = [];
    const offForVerified = { flags: { 'plugin.a.enabled': { ...FLAGS.flags['plugin.b.enabled'] } } };
    const t = testApp(
      [{ ...plugin('a', () => void setups.push('a')), routes: () => [{ path: '/a-page', component: () => null }] }, plugin('b', () => void setups.push('b'))],
      async (req) => (req.url.endsWith('/usercenter/get_info') ? USER_INFO : OK),
      offForVerified,
    );
    const scope = await scopeFor(t, '/a-page', 'uid=7; nickname=alice');
    expect(setups).toEqual(['b']);
    expect(scope.route.status).toBe(404);
    scope.dispose();
  });

  it("decides a visitor's flags before the one activation (no user info read)", async () => {
    const { t, setups } = countingApp();
    const scope = await scopeFor(t, '/a-page');
    expect(setups).toEqual(['a', 'b']);
    expect(scope.flags).toEqual([{ key: 'plugin.b.enabled', variant: 'on', reason: 'DEFAULT' }]);
    expect(t.calls.map((c) => c.url)).not.toContain('/api/web/v1/usercenter/get_info');
    scope.dispose();
  });
});

/** A response stand-in that records what was done to it. */
function fakeResponse(closed: boolean) {
  const done: string[] = [];
  const rec =
    (name: string) =>
    (...args: unknown[]) =>
      void done.push(`${name}(${args.map((a) => (typeof a === 'string' ? a : typeof a)).join(',')})`);
  const res = {
    closed,
    destroyed: closed,
    headersSent: false,
    writableEnded: false,
    statusCode: 200,
    setHeader: rec('setHeader'),
    writeHead: rec('writeHead'),
    write: rec('write'),
    end: rec('end'),
    once: rec('once'),
    on: rec('on'),
    cork: rec('cork'),
    uncork: rec('uncork'),
  };
  return { res: res as typeof res & ServerResponse, done };
}

function pageRequest(path = '/'): IncomingMessage {
  return { url: path, method: 'GET', headers: { host: 'localhost:3000', 'user-agent': 'vitest' } } as unknown as IncomingMessage;
}

describe('handlePage', () => {
  function tearingDown(onTeardown: () => void) {
    return plugin('tear', (ctx) => {
      ctx.onTeardown(onTeardown);
    });
  }

  it('disposes the scope and renders nothing when the client left before the scope was ready', async () => {
    const teardown = vi.fn();
    const t = testApp([tearingDown(teardown)]);
    const { res, done } = fakeResponse(true);
    await handlePage(t.app, pageRequest(), res, CLIENT);
    // The scope was built (its data loaded) ...
    expect(t.calls.some((c) => c.url === '/api/web/v1/site/settings')).toBe(true);
    // ... and torn down, with nothing written.
    expect(teardown).toHaveBeenCalledOnce();
    expect(done).toEqual([]);
  });

  it('does the same when the client leaves while the data loads', async () => {
    const teardown = vi.fn();
    const { res, done } = fakeResponse(false);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let asked!: () => void;
    const waiting = new Promise<void>((r) => (asked = r));
    const t = testApp([tearingDown(teardown)], async (req) => {
      if (req.url.startsWith('/api/web/v1/compliance/check')) {
        asked();
        await gate;
      }
      return OK;
    });
    const handled = handlePage(t.app, pageRequest(), res, CLIENT);
    await waiting;
    expect(teardown).not.toHaveBeenCalled();
    res.closed = true;
    release();
    await handled;
    expect(teardown).toHaveBeenCalledOnce();
    expect(done).toEqual([]);
  });

  it('renders a page for a client still there, and disposes its scope once the response closes', async () => {
    const teardown = vi.fn();
    const t = testApp([tearingDown(teardown)]);
    let closed!: () => void;
    const responseClosed = new Promise<void>((r) => (closed = r));
    const server = createServer((req, res) => {
      res.once('close', () => setImmediate(closed));
      void handlePage(t.app, req, res, CLIENT);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/', headers: { host: `localhost:${port}` } }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatch(/^<!DOCTYPE html>/i);
      expect(reply.body).toContain('/assets/entry-test.js');
      await responseClosed;
      expect(teardown).toHaveBeenCalledOnce();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('disposes the scope of a guard redirect and answers 302', async () => {
    const teardown = vi.fn();
    const t = testApp([{ ...plugin('redirects', (ctx) => ctx.onTeardown(teardown)), guards: () => [() => '/elsewhere'] }]);
    const { res, done } = fakeResponse(false);
    await handlePage(t.app, pageRequest(), res, CLIENT);
    expect(teardown).toHaveBeenCalledOnce();
    expect(res.statusCode).toBe(302);
    expect(done).toContain('setHeader(Location,/elsewhere)');
    expect(done.at(-1)).toBe('end()');
  });
});
