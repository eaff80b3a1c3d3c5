import '@abraham/reflection';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import type { i18n as I18n } from 'i18next';
import type { PluginDefinition } from '../../core/plugin/types';
import { PLUGIN_ENTRY, pluginDefinitionOf } from '../../core/registry/discovery';
import { createBus, holdUnheardEvents } from '../../core/state/bus';
import { Monitor } from '../../core/util/monitoring';
import { localeInfo } from '../../core/i18n/locales';
import { createClientI18n } from '../../core/i18n/client';
import { App, bootBlocks, inlinedCss, pageStart } from '../app/App';
import type { ShellRuntime } from '../../core/react/context';
import '../app/styles.css';
import { bootState, type BootState } from '../app/boot';
import type { RequestEnv } from '../../core/request/build-request-env';
import { takeEarlyClicks } from '../app/early-clicks';
import { reloadOnceOnMissingChunk } from '../../core/react/chunk-reload';
import type { PageFacts } from './page-facts';
import { yieldToBrowser } from './start-up-slices';
import { warmUpIntl } from './intl-warm-up';
import { runPageLine } from './page-line';

/** Each plugin's client code is its own chunk; only the region's enabled plugins are fetched. */
const pluginModules = import.meta.glob<{ default: PluginDefinition<any> }>('../../plugins/*/index.ts');

/**
 * What runs once hydrated is its own chunk (0.6 KB gz less that the first render waits for), asked for now: it loads
 * beside the first render's plugins and is there before hydration ends.
 */
const afterHydrationCode = import('./after-hydration');
afterHydrationCode.catch(() => {}); // a failure is reported once hydrated, where it is handled

// On another thread while the page hydrates: the page's first Intl formats then take the main thread 1-3 ms, not 60-85.
warmUpIntl();

const MONITOR_ENDPOINT = '/api/web/v1/monitor/report';

/**
 * Resolve and load the first render's code; the request line on the server's page (page-line.ts: activate, then load
 * what the page renders); hydrate; then the rest once hydrated (`afterHydration`). Each phase starts in a task of its
 * own: the browser gets the main thread between them.
 */
async function main() {
  const page = resolvePage(await bootState(window));
  const { i18n, definitions } = await loadFirstRender(page);
  const { built } = await runPageLine(page, i18n, definitions);
  await yieldToBrowser();
  revealResumedParts();
  hydratePage(page, built, definitions);
}

/** React's reveal of a resumed page's parts (server/prerender.ts): each waits in a hidden element for the next frame. */
interface RevealQueue {
  $RB?: unknown[];
  $RV?: (batch: unknown[]) => void;
}

/**
 * The parts of a resumed page still waiting for their frame go in place now: the start script put the ones before it
 * in place (server/prerender.ts, REVEAL_SCRIPT), this is its own, the last. Hydration then adopts them with the page,
 * and a tab in the background, which gets no frame, hydrates them too (the page counts as hydrated after them).
 */
function revealResumedParts(): void {
  const queue = window as RevealQueue;
  if (queue.$RB?.length && typeof queue.$RV === 'function') queue.$RV(queue.$RB);
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
  const loading = Promise.all(boot.plan.plugins.filter((p) => page.firstRender.has(p.id)).map((p) => page.loadDefinition(p.id)));
  await yieldToBrowser(); // the chunks are asked for; the translations are set up in a task of their own
  const [i18n, defs] = await Promise.all([
    createClientI18n({
      lng: page.locale.lng,
      namespaces: boot.i18n.namespaces,
      inline: boot.i18n.inline,
      loadPaths: boot.i18n.loadPaths,
      bus: page.bus,
      report: (err, context) => monitor.captureError(err, { source: 'i18n', ...context }),
    }),
    loading,
  ]);
  return { i18n, definitions: new Map(defs.filter((d): d is PluginDefinition<any> => !!d).map((d) => [d.id, d])) };
}

/** Render: hydrates the server's document; clicks recorded before now are replayed once hydrated. */
function hydratePage(page: PageFacts, built: RequestEnv, definitions: Map<string, PluginDefinition<any>>): void {
  const { boot, monitor } = page;
  const { activation } = built;
  const css = boot.head.inlineCss ? inlinedCss() : undefined;
  const bootParts = bootBlocks();
  const start = pageStart();
  // Hydration and the renders the plugins activated later cause are transitions: React renders in short tasks,
  // yielding to the browser between them (a click on a part not hydrated yet hydrates it at once, then React replays
  // the click). Only the readers of the changed parts of the activation render again (useActivationPart), not the page.
  const activationChanges = new BehaviorSubject(0);
  const activationChanged = () => startTransition(() => activationChanges.next(activationChanges.value + 1));
  const onHydrated = () =>
    void afterHydrationCode.then(
      (m) => m.afterHydration(page, built, { definitions, earlyClicks, activationChanged }),
      (err: unknown) => {
        monitor.captureError(err, { phase: 'after-hydration-load' });
        reloadOnceOnMissingChunk(err);
      },
    );
  const runtime: ShellRuntime = {
    env: built.env,
    activation,
    loaderData: boot.loaderData,
    monitor,
    onHydrated,
    shown: new Set(boot.shown ?? []),
    activationChanges,
  };
  // Clicks recorded before now are replayed once hydrated; from here React replays what lands during hydration.
  const earlyClicks = takeEarlyClicks();
  startTransition(() => {
    hydrateRoot(document, <App runtime={runtime} boot={boot} bootParts={bootParts} start={start} i18n={built.i18n} inlineCss={css} />, {
      onRecoverableError: (err) => monitor.captureError(err, { phase: 'hydrate' }),
    });
  });
}

void main();
