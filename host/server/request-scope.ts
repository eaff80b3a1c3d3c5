import type { IncomingMessage } from 'node:http';
import { BackendClient, SERVER_TIMEOUT_MS } from '../../core/http/client';
import { isMobileUserAgent } from '../../core/state/shell-state';
import type { ServerCookieJar } from '../../core/util/cookies';
import { Monitor } from '../../core/util/monitoring';
import { MASKING } from '../../core/util/mask';
import { defaultShellData } from '../../core/data/defaults';
import type { ShellData } from '../../core/data/types';
import { loadShellData } from '../../core/data/loaders';
import { isLoggedIn } from '../../core/data/rules';
import { SHELL_NAMESPACES, localeInfo, type LocaleInfo } from '../../core/i18n/locales';
import { siteFactsOf, type RegionConfig } from '../../core/config/region';
import type { RegionPlan } from '../../core/registry/plan';
import { buildRequestEnv, type RequestEnv } from '../../core/request/build-request-env';
import { resolveRoute } from '../app/resolve-route';
import { planDeclarations } from '../../core/registry/plan-declarations';
import { isReady, preloadPage, viewSource } from '../../core/react/lazy-page';
import { itemsTheFirstRenderShows, pluginsTheBrowserSkips, pluginsTheFirstRenderNeeds, preloadRenderedViews } from '../../core/react/slot-views';
import { DEFERRED_SHELL_VIEWS, shellViewsFor } from '../app/shell-views';
import { regionOriginFor } from '../app/boot';
import { devPortOf } from './regions';
import type { ServerApp, SiteVersion } from './app-context';
import { runRequestLine, type PreparedPage } from '../../core/request/request-line';
import { everyUsersLoaderData } from '../../core/react/postpone';
import { SideTable } from '../../core/util/side-table';
import type { HostRoute } from '../app/routes';
import { explainTrace, type ExplainTrace } from './explain-trace';
import { deepFreeze } from '../../core/util/freeze';
import { backendHeaders, type ClientInfo } from './client-info';
import { sharedScope, withLangCookie } from './backend-scope';
import { withoutRecordingReads } from './page-send';
import type { RequestScope } from './request-scope-types';
import { requestFlags } from './request-flags';
import { KeptPerOwner } from '../../core/util/kept';

/** The state's value until the request's data has loaded: shared and frozen (nobody may change it). */
const DEFAULT_DATA = deepFreeze(defaultShellData());

export type { RequestScope };

/** What the page handler knows of a request before its scope: where, in which language, for which path. */
export interface ScopeInput {
  site: SiteVersion;
  client: ClientInfo;
  region: RegionConfig;
  locale: string;
  langPrefix: string;
  path: string;
  query: Record<string, string>;
  cookies: ServerCookieJar;
  /** The path is another app's (`otherApps`): only the guards run, no plugin loader and no page code. */
  handOff?: boolean;
}

/** The request's decisions before anything runs: the plan it activates, its locale, the visitor's device. */
interface Resolved {
  plan: RegionPlan;
  locale: LocaleInfo;
  devPort: string | null;
  login: { uid: string; nickname: string; isLogin: boolean };
  agent: { viewportWidth: number; inApp: boolean; mobileAgent: boolean };
}

/** When a page's time is up (epoch ms): 20 s from its request's arrival, for its loaders and every back-end call. */
const pageDeadline = (input: ScopeInput) => input.client.arrivedAt + SERVER_TIMEOUT_MS;

/**
 * Everything one page request needs: the request line of core (core/request/request-line.ts: core data and flags,
 * the plan's route, one activation, guards, loaders, the code of the views) run with the server's ports (its HTTP
 * client, flags, route table, page-reuse bookkeeping, explain trace). Nothing waits on the back end past the server
 * time-out, counted from the request's start.
 */
export async function createRequestScope(app: ServerApp, req: IncomingMessage, input: ScopeInput): Promise<RequestScope> {
  const site = resolveRequest(req, input);
  const services = requestServices(app, req, input, site);
  const trace = explainTrace();
  const line = await runRequestLine(serverPorts(app, req, input, site, services, trace), {
    path: input.path,
    query: input.query,
    isLogin: site.login.isLogin,
    deadline: pageDeadline(input),
    handOff: input.handOff,
  });
  const { built, flagged, route, params } = line;
  const scope: RequestScope = {
    region: input.region,
    plan: flagged.plan,
    flags: flagged.flags,
    flagContext: flagged.context,
    locale: site.locale,
    langPrefix: input.langPrefix,
    path: input.path,
    query: input.query,
    cookies: input.cookies,
    env: built.env,
    activation: built.activation,
    monitor: built.monitor,
    route,
    params,
    loaderData: line.loaderData,
    i18n: built.i18n,
    namespaces: namespacesOf(app, built),
    devPort: site.devPort,
    redirect: line.redirect,
    ...(line.views ?? NO_VIEWS),
    dispose: built.dispose,
  };
  trace?.onScope?.(scope);
  return scope;
}

/** The user of a page prerendered for every logged-in user: logged in, nothing else known (frozen: its JSON is made once). */
const EVERY_USER = deepFreeze({ ...DEFAULT_DATA.user, isLogin: true });

/** The core data as a page prerendered for every logged-in user has it: the user is logged in, with nothing of theirs. */
export function everyUsersData(data: ShellData): ShellData {
  let made = everyUsers.get(data);
  if (!made) everyUsers.set(data, (made = { ...data, user: EVERY_USER }));
  return made;
}
/** By the request's core data: a side table, so the data dies young (core/util/side-table.ts). */
const everyUsers = new SideTable<ShellData, ShellData>("every user's data");

/**
 * The environment a logged-in page is prerendered in for every user of its key (prerender.ts): the request line again
 * on the request's plan, core data (its user as every user: `everyUsersData`) and loaders' data, with the plugins
 * activated anew, so nothing they made for this request's user reaches the prerender. The page is served: guards and
 * loaders do not run again.
 */
export async function prerenderEnvOf(app: ServerApp, req: IncomingMessage, input: ScopeInput, scope: RequestScope): Promise<RequestEnv> {
  const site = resolveRequest(req, input);
  const services = requestServices(app, req, input, site);
  const line = await runRequestLine(
    {
      ...serverPorts(app, req, input, site, services, null),
      basePlan: scope.plan,
      decideFlags: () => Promise.resolve({ plan: scope.plan }),
      loadCoreData: () => Promise.resolve(everyUsersData(scope.env.state.data)),
      prepareViews: undefined,
    },
    {
      path: input.path,
      query: input.query,
      isLogin: true,
      deadline: pageDeadline(input),
      served: { loaderData: everyUsersLoaderData(scope.activation, scope.loaderData) },
    },
  );
  return line.built;
}

const NO_VIEWS: Pick<RequestScope, 'views' | 'shown' | 'firstRender' | 'serverOnly' | 'viewSources' | 'deferredViewSources'> = {
  views: [],
  shown: [],
  firstRender: [],
  serverOnly: [],
  viewSources: [],
  deferredViewSources: [],
};

/** The server's parts of the request line. */
function serverPorts(app: ServerApp, req: IncomingMessage, input: ScopeInput, site: Resolved, services: RequestServices, trace: ExplainTrace | null) {
  const facts = siteFactsOf(input.region);
  return {
    basePlan: site.plan,
    routesOf: (plan: RegionPlan) => planDeclarations(plan, app.catalogue.definitions, facts).routes,
    resolveRoute,
    decideFlags: (user: ShellData['user'] | null) => decideFlags(app, req, input, site, user),
    loadCoreData: (isNotFound: () => boolean) => loadCoreData(app, services.http, input.path, site, isNotFound()),
    preloadPage: (route: HostRoute) => preloadPage(route.component),
    activate: (plan: RegionPlan) => activateRequest(app, req, input, { ...site, plan }, services),
    // What a loader makes of a cookie is in its data, which is part of the page (page-send.ts).
    aroundLoaders: <T>(run: () => Promise<T>) => withoutRecordingReads(input.cookies, run),
    prepareViews: (built: ServerRequestEnv, page: PreparedPage<HostRoute>) => prepareViews(app, built, { ...page, path: input.path }),
    log: app.log,
    trace,
  };
}

/**
 * Resolve: the plan the request activates (its site version's for the region), the locale, who is logged in and
 * what the user agent says of the device.
 */
function resolveRequest(req: IncomingMessage, input: ScopeInput): Resolved {
  const { cookies } = input;
  // Who is logged in is the user's part of the page, which a page prerendered for every user leaves out: read
  // without recording (page-send.ts), as the loaders read cookies.
  const uid = cookies.peek('uid') ?? '';
  const nickname = cookies.peek('nickname') ?? '';
  const mobileAgent = isMobileUserAgent(req.headers['user-agent']);
  const deviceType = cookies.get('device_type');
  return {
    plan: input.site.plans.get(input.region.key)!,
    locale: localeInfo(input.locale)!,
    devPort: devPortOf(req.headers.host),
    login: { uid, nickname, isLogin: isLoggedIn({ uid, nickname }) },
    agent: { viewportWidth: mobileAgent ? 390 : 1280, inApp: deviceType === '1' || deviceType === '2', mobileAgent },
  };
}

type ServerRequestEnv = RequestEnv & { monitor: Monitor; http: BackendClient };

/** The request's own services made before its activation: the monitor and the back-end client. */
interface RequestServices {
  monitor: Monitor;
  http: BackendClient;
}

function requestServices(app: ServerApp, req: IncomingMessage, input: ScopeInput, resolved: Resolved): RequestServices {
  const monitor = new Monitor((r) => app.log(`[monitor] ${r.kind} ${r.name}${r.message ? `: ${r.message}` : ''} ${JSON.stringify(r.data ?? {})}`), MASKING);
  return { monitor, http: serverHttpClient(app, req, input, resolved.locale.code) };
}

/** Activate: the request's environment (core/request) with the server's HTTP client, and its plan activated. */
function activateRequest(app: ServerApp, req: IncomingMessage, input: ScopeInput, resolved: Resolved, services: RequestServices): ServerRequestEnv {
  const { monitor, http } = services;
  const built = buildRequestEnv({
    side: 'server',
    region: input.region,
    plan: resolved.plan,
    definitions: app.catalogue.definitions,
    places: app.catalogue.places,
    locale: resolved.locale,
    langPrefix: input.langPrefix,
    route: { path: input.path, query: input.query, params: {} },
    data: DEFAULT_DATA,
    cookies: input.cookies,
    http,
    i18n: app.translations.instance(resolved.locale.lng),
    agent: resolved.agent,
    backend: app.fakeApi ? 'fake' : 'real',
    regionOrigin: (key) => regionOriginFor(key, input.site.regions.domains(), resolved.devPort),
    parent: app.root,
    monitor,
    log: app.log,
  });
  return { ...built, monitor, http };
}

/** The back-end client of one request: the shell's own headers (never relayed ones) and the page's language. */
function serverHttpClient(app: ServerApp, req: IncomingMessage, input: ScopeInput, locale: string): BackendClient {
  const { cookies } = input;
  return new BackendClient({
    side: 'server',
    baseURL: app.apiOrigin(),
    dataPathPrefix: input.region.api.dataPathPrefix,
    marks: input.region.marks,
    // Built here, never relayed: the client's own forwarded/internal headers are not trusted (client-info.ts).
    headers: {
      'x-internal-request': '1',
      ...backendHeaders(input.client, req.headers.host),
      'user-agent': String(req.headers['user-agent'] ?? ''),
      cookie: withLangCookie(req.headers.cookie ?? '', locale),
    },
    csrfToken: () => cookies.peek('csrftoken'),
    // Every call of the page ends by the page's deadline, whatever the back end trickles.
    deadline: pageDeadline(input),
    log: app.log,
    transport: app.backend.transport,
    shared: sharedScope(app.backend.shared, app.backend.varyCookies, input.region.key, locale, cookies),
    report: app.backend.report,
  });
}

/** Load: the core data (parallel, each with its default on failure). */
function loadCoreData(app: ServerApp, http: BackendClient, path: string, resolved: Resolved, isNotFound: boolean): Promise<ShellData> {
  return loadShellData({ http, path, locale: resolved.locale.code, ...resolved.login, isNotFound, log: app.log });
}

/** Flags: the request's rollout flags, for a user (from the core data) or a visitor (null). */
function decideFlags(app: ServerApp, req: IncomingMessage, input: ScopeInput, resolved: Resolved, user: ShellData['user'] | null) {
  return requestFlags(app, {
    ...input,
    plan: resolved.plan,
    user,
    appPlatform: resolved.agent.inApp ? input.cookies.peek('device_type') : undefined,
    userAgent: req.headers['user-agent'],
  });
}

/**
 * The code of what the page renders (its page, the active slot items' lazy views, the shell's views) loaded before
 * it renders, and which plugins the browser needs before hydrating and which not at all.
 */
async function prepareViews(
  app: ServerApp,
  built: RequestEnv,
  o: PreparedPage<HostRoute> & { path: string },
): Promise<Pick<RequestScope, 'views' | 'shown' | 'firstRender' | 'serverOnly' | 'viewSources' | 'deferredViewSources'>> {
  const { activation, env } = built;
  const page = { route: o.route, loaderData: o.loaderData };
  const views = preloadRenderedViews(activation, env, page);
  const shellViews = shellViewsFor(built.state.data);
  // Once a view's code is in (every request but the first few), nothing is waited for it.
  const shellViewsLoading = [...shellViews, ...DEFERRED_SHELL_VIEWS].filter((v) => !isReady(v));
  await Promise.all([
    o.pageCode,
    views.loaded.catch((err: Error) => app.log(`[view] ${o.path}: view code failed to load: ${err.message}`)),
    ...shellViewsLoading.map((v) => preloadPage(v).catch((err: Error) => app.log(`[view] ${o.path}: shell view failed to load: ${err.message}`))),
  ]);
  const firstRender = pluginsTheFirstRenderNeeds(activation, env, page, app.catalogue.definitions);
  return {
    views: views.ids,
    shown: itemsTheFirstRenderShows(activation, env, o.loaderData),
    firstRender,
    serverOnly: pluginsTheBrowserSkips(activation, env, firstRender, app.catalogue.definitions),
    viewSources: [viewSource(o.route.component), ...views.sources, ...shellViews.map(viewSource)].filter((s): s is string => !!s),
    deferredViewSources: views.deferredSources,
  };
}

/**
 * Namespace lists by catalogue and active plugins (one list per distinct set, frozen: its JSON in the boot state is made
 * once), at most 256 per catalogue.
 */
const namespaceLists = new KeptPerOwner<ServerApp['catalogue']['definitions'], readonly string[]>(256);

/** The shell's and the active plugins' translation namespaces: all inlined into the page. */
function namespacesOf(app: ServerApp, built: RequestEnv): readonly string[] {
  const { definitions } = app.catalogue;
  const { active } = built.activation;
  return namespaceLists.get(definitions, active.join(','), () =>
    Object.freeze([...new Set([...SHELL_NAMESPACES, ...active.flatMap((id) => definitions.get(id)?.namespaces ?? [id])])]),
  );
}
