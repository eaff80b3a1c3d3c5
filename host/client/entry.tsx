import '@abraham/reflection';
import { hydrateRoot, type Root } from 'react-dom/client';
import { container } from 'tsyringe';
import type { PluginDefinition, ShellEnv } from '../../core/plugin/types';
import { activate, activateRest, adoptMenuEntries, deactivate } from '../../core/registry/activate';
import { startEffects } from '../../core/registry/run';
import { PLUGIN_ENTRY, pluginDefinitionOf } from '../../core/registry/discovery';
import { lazyHttpClient } from '../../core/http/lazy-client';
import { BrowserCookieJar } from '../../core/util/cookies';
import { ShellState, viewportOf } from '../../core/state/shell-state';
import { createBus, holdUnheardEvents } from '../../core/state/bus';
import { Monitor, newViewOnRoute, reportDefaultsTo } from '../../core/util/monitoring';
import { localeInfo } from '../../core/i18n/locales';
import { sitePath } from '../../core/router/paths';
import { createClientI18n } from '../../core/i18n/client';
import { registerRequestServices } from '../../core/di/tokens';
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

async function main() {
  const boot = (window as unknown as { __SHELL__: BootState }).__SHELL__;
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

  const bus = createBus();
  // An event sent before its listener is there (a plugin activated after hydration) waits for it.
  const endStartUp = holdUnheardEvents(bus);
  const locale = localeInfo(boot.locale)!;
  const loadDefinition = async (id: string) => {
    const load = pluginModules[`../../plugins/${id}/${PLUGIN_ENTRY}`];
    try {
      return load ? pluginDefinitionOf(id, await load()) : null;
    } catch (err) {
      monitor.captureError(err, { plugin: id, phase: 'load' });
      return null;
    }
  };
  // The plugins the server's first render needed load and activate before hydrating; the others after it.
  const firstRender = new Set(boot.firstRender ?? boot.plan.plugins.map((p) => p.id));
  // Plugins with nothing to do in this page's browser are never loaded; the others after hydration.
  const serverOnly = new Set(boot.serverOnly ?? []);
  const browserPlan = { ...boot.plan, plugins: boot.plan.plugins.filter((p) => !serverOnly.has(p.id)) };
  const [i18n, defs] = await Promise.all([
    createClientI18n({
      lng: locale.lng,
      namespaces: boot.i18n.namespaces,
      inline: boot.i18n.inline,
      loadPaths: boot.i18n.loadPaths,
      bus,
      report: (err, context) => monitor.captureError(err, { source: 'i18n', ...context }),
    }),
    Promise.all(boot.plan.plugins.filter((p) => firstRender.has(p.id)).map((p) => loadDefinition(p.id))),
  ]);
  const definitions = new Map(defs.filter((d): d is PluginDefinition<any> => !!d).map((d) => [d.id, d]));

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
  const state = new ShellState({
    data: boot.data,
    route: boot.route,
    locale,
    viewportWidth: boot.viewportWidth,
    inApp: boot.inApp,
    mobileAgent: boot.mobileAgent,
    // Account figures no first render shows: asked for when a view subscribes, with their code (core/data/account.ts).
    fetchAccount: (key) =>
      import('../../core/data/account-load').then((m) => m.loadAccountFigure(http, key, boot.region.key, (message) => console.warn(message))),
  });
  // The custom-event limit counts per view: a route change starts a new one.
  newViewOnRoute(monitor, state.route$);
  const env: ShellEnv = {
    isServer: false,
    region: boot.region,
    locale,
    langPrefix: boot.langPrefix,
    state,
    cookies,
    bus,
    http,
    backend: boot.backend === 'real' ? 'real' : 'fake',
    regionOrigin: (key) => regionOriginFor(key, boot.regionDomains, boot.devPort),
    href: (path) => sitePath(boot.region, locale.code, path),
  };
  registerRequestServices(env, container.createChildContainer());
  const onActivationError = (id: string, err: Error) => {
    monitor.captureError(err, { plugin: id });
    console.error(`[shell] ${err.message}`);
  };
  const activation = activate(boot.plan, definitions, browserPlaces(definitions.values()), env, onActivationError, firstRender);
  // Side menus as the server rendered them (their entries are data) until every plugin is active.
  const ownMenus = activation.menus;
  if (boot.menus) activation.menus = boot.menus;

  // The matched page's own chunk (lazy pages) before hydrating, so the server HTML is adopted as is.
  await Promise.all([
    preloadPage(resolveRoute(activation, boot.route.path).route.component).catch((err: unknown) => monitor.captureError(err, { phase: 'page-load' })),
    preloadRenderedViews(activation, env, { ids: boot.views ?? [] }).loaded.catch((err: unknown) => monitor.captureError(err, { phase: 'view-load' })),
    ...shellViewsFor(boot.data).map((v) => preloadPage(v).catch((err: unknown) => monitor.captureError(err, { phase: 'view-load' }))),
  ]);

  const onHydrated = () => {
    const onResize = () => state.viewport$.next(viewportOf(window.innerWidth));
    onResize();
    window.addEventListener('resize', onResize, { passive: true });
    activation.teardowns.push(() => window.removeEventListener('resize', onResize));
    state.hydrated$.next(true);
    document.documentElement.dataset.hydrated = 'true';
    const onEffectError = (pluginId: string, err: Error) => monitor.captureError(err, { plugin: pluginId, phase: 'effect' });
    startEffects(activation, onEffectError);
    void loadTheRest()
      .then(() => {
        const from = activation.effects.length;
        activation.menus = ownMenus;
        activateRest(activation, browserPlan, definitions, browserPlaces(definitions.values()), env, onActivationError);
        if (boot.menus) adoptMenuEntries(activation, boot.menus, serverOnly);
        root.render(app({ ...runtime })); // a new runtime: every reader of the activation renders again
        startEffects(activation, onEffectError, from);
      })
      .catch((err: unknown) => monitor.captureError(err, { phase: 'activate-rest' }))
      .finally(() => {
        endStartUp();
        releaseHeldLinks(); // the plugins that intercept them are active now
      });
    setTimeout(() => replayEarlyClicks(earlyClicks), 0); // after the renders the hydrated state causes
    window.addEventListener('pagehide', () => deactivate(activation), { once: true });
    const floatMenu = {
      regionKey: boot.region.key,
      isPhone: state.mobileAgent || window.innerWidth <= 768,
      t: i18n.getFixedT(null, 'shell'),
      langPrefix: boot.langPrefix,
    };
    import('./page-extras')
      .then((m) => m.startPageExtras(floatMenu))
      .then((teardown) => teardown && activation.teardowns.push(teardown))
      .catch((err: unknown) => monitor.captureError(err, { phase: 'page-extras' }));
  };

  /** Loads the plugins the first render did not need; their definitions join `definitions` (a failed one is reported). */
  const loadTheRest = async () => {
    const rest = browserPlan.plugins.filter((p) => !firstRender.has(p.id));
    for (const def of await Promise.all(rest.map((p) => loadDefinition(p.id)))) if (def) definitions.set(def.id, def);
  };

  const runtime: ShellRuntime = { env, activation, loaderData: boot.loaderData, monitor, onHydrated };
  const css = boot.head.inlineCss ? inlinedCss() : undefined;
  const bootParts = bootBlocks();
  const app = (r: ShellRuntime) => <App runtime={r} boot={boot} bootParts={bootParts} i18n={i18n} inlineCss={css} />;
  // Clicks recorded before now are replayed once hydrated; from here React replays what lands during hydration.
  const earlyClicks = takeEarlyClicks();
  const root: Root = hydrateRoot(document, app(runtime), {
    onRecoverableError: (err) => monitor.captureError(err, { phase: 'hydrate' }),
  });
}

void main();
