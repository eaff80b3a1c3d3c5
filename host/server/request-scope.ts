import type { IncomingMessage } from 'node:http';
import { BackendClient, SERVER_TIMEOUT_MS } from '../../core/http/client';
import { ServerCookieJar } from '../../core/util/cookies';
import { ShellState, isMobileUserAgent } from '../../core/state/shell-state';
import { createBus } from '../../core/state/bus';
import { Monitor } from '../../core/util/monitoring';
import { MASKING } from '../../core/util/mask';
import { activate } from '../../core/registry/activate';
import { defaultShellData } from '../../core/data/defaults';
import { loadShellData } from '../../core/data/loaders';
import { isLoggedIn } from '../../core/data/rules';
import { SHELL_NAMESPACES, localeInfo } from '../../core/i18n/locales';
import { registerRequestServices } from '../../core/di/tokens';
import type { ShellEnv } from '../../core/plugin/types';
import type { RegionConfig } from '../../core/config/region';
import { resolveRoute } from '../app/resolve-route';
import { sitePath } from '../../core/router/paths';
import { preloadPage, viewSource } from '../../core/react/lazy-page';
import { pluginsTheBrowserSkips, pluginsTheFirstRenderNeeds, preloadRenderedViews } from '../../core/react/slot-views';
import { shellViewsFor } from '../app/shell-views';
import { regionOriginFor } from '../app/boot';
import { devPortOf } from './regions';
import type { ServerApp, SiteVersion } from './app-context';
import { runGuards, runLoaders } from '../../core/registry/run';
import { explainTrace } from './explain-trace';
import { deepFreeze } from '../../core/util/freeze';
import { backendHeaders, type ClientInfo } from './client-info';
import type { RequestScope } from './request-scope-types';

/** The state's value until the request's data has loaded: shared and frozen (nobody may change it). */
const DEFAULT_DATA = deepFreeze(defaultShellData());

export type { RequestScope };

/**
 * Everything one page request needs, built in the spine's order: request container and env, plugin activation
 * (pure), the route, core data (parallel, defaults on failure), guards, plugin loaders (parallel), i18n.
 */
export async function createRequestScope(
  app: ServerApp,
  req: IncomingMessage,
  input: {
    site: SiteVersion;
    client: ClientInfo;
    region: RegionConfig;
    locale: string;
    langPrefix: string;
    path: string;
    query: Record<string, string>;
    cookies: ServerCookieJar;
  },
): Promise<RequestScope> {
  const { region, cookies, path, query } = input;
  /** The page never waits on the back end past the server time-out, whatever the loaders do. */
  const deadline = Date.now() + SERVER_TIMEOUT_MS;
  const locale = localeInfo(input.locale)!;
  const plan = input.site.plans.get(region.key)!;
  const container = app.root.createChildContainer();
  const devPort = devPortOf(req.headers.host);
  const monitor = new Monitor((r) => app.log(`[monitor] ${r.kind} ${r.name}${r.message ? `: ${r.message}` : ''} ${JSON.stringify(r.data ?? {})}`), MASKING);
  const http = new BackendClient({
    side: 'server',
    baseURL: app.apiOrigin(),
    dataPathPrefix: region.api.dataPathPrefix,
    marks: region.marks,
    // Built here, never relayed: the client's own forwarded/internal headers are not trusted (client-info.ts).
    headers: {
      'x-internal-request': '1',
      ...backendHeaders(input.client, req.headers.host),
      'user-agent': String(req.headers['user-agent'] ?? ''),
      cookie: withLangCookie(req.headers.cookie ?? '', locale.code),
    },
    csrfToken: () => cookies.peek('csrftoken'),
    log: app.log,
    transport: app.backend.transport,
    shared: sharedScope(app, region.key, locale.code, cookies),
    report: app.backend.report,
  });
  const uid = cookies.get('uid') ?? '';
  const nickname = cookies.get('nickname') ?? '';
  const isLogin = isLoggedIn({ uid, nickname });
  const mobileAgent = isMobileUserAgent(req.headers['user-agent']);
  const deviceType = cookies.get('device_type');
  const state = new ShellState({
    data: DEFAULT_DATA,
    route: { path, query, params: {} },
    locale,
    viewportWidth: mobileAgent ? 390 : 1280,
    inApp: deviceType === '1' || deviceType === '2',
    mobileAgent,
  });
  const env: ShellEnv = {
    isServer: true,
    region,
    locale,
    langPrefix: input.langPrefix,
    state,
    cookies,
    bus: createBus(),
    http,
    backend: app.fakeApi ? 'fake' : 'real',
    regionOrigin: (key) => regionOriginFor(key, input.site.regions.domains(), devPort),
    href: (p) => sitePath(region, locale.code, p),
  };
  registerRequestServices(env, container);
  const activation = activate(plan, app.catalogue.definitions, app.catalogue.places, env, (id, err) => {
    monitor.captureError(err, { plugin: id });
    app.log(`[registry] ${err.message}`);
  });
  const { route, params } = resolveRoute(activation, path);
  state.route$.next({ path, query, params });
  const pageCode = preloadPage(route.component).catch((err: Error) => app.log(`[route] ${path}: page code failed to load: ${err.message}`));

  const data = await loadShellData({
    http,
    path,
    locale: locale.code,
    isLogin,
    uid,
    nickname,
    isNotFound: route.status === 404,
    log: app.log,
  });
  state.data$.next(data);

  const trace = explainTrace();
  const redirect = runGuards(
    activation,
    { path, env, data },
    (pluginId, err) => app.log(`[guard] ${pluginId} failed: ${err.message}`),
    trace ? (t) => trace.guards.push(t) : undefined,
  );
  const loaderData = redirect
    ? {}
    : // What a loader makes of a cookie is in its data, which a reused page is keyed by (page-reuse.ts).
      await cookies.unrecorded(() => runLoaders(activation, { path, params, env, data }, deadline, app.log, trace ? (t) => trace.loaders.push(t) : undefined));

  // The lazy views this page renders (active slot items) load before it renders, like its page code.
  const views = preloadRenderedViews(activation, env, { route, loaderData });
  const shellViews = shellViewsFor(data);
  await Promise.all([
    pageCode,
    views.loaded.catch((err: Error) => app.log(`[view] ${path}: view code failed to load: ${err.message}`)),
    ...shellViews.map((v) => preloadPage(v).catch((err: Error) => app.log(`[view] ${path}: shell view failed to load: ${err.message}`))),
  ]);
  const namespaces = [...new Set([...SHELL_NAMESPACES, ...activation.active.flatMap((id) => app.catalogue.definitions.get(id)?.namespaces ?? [id])])];
  const i18n = app.translations.instance(locale.lng);

  const firstRender = pluginsTheFirstRenderNeeds(activation, env, { route, loaderData }, app.catalogue.definitions);
  const scope: RequestScope = {
    region,
    plan,
    locale,
    langPrefix: input.langPrefix,
    path,
    query,
    cookies,
    env,
    activation,
    monitor,
    route,
    params,
    data,
    loaderData,
    i18n,
    namespaces,
    devPort,
    redirect,
    views: views.ids,
    firstRender,
    serverOnly: pluginsTheBrowserSkips(activation, env, firstRender, app.catalogue.definitions),
    viewSources: [viewSource(route.component), ...views.sources, ...shellViews.map(viewSource)].filter((s): s is string => !!s),
    dispose() {
      for (const t of activation.teardowns.splice(0).reverse()) {
        try {
          t();
        } catch (err) {
          app.log(`[registry] teardown failed: ${(err as Error).message}`);
        }
      }
      state.complete();
      void container.dispose();
    },
  };
  trace?.onScope?.(scope);
  return scope;
}

/** Shared replies are per region, language and the cookies they vary with (only those are sent with them). */
function sharedScope(app: ServerApp, region: string, locale: string, cookies: ServerCookieJar) {
  const vary = app.backend.varyCookies.flatMap((name) => {
    const v = cookies.get(name);
    return v === undefined ? [] : [`${name}=${encodeURIComponent(v)}`];
  });
  return { cache: app.backend.shared, scope: `${region}|${locale}|${vary.join(';')}`, cookie: withLangCookie(vary.join('; '), locale) };
}

/**
 * The cookie header with `lang` set to the page's locale code: what the browser holds once this page arrives (the
 * page response sets it), so the back end words server-side and browser calls in the same language even on the
 * first visit or right after a language switch (core/testing/fake-api/demo-texts.ts).
 */
function withLangCookie(header: string, code: string): string {
  const others = header
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c && !/^lang=/.test(c));
  return [...others, `lang=${encodeURIComponent(code)}`].join('; ');
}
