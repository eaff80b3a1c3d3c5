import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';
import type { FlagEvaluationEvent } from '../../core/flags/types';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { HOST_PLACES } from '../app/slots';
import type { RegionConfig } from '../../core/config/region';
import { explainTrace } from './explain-trace';
import { SharedReplyCache } from '../../core/http/shared-cache';
import { observe, type RequestKind } from './access-log';
import { proxyToApi, refuseConnect, sendProxyError } from './api-proxy';
import { guardConnections } from './connection-guard';
import { registerAppSingletons, type ServerApp, type SiteVersion } from './app-context';
import { AssetManifest, type PageAssetSource } from './assets';
import { createBackendTransport } from './backend-transport';
import { clientInfo, type ClientInfo } from './client-info';
import { ReloadAudit, type ReloadRecord } from './config-audit';
import { ConfigReloader } from './config-reload';
import { startConfigCheckThread } from './config-check-thread';
import type { ConfigChecker } from './config-check';
import { watchConfigFolder, type ConfigWatch } from './config-watch';
import { startFakeApiThread, type FakeApiThread, type FakeApiThreadInit } from './fake-api-thread';
import { Lifecycle } from './lifecycle';
import { countFlagEvaluation, flagVariants, metricsContentType, metricsText, reportBackendCall, reportReplyTooLarge } from './metrics';
import { handlePage, sendErrorPage } from './page';
import { folderChanges } from './config-change';
import { OPERATOR_JSON_PATH, OPERATOR_PATH, operatorView as buildOperatorView, serveOperator } from './operator-page';
import { proxyIdentity } from './operator-session';
import { paths } from './paths';
import { isApiPath, isControlPath } from './proxy-rules';
import { installedPlugins } from './plugins';
import { buildSiteVersion } from './site-version';
import { SiteFlagSources } from './site-flags';
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
  /** The folder of the region configs and flags.json (env REGION_CONFIGS_DIR; default paths.regionConfigs). */
  regionConfigsDir?: string;
  /** Reload when the folder changes (default true; SIGHUP reloads either way, through `reload`). */
  watchConfigs?: boolean;
  /** Check the config folder on a thread of `entry` (default: when there is an `entry`), never on the serving thread. */
  configCheckThread?: boolean;
  /** Bearer token of the operator page (env OPERATOR_TOKEN); without it the page answers 404. */
  operatorToken?: string;
  /** The header naming the person the operator's proxy signed in (settings.ts `operatorIdentityHeader`). */
  operatorIdentityHeader?: string;
  /** A file every reload's audit line is appended to, and read back at start (env CONFIG_AUDIT_FILE). */
  auditFile?: string;
  /** The browser's code and static files (default: the client build in SHELL_DIST); the dev server gives Vite's. */
  client?: ClientFiles;
  /** Starts the fake API (default: a thread of `entry`); the dev server runs it in its own process. */
  startFakeApi?: (init: Omit<FakeApiThreadInit, 'role' | 'port'>, log: (message: string) => void) => Promise<FakeApiThread>;
}

/** Where a page's scripts and styles are, and who answers `/assets/`, `/static/`, `/sw.js` and `/favicon.ico`. */
export interface ClientFiles {
  assets: PageAssetSource;
  serveStatic: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

export interface RunningShell {
  server: Server;
  app: ServerApp;
  url: string;
  lifecycle: Lifecycle;
  /** Reads, checks and applies the config folder (SIGHUP), after the reload running if any; never rejects. */
  reload: (source: 'file' | 'signal') => Promise<ReloadRecord>;
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

type BuildOptions = Pick<
  StartOptions,
  'site' | 'apiOrigin' | 'fakeApi' | 'entry' | 'configCheckThread' | 'log' | 'only' | 'pageReuse' | 'limits' | 'regionConfigsDir' | 'auditFile'
> & {
  client?: ClientFiles;
  fakeOrigin: () => string;
  /** After a new version is swapped in (the app's own caches already follow it). */
  onApplied: (site: SiteVersion) => void;
};

/** The public strings page texts interpolate (region names and domains): their translations are memoized. */
const publicConstants = (configs: readonly RegionConfig[]) => configs.flatMap((c) => [c.name, c.webSiteDomain, c.ogSiteName]);

const configsDir = (options: Pick<StartOptions, 'regionConfigsDir'>) => options.regionConfigsDir ?? paths.regionConfigs;

/**
 * The reloader of the config folder, loaded with its first set: builds each valid set's site version, and after a swap
 * clears what it derived. Every check, the first included, runs where `checker` runs it: the server's config check
 * thread (the first check there too, though nothing is served yet: it leaves the thread warm, its cache filled, for
 * the first reload), or without one (the dev server, `npm run explain`) this thread.
 */
function createReloader(
  options: BuildOptions,
  catalogue: PluginCatalogue,
  checker: ConfigChecker | undefined,
  after: (site: SiteVersion) => void,
): Promise<ConfigReloader> {
  const log = options.log ?? ((m: string) => console.log(m));
  const dir = configsDir(options);
  const onEvaluation = (e: FlagEvaluationEvent) => {
    countFlagEvaluation(e);
    flagVariants.count(e);
  };
  const flagSources = new SiteFlagSources({ catalogue, onEvaluation, log });
  return ConfigReloader.start({
    dir,
    catalogue,
    localesDir: paths.locales,
    checker,
    log,
    build: (set) =>
      buildSiteVersion(options.only?.length ? set.configs.map((c) => isolatePlugins(c, options.only!, catalogue)) : set.configs, catalogue, {
        defaultSite: options.site ?? 'main',
        pageReuse: options.pageReuse !== false,
        flags: set.flags,
        flagSources,
      }),
    onApplied: (site) => after(site),
    // Audit lines go to stdout beside the access log, or to the caller's log (npm run explain keeps stdout for its answer).
    audit: new ReloadAudit(options.log, undefined, options.auditFile),
  });
}

/**
 * Builds the app (the config reloader with the first valid set, plugin catalogue, translations, assets, the back-end
 * transport). Throws with every problem listed when the configs are invalid: the server never half-starts.
 */
async function buildApp(options: BuildOptions): Promise<{ app: ServerApp; reloader: ConfigReloader; client: ClientFiles }> {
  const log = options.log ?? ((m: string) => console.log(m));
  // Started first: the thread loads its modules while this one builds its catalogue.
  const entry = options.configCheckThread === false ? undefined : options.entry;
  const checker = entry ? startConfigCheckThread(entry, { dir: configsDir(options), localesDir: paths.locales }, log) : undefined;
  const catalogue = new PluginCatalogue(installedPlugins(), HOST_PLACES);
  const shared = new SharedReplyCache();
  const reloader = await createReloader(options, catalogue, checker, (site) => {
    // Replies fetched for the old version (its data path prefixes, its regions) are not this one's.
    shared.clear();
    translations.setConstants(publicConstants(site.regions.all));
    options.onApplied(site);
  });
  const translations = new TranslationCatalogue(paths.locales, paths.plugins, log, publicConstants(reloader.site().regions.all));
  const apiOrigin = () => options.apiOrigin ?? options.fakeOrigin();
  let transport: ReturnType<typeof createBackendTransport> | undefined;
  const client = options.client ?? builtClient();
  const app = registerAppSingletons({
    site: reloader.site,
    catalogue,
    translations,
    assets: client.assets,
    apiOrigin,
    fakeApi: !options.apiOrigin && options.fakeApi !== false,
    backend: {
      // Created on first use: the fake API's port is known only once its thread listens.
      transport: (request) =>
        (transport ??= createBackendTransport(apiOrigin(), { replyLimitBytes: options.limits?.backendReplyLimitBytes, onTooLarge: reportReplyTooLarge }))(
          request,
        ),
      shared,
      varyCookies: options.fakeApi === false || options.apiOrigin ? [] : ['mock_scenario'],
      report: (event) => {
        reportBackendCall(event);
        explainTrace()?.calls.push(event);
      },
    },
    log,
  });
  return { app, reloader, client };
}

const isStatic = (path: string) => path.startsWith('/assets/') || path.startsWith('/static/') || path === '/sw.js' || path === '/favicon.ico';
const LOCALE_FILE = /^\/locales\/([a-z0-9-]+)\/([a-z0-9-]+)\.json$/i;

/** Compresses every compressible answer (HTML streamed, JSON, JS, CSS, SVG) but event streams, by Accept-Encoding. */
const compress = compression({
  threshold: 1024,
  filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
});

/** The client build: assets precompressed at build time (.br, .gz beside each file); sirv picks one by Accept-Encoding. */
function builtClient(): ClientFiles {
  return { assets: new AssetManifest(paths.manifest), serveStatic: staticAssets() };
}

function staticAssets(): ClientFiles['serveStatic'] {
  const serve = sirv(paths.clientDist, {
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
  return (req, res, next) => {
    // sirv pipes a file's read stream into the response with no error listener: a file listed at start-up and gone
    // since (a build replaced in place, a disk error) would end the process. That response is cut off instead.
    res.once('pipe', (source: NodeJS.ReadableStream) => source.once('error', () => res.destroy()));
    serve(req, res, next);
  };
}

type Route = (req: IncomingMessage, res: ServerResponse, path: string, client: ClientInfo, setKind: (k: RequestKind) => void) => Promise<void>;

/** Routes one request after the operational paths: static files, translations, the API (and fake API control), pages. */
function createRoute(app: ServerApp, hasFakeApi: () => boolean, serveStatic: ClientFiles['serveStatic']): Route {
  return async (req, res, path, client, setKind) => {
    if (isStatic(path)) {
      setKind('static');
      return serveStatic(req, res, () => notFound(res));
    }
    const locale = LOCALE_FILE.exec(path);
    if (locale) {
      setKind('static');
      return sendJson(res, app.translations.get(locale[1], locale[2]), 'public, max-age=3600');
    }
    setKind('api');
    const control = isControlPath(path);
    if (control && !hasFakeApi()) return sendProxyError(req, res, { status: 404, message: 'not an API path' });
    if (control || isApiPath(path)) {
      const site = app.site();
      const region = site.regions.forHost(req.headers.host);
      await proxyToApi(app.apiOrigin(), req, res, client, {
        control,
        marks: region.marks,
        siteDomain: region.webSiteDomain,
        framed: site.framed.get(region.key),
      });
      // A scenario registered or removed changes what shared replies would be: start afresh.
      if (control && req.method !== 'GET' && req.method !== 'HEAD') app.backend.shared.clear();
      return;
    }
    setKind('page');
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res, 405);
    // The page is rendered with this one version, and says which.
    const site = app.site();
    res.setHeader('X-Config-Version', site.version);
    await handlePage({ ...app, site: () => site }, req, res, client);
  };
}

/** Answers one request: health, readiness, metrics and the operator page first, then `route` (compressed). */
function createHandler(
  app: ServerApp,
  route: Route,
  o: {
    lifecycle: Lifecycle;
    reloader: ConfigReloader;
    trustProxy: number;
    accessLog: ((line: string) => void) | null;
    operatorToken?: string;
    operatorIdentityHeader?: string;
  },
) {
  const operatorView = () =>
    buildOperatorView(o.reloader.site(), o.reloader.snapshot(), o.reloader.audit.recent(), o.reloader.blocked(), flagVariants.counts());
  const changes = folderChanges(o.reloader.dir, (change) => o.reloader.prepareChange(change));
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const client = clientInfo(req, o.trustProxy);
    let kind: RequestKind = 'ops';
    observe(req, res, () => ({ id: client.requestId, region: app.site().regions.forHost(req.headers.host).key, kind }), o.accessLog);
    o.lifecycle.track(res);
    res.setHeader('X-Request-Id', client.requestId);
    try {
      if (path === '/healthz') return sendText(res, 200, 'ok');
      if (path === '/readyz')
        return sendText(res, o.lifecycle.isReady ? 200 : 503, o.lifecycle.isReady ? 'ready' : o.lifecycle.isDraining ? 'draining' : 'starting');
      if (path === '/metrics') return sendText(res, 200, await metricsText(), metricsContentType);
      if (path === OPERATOR_PATH || path === OPERATOR_JSON_PATH)
        return await serveOperator(
          req,
          res,
          path,
          o.operatorToken,
          operatorView,
          {
            nowS: Math.floor(Date.now() / 1000),
            secure: client.proto === 'https',
            identity: proxyIdentity(req, o.operatorIdentityHeader),
          },
          changes,
        );
      await new Promise<void>((resolve, reject) =>
        compress(req as never, res as never, () => void route(req, res, path, client, (k) => (kind = k)).then(resolve, reject)),
      );
    } catch (err) {
      // A client that went away, or whose request REQUEST_TIMEOUT_MS cut (Node answered it 408): nothing to answer or log.
      if (clientGone(req, err)) return;
      app.log(`[server] ${req.method} ${req.url} (request ${client.requestId}) failed: ${(err as Error)?.stack ?? String(err)}`);
      sendErrorPage(res, client.proto === 'https', app.translations.errorTexts(errorLocale(app, req, path)));
    }
  };
}

/** Whether `err` is the request's own end: its connection closed while it was read (Node's 'aborted' reset). */
function clientGone(req: IncomingMessage, err: unknown): boolean {
  return req.socket.destroyed && (err as NodeJS.ErrnoException)?.code === 'ECONNRESET';
}

/** Reloads on changes in the config folder (file events and the periodic content check). */
function watchConfigs(reloader: ConfigReloader, dir: string, log: (m: string) => void): ConfigWatch {
  return watchConfigFolder({ dir, log, onChange: () => void reloader.reload('file') });
}

/** Starts the fake API's thread (when the app serves it) with the serving version's configs. */
async function startFakeApi(app: ServerApp, options: StartOptions): Promise<FakeApiThread | null> {
  if (!app.fakeApi) return null;
  const init = { configs: app.site().regions.all, site: options.site ?? 'main', accessLog: !!options.accessLog };
  if (options.startFakeApi) return options.startFakeApi(init, app.log);
  if (!options.entry) throw new Error('startServer: the fake API needs `entry`, the server entry module that runs its thread');
  return startFakeApiThread(options.entry, init, app.log);
}

/** The shell without its socket: what answers a request (the dev server swaps one for the next after an edit). */
export interface Shell {
  app: ServerApp;
  reloader: ConfigReloader;
  lifecycle: Lifecycle;
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Stops the fake API (once nothing in flight needs it). */
  closeFakeApi: () => Promise<void>;
}

/** Builds the app, starts the fake API, makes the handler. */
export async function createShell(options: StartOptions): Promise<Shell> {
  let fakeApi: FakeApiThread | null = null;
  const { app, reloader, client } = await buildApp({
    ...options,
    fakeOrigin: () => {
      if (!fakeApi) throw new Error('the fake API is not running');
      return fakeApi.origin;
    },
    onApplied: (site) => fakeApi?.updateConfigs(site.regions.all),
  });
  fakeApi = await startFakeApi(app, options);
  const lifecycle = new Lifecycle();
  const route = createRoute(app, () => !!fakeApi, client.serveStatic);
  const handle = createHandler(app, route, {
    lifecycle,
    reloader,
    trustProxy: options.trustProxy ?? 0,
    accessLog: options.accessLog ?? null,
    operatorToken: options.operatorToken,
    operatorIdentityHeader: options.operatorIdentityHeader,
  });
  const closeFakeApi = async () => {
    await fakeApi?.close();
  };
  return { app, reloader, lifecycle, handle, closeFakeApi };
}

/** Starts serving: builds the shell (app, fake API, handler); listens; watches the config folder. */
export async function startServer(options: StartOptions): Promise<RunningShell> {
  const { app, reloader, lifecycle, handle, closeFakeApi } = await createShell(options);
  const limits = options.limits ?? {};
  const server = createServer(serverOptions(limits), (req, res) => void handle(req, res));
  if (limits.maxConnections) server.maxConnections = limits.maxConnections;
  const unguard = guardConnections(server, {
    headersTimeoutMs: limits.headersTimeoutMs ?? 10_000,
    sendTimeoutMs: limits.sendTimeoutMs ?? 30_000,
    maxQueued: MAX_QUEUED_REQUESTS,
  });
  server.on('connect', refuseConnect);
  await listen(server, options.port, options.host ?? '0.0.0.0');
  const watch = options.watchConfigs === false ? null : watchConfigs(reloader, configsDir(options), app.log);
  lifecycle.markReady();
  const address = server.address();
  return {
    server,
    app,
    url: `http://localhost:${address && typeof address === 'object' ? address.port : options.port}`,
    lifecycle,
    reload: (source) => reloader.reload(source),
    close: async ({ delayMs = 0 } = {}) => {
      watch?.close();
      unguard();
      const { cut } = await lifecycle.drain(server, { delayMs });
      if (cut) app.log(`[server] drain time-out: ${cut} responses cut off`);
      // Only now: a page in flight at SIGTERM can still make its later calls (its loaders).
      await Promise.all([closeFakeApi(), reloader.close()]);
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

/** Requests of one connection not yet answered (pipelined): one more closes the connection. */
const MAX_QUEUED_REQUESTS = 16;

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
