import type { IncomingMessage } from 'node:http';
import type { i18n } from 'i18next';
import { HttpClient, SERVER_TIMEOUT_MS } from '../../core/http/client';
import { ServerCookieJar } from '../../core/util/cookies';
import { ShellState, isMobileUserAgent } from '../../core/state/shell-state';
import { createBus } from '../../core/state/bus';
import { Monitor } from '../../core/util/monitoring';
import { activate, type Activation } from '../../core/registry/activate';
import { defaultShellData } from '../../core/data/defaults';
import { loadShellData } from '../../core/data/loaders';
import { isLoggedIn } from '../../core/data/rules';
import { INLINE_NAMESPACES, localeInfo, type LocaleInfo } from '../../core/i18n/locales';
import { registerRequestServices } from '../../core/di/tokens';
import type { ShellEnv } from '../../core/plugin/types';
import type { ShellData } from '../../core/data/types';
import type { RegionConfig } from '../../core/config/region';
import { resolveRoute } from '../app/resolve-route';
import { sitePath } from '../../core/router/paths';
import { preloadPage } from '../../core/react/lazy-page';
import type { HostRoute } from '../app/routes';
import { regionOriginFor } from '../app/boot';
import { devPortOf } from './regions';
import type { ServerApp } from './app-context';
import { runGuards } from './guards';
import { deepFreeze } from '../../core/util/freeze';
import { backendHeaders, type ClientInfo } from './client-info';

/** The state's value until the request's data has loaded: shared and frozen (nobody may change it). */
const DEFAULT_DATA = deepFreeze(defaultShellData());

export interface RequestScope {
  region: RegionConfig;
  locale: LocaleInfo;
  langPrefix: string;
  path: string;
  query: Record<string, string>;
  cookies: ServerCookieJar;
  env: ShellEnv;
  activation: Activation;
  monitor: Monitor;
  route: HostRoute;
  params: Record<string, string>;
  data: ShellData;
  loaderData: Record<string, unknown>;
  i18n: i18n;
  namespaces: string[];
  devPort: string | null;
  /** Set when a guard redirects. */
  redirect?: string;
  dispose(): void;
}

/**
 * Everything one page request needs, built in the spine's order: request container and env, plugin activation
 * (pure), the route, core data (parallel, defaults on failure), guards, plugin loaders (parallel), i18n.
 */
export async function createRequestScope(app: ServerApp, req: IncomingMessage, input: { client: ClientInfo; region: RegionConfig; locale: string; langPrefix: string; path: string; query: Record<string, string>; cookies: ServerCookieJar }): Promise<RequestScope> {
  const { region, cookies, path, query } = input;
  /** The page never waits on the back end past the server time-out, whatever the loaders do. */
  const deadline = Date.now() + SERVER_TIMEOUT_MS;
  const locale = localeInfo(input.locale)!;
  const plan = app.plans.get(region.key)!;
  const container = app.root.createChildContainer();
  const devPort = devPortOf(req.headers.host);
  const monitor = new Monitor((r) => app.log(`[monitor] ${r.kind} ${r.name}${r.message ? `: ${r.message}` : ''} ${JSON.stringify(r.data ?? {})}`));
  const http = new HttpClient({
    side: 'server',
    baseURL: app.apiOrigin(),
    dataPathPrefix: region.api.dataPathPrefix,
    // Built here, never relayed: the client's own forwarded/internal headers are not trusted (client-info.ts).
    headers: {
      'x-internal-request': '1',
      ...backendHeaders(input.client, req.headers.host),
      'user-agent': String(req.headers['user-agent'] ?? ''),
      cookie: req.headers.cookie ?? '',
    },
    csrfToken: () => cookies.get('csrftoken'),
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
    container,
    regionOrigin: (key) => regionOriginFor(key, app.regions.domains(), devPort),
    href: (p) => sitePath(region, locale.code, p),
  };
  registerRequestServices(env, monitor);
  const activation = activate(plan, app.catalogue.definitions, env, (id, err) => {
    monitor.captureError(err, { plugin: id });
    app.log(`[registry] ${err.message}`);
  });
  const { route, params } = resolveRoute(activation, path);
  state.route$.next({ path, query, params });
  const pageCode = preloadPage(route.component).catch((err: Error) => app.log(`[route] ${path}: page code failed to load: ${err.message}`));

  const data = await loadShellData({ http, path, locale: locale.code, regionKey: region.key, isLogin, uid, nickname, isNotFound: route.status === 404, log: app.log });
  state.data$.next(data);

  const redirect = runGuards(activation, { path, env, data }, app.log);
  const loaderData = redirect ? {} : await runLoaders(activation, { path, params, env, data }, deadline, app.log);

  await pageCode;
  const namespaces = [...new Set(['shell', ...INLINE_NAMESPACES, ...activation.active.flatMap((id) => app.catalogue.definitions.get(id)?.namespaces ?? [id])])];
  const i18n = app.translations.instance(locale.lng);

  return {
    region, locale, langPrefix: input.langPrefix, path, query, cookies, env, activation, monitor, route, params, data, loaderData, i18n, namespaces, devPort, redirect,
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
}

/** Shared replies are per region, language and the cookies they vary with (only those are sent with them). */
function sharedScope(app: ServerApp, region: string, locale: string, cookies: ServerCookieJar) {
  const vary = app.backend.varyCookies.flatMap((name) => {
    const v = cookies.get(name);
    return v === undefined ? [] : [`${name}=${encodeURIComponent(v)}`];
  });
  return { cache: app.backend.shared, scope: `${region}|${locale}|${vary.join(';')}`, cookie: vary.join('; ') };
}

/** Runs the plugin loaders in parallel; one that throws, or is still running at the deadline, gives nothing. */
async function runLoaders(activation: Activation, input: Parameters<Activation['loaders'][number]['def']['run']>[0], deadline: number, log: (m: string) => void): Promise<Record<string, unknown>> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) {
    if (activation.loaders.length) log(`[loader] skipped ${activation.loaders.length} loaders: the server time-out is spent`);
    return {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), remaining)));
  const entries = await Promise.all(
    activation.loaders
      .filter(({ def }) => {
        try {
          return def.when ? def.when(input) : true;
        } catch {
          return false;
        }
      })
      .map(async ({ pluginId, def }) => {
        try {
          const value = await Promise.race([def.run(input), expired]);
          if (value === 'expired') log(`[loader] ${pluginId}/${def.key} still running at the server time-out: left out`);
          return [`${pluginId}/${def.key}`, value === 'expired' ? undefined : value] as const;
        } catch (err) {
          log(`[loader] ${pluginId}/${def.key} failed: ${(err as Error).message}`);
          return [`${pluginId}/${def.key}`, undefined] as const;
        }
      }),
  );
  clearTimeout(timer);
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}
