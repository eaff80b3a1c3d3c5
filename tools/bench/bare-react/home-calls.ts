import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RegionConfig } from '../../../core/config/region';
import { API } from '../../../core/data/loaders';
import { isLoggedIn } from '../../../core/data/rules';
import { FLAG_FILE_NAME } from '../../../core/flags/file';
import { BackendClient, SERVER_TIMEOUT_MS, type CallOptions, type HttpCallEvent, type Transport } from '../../../core/http/client';
import { SharedReplyCache } from '../../../core/http/shared-cache';
import { ServerCookieJar } from '../../../core/util/cookies';
import { backendHeaders, clientInfo, devPortOf, loadBackendModules, paths, regionOriginFor, sharedScope, withLangCookie } from '../../../host';
import { builtEntry } from '../server';

/**
 * The back-end calls of main's home page, made as the shell makes them, for the bench's floor (bare React that calls
 * first, then renders): the same client (`BackendClient` with the server's transport), configured as the shell's
 * `serverHttpClient` (host/server/request-scope.ts: its headers, the page's deadline, a shared-cache scope per region,
 * language and scenario cookie), one shared cache for the process, against an embedded fake API thread started as
 * the shell starts its own (`startFakeApiThread`, from the built server's entry).
 */

/** The region the bench's home page is (`localhost`, SITE unset). */
const SITE = 'main';
/** Cookies shared replies vary with when the back end is the fake API (host/server/server.ts `varyCookies`). */
const VARY_COOKIES = ['mock_scenario'];

/** One GET of the page: its path, query and options, as the shell's loader passes them to its client. */
interface PageCall {
  path: string;
  params?: Record<string, unknown>;
  options?: CallOptions;
}

/** What a home page's calls depend on: who asks, in which language, and the page's own address. */
interface HomePage {
  loggedIn: boolean;
  locale: string;
  url: string;
}

export interface HomeBackend {
  /** Makes the back-end calls of the home page `req` asks for; resolves once every one has answered or failed. */
  callsFor(req: IncomingMessage): Promise<void>;
  /** The calls made so far, as the shell's /metrics writes them (`shell_backend_calls_total` by path and outcome). */
  metricsText(): string;
}

/** Starts the fake API thread and answers with what makes a home page's calls against it. */
export async function startHomeBackend(): Promise<HomeBackend> {
  const { createBackendTransport, startFakeApiThread } = await loadBackendModules();
  const configs = regionConfigs();
  const region = configs.find((c) => c.key === SITE)!;
  const log = (message: string) => console.log(message);
  // The thread's own messages (why it failed to start, a call that threw) go to stderr, which the bench shows.
  const fakeApi = await startFakeApiThread(pathToFileURL(builtEntry()), { configs, site: SITE, accessLog: accessLogOn() }, (m) => console.error(m));
  const counter = new CallCounter();
  const backend: Backend = {
    origin: fakeApi.origin,
    transport: createBackendTransport(fakeApi.origin),
    shared: new SharedReplyCache(),
    report: (event) => counter.count(event),
    log,
  };
  const callsOf = homeCalls(region);
  return {
    callsFor: (req) => {
      const cookies = new ServerCookieJar(req.headers.cookie);
      const page = {
        loggedIn: isLoggedIn({ uid: cookies.get('uid'), nickname: cookies.get('nickname') }),
        locale: region.defaultLang,
        url: `${regionOriginFor(region.key, { [region.key]: region.webSiteDomain }, devPortOf(req.headers.host))}/`,
      };
      return makeCalls(clientFor(req, cookies, region, page.locale, backend), callsOf(page));
    },
    metricsText: () => counter.text(),
  };
}

/** The region configs as committed (`paths.regionConfigs`, every file but the flag file): the fake API's regions. */
function regionConfigs(): RegionConfig[] {
  return readdirSync(paths.regionConfigs)
    .filter((name) => name.endsWith('.json') && name !== FLAG_FILE_NAME)
    .map((name) => JSON.parse(readFileSync(join(paths.regionConfigs, name), 'utf8')) as RegionConfig);
}

/** Whether the shell writes access-log lines (ACCESS_LOG, default on): its fake API thread logs each call then. */
const accessLogOn = () => !['0', 'false', 'no', 'off'].includes((process.env.ACCESS_LOG ?? '').toLowerCase());

/**
 * The shell's calls for `region`'s home ('/'), in its two waves: the core data (core/data/loaders.ts
 * `loadShellData`), then the plugins' loaders due on home (home's stats and download task, share's og_show and, for a
 * user, notifications' unread count), with the options the region gives them. The bench checks these paths against
 * the shell's own calls of one page before it measures.
 */
function homeCalls(region: RegionConfig): (page: HomePage) => PageCall[][] {
  const constId = stringOption(region, 'home', ['dlTask', 'constId']);
  const unreadCountPath = stringOption(region, 'notifications', ['unreadCountPath']);
  const shared: CallOptions = { shared: true };
  const sharedFile: CallOptions = { raw: true, shared: true };
  return (page) => [
    [
      ...(page.loggedIn ? [{ path: API.userInfo }] : []),
      { path: API.siteSettings, options: shared },
      { path: API.compliance, params: { lang: page.locale } },
      { path: API.coinIconWhitelist, options: sharedFile },
      { path: API.downloadLinks, options: sharedFile },
    ],
    [
      ...(page.loggedIn ? [{ path: unreadCountPath }] : []),
      // plugins/home/services/stats.ts and dl-task.ts: a visitor's download task may be shared, a user's never.
      { path: '/api/web/v1/site/homeStaticTradeData', options: shared },
      { path: '/api/web/v1/marketing-activity/dlGetTaskInfo', params: { const_id: constId }, options: { shared: !page.loggedIn } },
      // plugins/share/services/og.ts: the page's address and the region's id.
      { path: '/api/web/v1/marketing-activity/og_show', params: { url: page.url, sub_website_id: region.id }, options: shared },
    ],
  ];
}

/** A plugin's string option as the shell's plan has it: the region config's value, else the plugin schema's default. */
function stringOption(region: RegionConfig, plugin: string, path: readonly string[]): string {
  const at = (node: unknown, key: string) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined);
  const schema = JSON.parse(readFileSync(join(paths.plugins, plugin, 'schema.json'), 'utf8')) as unknown;
  const declared = path.reduce((node, key) => at(at(node, 'properties'), key), schema);
  const value = path.reduce(at, region.plugins[plugin]?.options) ?? at(declared, 'default');
  if (typeof value !== 'string') throw new Error(`${plugin} option ${path.join('.')}: no string in region ${region.key} or the plugin's schema`);
  return value;
}

/** Each wave's calls in parallel, the waves one after the other; a failed call is counted, as the shell's is, and left. */
async function makeCalls(http: BackendClient, waves: PageCall[][]): Promise<void> {
  for (const wave of waves) await Promise.all(wave.map((c) => http.get(c.path, c.params, c.options).catch(() => undefined)));
}

/** What every request's client shares: the fake API's origin, one transport, one shared cache, one counter. */
interface Backend {
  origin: string;
  transport: Transport;
  shared: SharedReplyCache;
  report: (event: HttpCallEvent) => void;
  log: (message: string) => void;
}

/** One request's client, configured as the shell's `serverHttpClient` (host/server/request-scope.ts). */
function clientFor(req: IncomingMessage, cookies: ServerCookieJar, region: RegionConfig, locale: string, backend: Backend): BackendClient {
  // No trusted proxy hops: TRUST_PROXY's default.
  const client = clientInfo(req, 0);
  return new BackendClient({
    side: 'server',
    baseURL: backend.origin,
    dataPathPrefix: region.api.dataPathPrefix,
    marks: region.marks,
    headers: {
      'x-internal-request': '1',
      ...backendHeaders(client, req.headers.host),
      'user-agent': String(req.headers['user-agent'] ?? ''),
      cookie: withLangCookie(req.headers.cookie ?? '', locale),
    },
    csrfToken: () => cookies.peek('csrftoken'),
    deadline: client.arrivedAt + SERVER_TIMEOUT_MS,
    log: backend.log,
    transport: backend.transport,
    shared: sharedScope(backend.shared, VARY_COOKIES, region.key, locale, cookies),
    report: backend.report,
  });
}

/** Back-end calls by path and outcome (ok, error, shared), as the shell's metrics count them. */
class CallCounter {
  private readonly counts = new Map<string, number>();

  count(event: HttpCallEvent): void {
    if (event.kind !== 'call') return;
    const series = `path="${event.path}",outcome="${event.outcome}"`;
    this.counts.set(series, (this.counts.get(series) ?? 0) + 1);
  }

  text(): string {
    return [...this.counts].map(([series, n]) => `shell_backend_calls_total{${series}} ${n}\n`).join('');
  }
}
