import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';
import { PluginCatalogue } from '../../core/registry/catalogue';
import type { RegionConfig } from '../../core/config/region';
import { loadRegionConfigs } from '../../core/config/validate';
import { explainTrace } from './explain-trace';
import { RESERVED_PATHS } from '../app/host-paths';
import { SharedReplyCache } from '../../core/http/shared-cache';
import { observe, type RequestKind } from './access-log';
import { proxyToApi, refuseConnect, sendProxyError } from './api-proxy';
import { registerAppSingletons, type ServerApp } from './app-context';
import { AssetManifest } from './assets';
import { createBackendTransport } from './backend-transport';
import { clientInfo } from './client-info';
import { startFakeApiThread, type FakeApiThread } from './fake-api-thread';
import { Lifecycle } from './lifecycle';
import { metricsContentType, metricsText, reportBackendCall, reportReplyTooLarge } from './metrics';
import { handlePage, sendErrorPage } from './page';
import { paths } from './paths';
import { isApiPath, isControlPath } from './proxy-rules';
import { installedPlugins } from './plugins';
import { buildSiteVersion } from './site-version';
import type { ConnectionLimits } from './settings';
import { TranslationCatalogue } from './translations';

export interface StartOptions {
  port: number;
  host?: string;
  /** Region for plain localhost (env SITE). */
  site?: string;
  /** A real back end (env API_ORIGIN); when set the fake API is never loaded. */
  apiOrigin?: string;
  /** Serve the embedded fake exchange API (env FAKE_API; default: when there is no API_ORIGIN). */
  fakeApi?: boolean;
  /** The server entry module, which runs the fake API's thread (fake-api-thread.ts); needed when the fake API runs. */
  entry?: URL;
  /** X-Forwarded-* hops trusted (env TRUST_PROXY, default 0). */
  trustProxy?: number;
  /** Where access-log lines go (one JSON object per request); none when left out. */
  accessLog?: (line: string) => void;
  log?: (message: string) => void;
  /** Dev harness (env SHELL_ONLY): only these plugins and what they require, enabled in every region. */
  only?: string[];
  /** Reuse visitor pages rendered from the same data (env PAGE_REUSE, default on; see page-reuse.ts). */
  pageReuse?: boolean;
  /** Connection time-outs and limits (settings.ts `ConnectionLimits`); the documented defaults where left out. */
  limits?: Partial<ConnectionLimits>;
}

export interface RunningShell {
  server: Server;
  app: ServerApp;
  url: string;
  lifecycle: Lifecycle;
  /** Drains (lifecycle.ts: readiness off, serving on for `delayMs`, then no new connections, in-flight pages finish), closes. */
  close: (options?: { delayMs?: number }) => Promise<void>;
}

/** A copy of a region config whose plugin map holds just `ids` and their dependencies, all enabled. */
function isolatePlugins(config: RegionConfig, ids: string[], catalogue: PluginCatalogue): RegionConfig {
  const keep = new Set<string>();
  const add = (id: string) => {
    if (keep.has(id)) return;
    const def = catalogue.definitions.get(id);
    if (!def) throw new Error(`SHELL_ONLY names '${id}', which is not an installed plugin`);
    keep.add(id);
    def.requires?.forEach(add);
  };
  ids.forEach(add);
  return { ...config, plugins: Object.fromEntries([...keep].map((id) => [id, { options: config.plugins[id]?.options ?? {} }])) };
}

/**
 * Builds the immutable app (validated region configs, plugin catalogue, plans, translations, assets, the back-end
 * transport). Throws with every problem listed when a region config is invalid: the server never half-starts.
 */
function buildApp(
  options: Pick<StartOptions, 'site' | 'apiOrigin' | 'fakeApi' | 'log' | 'only' | 'pageReuse' | 'limits'> & { fakeOrigin: () => string },
): ServerApp {
  const log = options.log ?? ((m: string) => console.log(m));
  const catalogue = new PluginCatalogue(installedPlugins());
  const loaded = [...loadRegionConfigs(paths.regionConfigs, catalogue, { localesDir: paths.locales, reservedPaths: RESERVED_PATHS }).values()];
  const configs = options.only?.length ? loaded.map((c) => isolatePlugins(c, options.only!, catalogue)) : loaded;
  const site = buildSiteVersion(configs, catalogue, { defaultSite: options.site ?? 'main', pageReuse: options.pageReuse !== false });
  const apiOrigin = () => options.apiOrigin ?? options.fakeOrigin();
  let transport: ReturnType<typeof createBackendTransport> | undefined;
  return registerAppSingletons({
    site: () => site,
    catalogue,
    // Region names and domains: the public values page texts interpolate (their translations are memoized).
    translations: new TranslationCatalogue(
      paths.locales,
      paths.plugins,
      log,
      configs.flatMap((c) => [c.name, c.webSiteDomain, c.ogSiteName]),
    ),
    assets: new AssetManifest(paths.manifest),
    apiOrigin,
    fakeApi: !options.apiOrigin && options.fakeApi !== false,
    backend: {
      // Created on first use: the fake API's port is known only once its thread listens.
      transport: (request) =>
        (transport ??= createBackendTransport(apiOrigin(), { replyLimitBytes: options.limits?.backendReplyLimitBytes, onTooLarge: reportReplyTooLarge }))(
          request,
        ),
      shared: new SharedReplyCache(),
      varyCookies: options.fakeApi === false || options.apiOrigin ? [] : ['mock_scenario'],
      report: (event) => {
        reportBackendCall(event);
        explainTrace()?.calls.push(event);
      },
    },
    log,
  });
}

const isStatic = (path: string) => path.startsWith('/assets/') || path.startsWith('/static/') || path === '/sw.js' || path === '/favicon.ico';
const LOCALE_FILE = /^\/locales\/([a-z0-9-]+)\/([a-z0-9-]+)\.json$/i;

/** Compresses every compressible answer (HTML streamed, JSON, JS, CSS, SVG) but event streams, by Accept-Encoding. */
const compress = compression({
  threshold: 1024,
  filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
});

export async function startServer(options: StartOptions): Promise<RunningShell> {
  let port = options.port;
  let fakeApi: FakeApiThread | null = null;
  const app = buildApp({
    ...options,
    fakeOrigin: () => {
      if (!fakeApi) throw new Error('the fake API is not running');
      return fakeApi.origin;
    },
  });
  if (app.fakeApi) {
    if (!options.entry) throw new Error('startServer: the fake API needs `entry`, the server entry module that runs its thread');
    fakeApi = await startFakeApiThread(
      options.entry,
      { configs: app.site().regions.all, site: options.site ?? 'main', accessLog: !!options.accessLog },
      app.log,
    );
  }
  const lifecycle = new Lifecycle();
  // Assets are precompressed at build time (.br, .gz beside each file); sirv picks one by Accept-Encoding.
  const assets = sirv(paths.clientDist, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader(
        'Cache-Control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : pathname === '/sw.js' ? 'no-cache' : 'public, max-age=86400',
      );
    },
  });

  const route = async (req: IncomingMessage, res: ServerResponse, path: string, client: ReturnType<typeof clientInfo>, setKind: (k: RequestKind) => void) => {
    if (isStatic(path)) {
      setKind('static');
      return assets(req, res, () => notFound(res));
    }
    const locale = LOCALE_FILE.exec(path);
    if (locale) {
      setKind('static');
      return sendJson(res, app.translations.get(locale[1], locale[2]), 'public, max-age=3600');
    }
    setKind('api');
    const control = isControlPath(path);
    if (control && !fakeApi) return sendProxyError(req, res, { status: 404, message: 'not an API path' });
    if (control || isApiPath(path)) {
      await proxyToApi(app.apiOrigin(), req, res, client, { control, marks: app.site().regions.forHost(req.headers.host).marks });
      // A scenario registered or removed changes what shared replies would be: start afresh.
      if (control && req.method !== 'GET' && req.method !== 'HEAD') app.backend.shared.clear();
      return;
    }
    setKind('page');
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res, 405);
    await handlePage(app, req, res, client);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const client = clientInfo(req, options.trustProxy ?? 0);
    let kind: RequestKind = 'ops';
    observe(req, res, () => ({ id: client.requestId, region: app.site().regions.forHost(req.headers.host).key, kind }), options.accessLog ?? null);
    lifecycle.track(res);
    res.setHeader('X-Request-Id', client.requestId);
    try {
      if (path === '/healthz') return sendText(res, 200, 'ok');
      if (path === '/readyz') return sendText(res, lifecycle.isReady ? 200 : 503, lifecycle.isReady ? 'ready' : lifecycle.isDraining ? 'draining' : 'starting');
      if (path === '/metrics') return sendText(res, 200, await metricsText(), metricsContentType);
      await new Promise<void>((resolve, reject) =>
        compress(req as never, res as never, () => void route(req, res, path, client, (k) => (kind = k)).then(resolve, reject)),
      );
    } catch (err) {
      app.log(`[server] ${req.method} ${req.url} (request ${client.requestId}) failed: ${(err as Error)?.stack ?? String(err)}`);
      sendErrorPage(res, client.proto === 'https', app.translations.errorTexts(errorLocale(app, req, path)));
    }
  };

  const server = createServer(serverOptions(options.limits ?? {}), (req, res) => void handle(req, res));
  if (options.limits?.maxConnections) server.maxConnections = options.limits.maxConnections;
  server.on('connect', refuseConnect);
  await listen(server, options.port, options.host ?? '0.0.0.0');
  const address = server.address();
  if (address && typeof address === 'object') port = address.port;
  lifecycle.markReady();
  return {
    server,
    app,
    url: `http://localhost:${port}`,
    lifecycle,
    close: async ({ delayMs = 0 } = {}) => {
      const { cut } = await lifecycle.drain(server, { delayMs });
      if (cut) app.log(`[server] drain time-out: ${cut} responses cut off`);
      // Only now: a page in flight at SIGTERM can still make its later calls (its loaders).
      await fakeApi?.close();
    },
  };
}

/** The locale of a request that failed before its page knew it: the path's prefix, the `lang` cookie, the region's default. */
function errorLocale(app: ServerApp, req: IncomingMessage, path: string): string | undefined {
  try {
    const region = app.site().regions.forHost(req.headers.host);
    const first = path.split('/')[1] ?? '';
    if (region.languages.includes(first)) return first;
    const cookie = /(?:^|;\s*)lang=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    return cookie && region.languages.includes(cookie) ? cookie : region.defaultLang;
  } catch {
    return undefined;
  }
}

/** Time-outs of the HTTP server: a whole request (headers and body) within `requestTimeoutMs`, checked every second. */
function serverOptions(limits: Partial<ConnectionLimits>): ServerOptions {
  const requestTimeout = limits.requestTimeoutMs ?? 30_000;
  return {
    requestTimeout,
    headersTimeout: Math.min(limits.headersTimeoutMs ?? 10_000, requestTimeout),
    keepAliveTimeout: limits.keepAliveTimeoutMs ?? 5000,
    connectionsCheckingInterval: 1000,
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => resolve());
  });
}

function notFound(res: ServerResponse, status = 404) {
  sendText(res, status, status === 405 ? 'Method Not Allowed' : 'Not Found');
}

function sendText(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

function sendJson(res: ServerResponse, body: unknown, cacheControl: string) {
  if (body === undefined) return notFound(res);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.end(JSON.stringify(body));
}
