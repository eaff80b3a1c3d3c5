import '@abraham/reflection';
import { hydrateRoot, type Root } from 'react-dom/client';
import { container } from 'tsyringe';
import type { i18n as I18n } from 'i18next';
import type { PluginDefinition } from '../../core/plugin/types';
import { activateRest, adoptMenuEntries } from '../../core/registry/activate';
import { startEffects } from '../../core/registry/run';
import { PLUGIN_ENTRY, pluginDefinitionOf } from '../../core/registry/discovery';
import { lazyHttpClient } from '../../core/http/lazy-client';
import { BrowserCookieJar } from '../../core/util/cookies';
import { viewportOf } from '../../core/state/shell-state';
import { createBus, holdUnheardEvents, type ShellBus } from '../../core/state/bus';
import { Monitor, newViewOnRoute, reportDefaultsTo } from '../../core/util/monitoring';
import { localeInfo, type LocaleInfo } from '../../core/i18n/locales';
import { createClientI18n } from '../../core/i18n/client';
import { buildRequestEnv, type RequestEnv } from '../../core/request/build-request-env';
import type { RegionPlan } from '../../core/registry/plan';
import { App, bootBlocks, inlinedCss } from '../app/App';
import { resolveRoute } from '../app/resolve-route';
import { preloadPage } from '../../core/react/lazy-page';
import type { ShellRuntime } from '../../core/react/context';
import { preloadRenderedViews } from '../../core/react/slot-views';
import { shellViewsFor } from '../app/shell-views';
import { browserPlaces } from '../app/slots';
import '../app/styles.css';
import { regionOriginFor, type BootState } from '../app/boot';
import { releaseHeldLinks, replayEarlyClicks, takeEarlyClicks } from '../app/early-clicks';

/** Each plugin's client code is its own chunk; only the region's enabled plugins are fetched. */
const pluginModules = import.meta.glob<{ default: PluginDefinition<any> }>('../../plugins/*/index.ts');

const MONITOR_ENDPOINT = '/api/web/v1/monitor/report';

/** The page as the server described it: its plan, and which plugins come before hydrating, after it, or never. */
interface PageFacts {
  boot: BootState;
  locale: LocaleInfo;
  /** The plugins the server's first render needed: loaded and activated before hydrating; the others after it. */
  firstRender: ReadonlySet<string>;
  /** Plugins with nothing to do in this page's browser: never loaded. */
  serverOnly: ReadonlySet<string>;
  browserPlan: RegionPlan;
  monitor: Monitor;
  bus: ShellBus;
  /** Delivers the events held since start-up (once every plugin is active). */
  endStartUp: () => void;
  loadDefinition: (id: string) => Promise<PluginDefinition<any> | null>;
}

/** Resolve, load, activate and preload before hydrating; hydrate; then the rest once hydrated (`afterHydration`). */
async function main() {
  const page = resolvePage((window as unknown as { __SHELL__: BootState }).__SHELL__);
  const { i18n, definitions } = await loadFirstRender(page);
  const built = activatePage(page, i18n, definitions);
  await preloadFirstViews(page, built);
  hydratePage(page, built, definitions);
}

/** Resolve: the boot state's facts, the monitor and the bus (events sent before their listener is there wait for it). */
function resolvePage(boot: BootState): PageFacts {
  const monitor = startMonitor();
  const bus = createBus();
  // An event sent before its listener is there (a plugin activated after hydration) waits for it.
  const endStartUp = holdUnheardEvents(bus);
  const firstRender = new Set(boot.firstRender ?? boot.plan.plugins.map((p) => p.id));
  const serverOnly = new Set(boot.serverOnly ?? []);
  const loadDefinition = async (id: string) => {
    const load = pluginModules[`../../plugins/${id}/${PLUGIN_ENTRY}`];
    try {
      return load ? pluginDefinitionOf(id, await load()) : null;
    } catch (err) {
      monitor.captureError(err, { plugin: id, phase: 'load' });
      return null;
    }
  };
  return {
    boot,
    locale: localeInfo(boot.locale)!,
    firstRender,
    serverOnly,
    browserPlan: { ...boot.plan, plugins: boot.plan.plugins.filter((p) => !serverOnly.has(p.id)) },
    monitor,
    bus,
    endStartUp,
    loadDefinition,
  };
}

/** Monitoring's records go out by beacon (or a keep-alive fetch); uncaught errors and rejections are records. */
function startMonitor(): Monitor {
  const monitor = new Monitor(
    (record) => {
      const body = JSON.stringify(record);
      if (!navigator.sendBeacon?.(MONITOR_ENDPOINT, new Blob([body], { type: 'application/json' }))) {
        void fetch(MONITOR_ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => {});
      }
    },
    // The masking code loads with the first record, with the release the page names (every record carries it): a
    // page that reports nothing never loads them.
    () => import('../../core/util/page-release').then((m) => m.pageMonitoring()),
  );
  window.addEventListener('error', (e) => monitor.captureError(e.error ?? e.message, { source: 'window' }));
  window.addEventListener('unhandledrejection', (e) => monitor.captureError(e.reason, { source: 'promise' }));
  return monitor;
}

/** Load: the translations (inline in the page) and the code of the plugins the first render needs, together. */
async function loadFirstRender(page: PageFacts): Promise<{ i18n: I18n; definitions: Map<string, PluginDefinition<any>> }> {
  const { boot, monitor } = page;
  const [i18n, defs] = await Promise.all([
    createClientI18n({
      lng: page.locale.lng,
      namespaces: boot.i18n.namespaces,
      inline: boot.i18n.inline,
      loadPaths: boot.i18n.loadPaths,
      bus: page.bus,
      report: (err, context) => monitor.captureError(err, { source: 'i18n', ...context }),
    }),
    Promise.all(boot.plan.plugins.filter((p) => page.firstRender.has(p.id)).map((p) => page.loadDefinition(p.id))),
  ]);
  return { i18n, definitions: new Map(defs.filter((d): d is PluginDefinition<any> => !!d).map((d) => [d.id, d])) };
}

/** Activate: the page's environment (core/request) with the first render's plugins active. */
function activatePage(page: PageFacts, i18n: I18n, definitions: ReadonlyMap<string, PluginDefinition<any>>): RequestEnv {
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
    plan: boot.plan,
    definitions,
    places: browserPlaces(definitions.values()),
    only: page.firstRender,
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
async function preloadFirstViews(page: PageFacts, built: RequestEnv): Promise<void> {
  const { boot, monitor } = page;
  await Promise.all([
    preloadPage(resolveRoute(built.activation, boot.route.path).route.component).catch((err: unknown) => monitor.captureError(err, { phase: 'page-load' })),
    preloadRenderedViews(built.activation, built.env, { ids: boot.views ?? [] }).loaded.catch((err: unknown) =>
      monitor.captureError(err, { phase: 'view-load' }),
    ),
    ...shellViewsFor(boot.data).map((v) => preloadPage(v).catch((err: unknown) => monitor.captureError(err, { phase: 'view-load' }))),
  ]);
}

/** Render: hydrates the server's document; clicks recorded before now are replayed once hydrated. */
function hydratePage(page: PageFacts, built: RequestEnv, definitions: Map<string, PluginDefinition<any>>): void {
  const { boot, monitor } = page;
  const { activation } = built;
  // Side menus as the server rendered them (their entries are data) until every plugin is active.
  const ownMenus = activation.menus;
  if (boot.menus) activation.menus = boot.menus;
  const css = boot.head.inlineCss ? inlinedCss() : undefined;
  const bootParts = bootBlocks();
  const app = (r: ShellRuntime) => <App runtime={r} boot={boot} bootParts={bootParts} i18n={built.i18n} inlineCss={css} />;
  const onHydrated = () => afterHydration(page, built, { definitions, ownMenus, earlyClicks, rerender: () => root.render(app({ ...runtime })) });
  const runtime: ShellRuntime = { env: built.env, activation, loaderData: boot.loaderData, monitor, onHydrated };
  // Clicks recorded before now are replayed once hydrated; from here React replays what lands during hydration.
  const earlyClicks = takeEarlyClicks();
  const root: Root = hydrateRoot(document, app(runtime), {
    onRecoverableError: (err) => monitor.captureError(err, { phase: 'hydrate' }),
  });
}

/**
 * Once hydrated: the real viewport, the effects, then the other plugins (loaded, activated, rendered again), early
 * clicks replayed, and what waits for nothing (page extras).
 */
function afterHydration(
  page: PageFacts,
  built: RequestEnv,
  o: {
    definitions: Map<string, PluginDefinition<any>>;
    ownMenus: RequestEnv['activation']['menus'];
    earlyClicks: ReturnType<typeof takeEarlyClicks>;
    rerender: () => void;
  },
): void {
  const { boot, monitor } = page;
  const { activation, state, env } = built;
  const onResize = () => state.viewport$.next(viewportOf(window.innerWidth));
  onResize();
  window.addEventListener('resize', onResize, { passive: true });
  activation.teardowns.push(() => window.removeEventListener('resize', onResize));
  state.hydrated$.next(true);
  document.documentElement.dataset.hydrated = 'true';
  const onEffectError = (pluginId: string, err: Error) => monitor.captureError(err, { plugin: pluginId, phase: 'effect' });
  startEffects(activation, onEffectError);
  void loadTheRest(page, o.definitions)
    .then(() => {
      const from = activation.effects.length;
      activation.menus = o.ownMenus;
      activateRest(activation, page.browserPlan, o.definitions, browserPlaces(o.definitions.values()), env, built.onActivationError);
      if (boot.menus) adoptMenuEntries(activation, boot.menus, page.serverOnly);
      o.rerender(); // a new runtime: every reader of the activation renders again
      startEffects(activation, onEffectError, from);
    })
    .catch((err: unknown) => monitor.captureError(err, { phase: 'activate-rest' }))
    .finally(() => {
      page.endStartUp();
      releaseHeldLinks(); // the plugins that intercept them are active now
    });
  setTimeout(() => replayEarlyClicks(o.earlyClicks), 0); // after the renders the hydrated state causes
  window.addEventListener('pagehide', () => built.deactivate(), { once: true });
  const floatMenu = {
    footer: boot.region.footer,
    isPhone: state.mobileAgent || window.innerWidth <= 768,
    t: built.i18n.getFixedT(null, 'shell'),
    langPrefix: boot.langPrefix,
  };
  import('./page-extras')
    .then((m) => m.startPageExtras(floatMenu))
    .then((teardown) => teardown && activation.teardowns.push(teardown))
    .catch((err: unknown) => monitor.captureError(err, { phase: 'page-extras' }));
}

/** Loads the plugins the first render did not need; their definitions join `definitions` (a failed one is reported). */
async function loadTheRest(page: PageFacts, definitions: Map<string, PluginDefinition<any>>): Promise<void> {
  const rest = page.browserPlan.plugins.filter((p) => !page.firstRender.has(p.id));
  for (const def of await Promise.all(rest.map((p) => page.loadDefinition(p.id)))) if (def) definitions.set(def.id, def);
}

void main();
