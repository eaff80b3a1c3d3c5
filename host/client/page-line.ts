import type { i18n as I18n } from 'i18next';
import { container } from 'tsyringe';
import type { PluginDefinition } from '../../core/plugin/types';
import { lazyHttpClient } from '../../core/http/lazy-client';
import { BrowserCookieJar } from '../../core/util/cookies';
import { newViewOnRoute, reportDefaultsTo } from '../../core/util/monitoring';
import { siteFactsOf } from '../../core/config/region';
import type { RegionPlan } from '../../core/registry/plan';
import { planDeclarations } from '../../core/registry/plan-declarations';
import { buildRequestEnv, type RequestEnv } from '../../core/request/build-request-env';
import { runRequestLine, type PreparedPage, type RequestLineResult, type RequestPorts } from '../../core/request/request-line';
import { preloadPage } from '../../core/react/lazy-page';
import { preloadRenderedViews } from '../../core/react/slot-views';
import { resolveRoute } from '../app/resolve-route';
import type { HostRoute } from '../app/routes';
import { shellViewsFor } from '../app/shell-views';
import { browserPlaces } from '../app/slots';
import { regionOriginFor } from '../app/boot';
import type { PageFacts } from './page-facts';
import { activateInSlices } from './activate-in-slices';
import { yieldToBrowser } from './start-up-slices';

const NONE: ReadonlySet<string> = new Set();

/** The plan's flags as the server decided them (they travel in the page's plan). */
type Decided = { plan: RegionPlan };
type BrowserPorts = RequestPorts<HostRoute, Decided, void>;

/**
 * The request line of core (core/request/request-line.ts) on the server's page: the same phases as on the server,
 * with the browser's parts. The core data, the flags' plan and the guards' and loaders' outcome are the page's; the
 * plugins its first render needs are activated in short tasks; the page's code and the views the server rendered are
 * loaded, so hydration adopts the server's HTML as it is.
 */
export function runPageLine(
  page: PageFacts,
  i18n: I18n,
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
): Promise<RequestLineResult<HostRoute, Decided, void>> {
  const { boot } = page;
  return runRequestLine(browserPorts(page, i18n, definitions), {
    path: boot.route.path,
    query: boot.route.query,
    isLogin: boot.data.user.isLogin,
    deadline: Number.POSITIVE_INFINITY,
    served: { loaderData: boot.loaderData },
  });
}

function browserPorts(page: PageFacts, i18n: I18n, definitions: ReadonlyMap<string, PluginDefinition<any>>): BrowserPorts {
  const { boot, monitor } = page;
  return {
    basePlan: boot.plan,
    routesOf: (plan) => planDeclarations(plan, definitions, siteFactsOf(boot.region)).routes,
    resolveRoute,
    decideFlags: () => Promise.resolve({ plan: boot.plan }),
    loadCoreData: () => Promise.resolve(boot.data),
    preloadPage: (route) => preloadPage(route.component),
    activate: (plan) => activateFirstRender(page, plan, i18n, definitions),
    prepareViews: (built, prepared) => preloadFirstViews(page, built, prepared),
    log: (line) => monitor.captureError(new Error(line), { phase: 'page-line' }),
  };
}

/**
 * Activate, in a task of its own: the page's environment (core/request) and the plugins its first render needs,
 * in slices; the others activate once hydrated (after-hydration.ts).
 */
async function activateFirstRender(
  page: PageFacts,
  plan: RegionPlan,
  i18n: I18n,
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
): Promise<RequestEnv> {
  await yieldToBrowser();
  const built = pageEnv(page, plan, i18n, definitions);
  const firstRenderPlan = { ...plan, plugins: plan.plugins.filter((p) => page.firstRender.has(p.id)) };
  await activateInSlices(built, firstRenderPlan, definitions, browserPlaces(definitions.values()));
  return built;
}

/** The page's environment with the browser's HTTP client and cookies; nothing activated yet. */
function pageEnv(page: PageFacts, plan: RegionPlan, i18n: I18n, definitions: ReadonlyMap<string, PluginDefinition<any>>): RequestEnv {
  const { boot, monitor } = page;
  const cookies = new BrowserCookieJar();
  const http = lazyHttpClient({
    side: 'browser',
    baseURL: '',
    dataPathPrefix: boot.region.api.dataPathPrefix,
    marks: boot.region.marks,
    csrfToken: () => cookies.get('csrftoken'),
    log: (m) => console.warn(m),
    report: reportDefaultsTo(monitor),
  });
  const built = buildRequestEnv({
    side: 'browser',
    region: boot.region,
    plan,
    definitions,
    places: browserPlaces(definitions.values()),
    only: NONE,
    // Menu entries are data: the page shows the server's from its first render on, whichever plugins run here.
    menus: boot.menus,
    locale: page.locale,
    langPrefix: boot.langPrefix,
    route: boot.route,
    data: boot.data,
    cookies,
    http,
    i18n,
    agent: { viewportWidth: boot.viewportWidth, inApp: boot.inApp, mobileAgent: boot.mobileAgent },
    // Account figures no first render shows: asked for when a view subscribes, with their code (core/data/account.ts).
    fetchAccount: (key) => import('../../core/data/account-load').then((m) => m.loadAccountFigure(http, key, boot.region, (message) => console.warn(message))),
    bus: page.bus,
    backend: boot.backend === 'real' ? 'real' : 'fake',
    regionOrigin: (key) => regionOriginFor(key, boot.regionDomains, boot.devPort),
    parent: container,
    monitor,
    log: (line) => console.error(line),
  });
  // The custom-event limit counts per view: a route change starts a new one.
  newViewOnRoute(monitor, built.state.route$);
  return built;
}

/** Load: the matched page's own chunk and the views the server rendered, so the server HTML is adopted as is. */
async function preloadFirstViews(page: PageFacts, built: RequestEnv, prepared: PreparedPage<HostRoute>): Promise<void> {
  const { boot, monitor } = page;
  const reportAs = (phase: string) => (err: unknown) => monitor.captureError(err, { phase });
  await Promise.all([
    prepared.pageCode,
    preloadRenderedViews(built.activation, built.env, { ids: boot.views ?? [] }).loaded.catch(reportAs('view-load')),
    ...shellViewsFor(boot.data).map((v) => preloadPage(v).catch(reportAs('view-load'))),
  ]);
}
