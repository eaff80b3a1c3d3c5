import type { PluginDefinition } from '../../core/plugin/types';
import type { Activation } from '../../core/registry/activate';
import { startEffects } from '../../core/registry/run';
import type { RequestEnv } from '../../core/request/build-request-env';
import { viewportOf } from '../../core/state/shell-state';
import { boundariesHydrated } from '../../core/react/per-request';
import { settledWithin } from '../../core/util/time-limit';
import { browserPlaces } from '../app/slots';
import { releaseHeldLinks, replayEarlyClicks, type takeEarlyClicks } from '../app/early-clicks';
import type { PageFacts } from './page-facts';
import { activateInSlices } from './activate-in-slices';
import { inSlices, yieldToBrowser } from './start-up-slices';

interface AfterHydrationInput {
  definitions: Map<string, PluginDefinition<any>>;
  earlyClicks: ReturnType<typeof takeEarlyClicks>;
  /** Tells the readers of the activation (slots, services, streams) that plugins joined it: they render again. */
  activationChanged: () => void;
}

/**
 * Once the page has hydrated, its per-request and per-user parts too (React hydrates a boundary's content after the
 * root: core/react/per-request.tsx), so nothing hydrates against a page that has moved on.
 */
export function afterHydration(page: PageFacts, built: RequestEnv, o: AfterHydrationInput): void {
  // In a task of its own: not in the last boundary's hydration task.
  void boundariesHydratedWithin(page)
    .then(yieldToBrowser)
    .then(() => pageHydrated(page, built, o));
}

/** Longest the page waits for its boundaries: a view whose code never arrives must not hold the rest of the page. */
const BOUNDARIES_WAIT_MS = 10_000;

export async function boundariesHydratedWithin(page: Pick<PageFacts, 'monitor'>): Promise<void> {
  if (await settledWithin(boundariesHydrated(), BOUNDARIES_WAIT_MS)) return;
  page.monitor.captureError(new Error(`parts of the page still not hydrated after ${BOUNDARIES_WAIT_MS} ms`), { phase: 'hydrate-wait' });
}

/**
 * Once hydrated: the real viewport, then, in short tasks, the effects, early clicks replayed, the other plugins
 * (loaded, activated, rendered again, their effects), and what waits for nothing (page extras).
 */
function pageHydrated(page: PageFacts, built: RequestEnv, o: AfterHydrationInput): void {
  const { boot, monitor } = page;
  const { activation, state } = built;
  const onResize = () => state.viewport$.next(viewportOf(window.innerWidth));
  onResize();
  window.addEventListener('resize', onResize, { passive: true });
  activation.teardowns.push(() => window.removeEventListener('resize', onResize));
  state.hydrated$.next(true);
  document.documentElement.dataset.hydrated = 'true';
  void startTheRest(page, built, o);
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

/**
 * The first render's effects (before the early clicks are replayed: they may intercept them), then the other
 * plugins; the events held since start-up and the held links are released once every plugin is active.
 */
async function startTheRest(page: PageFacts, built: RequestEnv, o: AfterHydrationInput): Promise<void> {
  const { activation } = built;
  const onEffectError = (pluginId: string, err: Error) => page.monitor.captureError(err, { plugin: pluginId, phase: 'effect' });
  try {
    await yieldToBrowser(); // the renders the hydrated state and the real viewport cause come first, in their own task
    await startEffectsInSlices(activation, onEffectError, 0);
    setTimeout(() => replayEarlyClicks(o.earlyClicks), 0); // after the renders the hydrated state causes
    await loadTheRest(page, o.definitions);
    const from = activation.effects.length;
    await activateInSlices(built, page.browserPlan, o.definitions, browserPlaces(o.definitions.values()));
    o.activationChanged();
    await startEffectsInSlices(activation, onEffectError, from);
  } catch (err) {
    page.monitor.captureError(err, { phase: 'activate-rest' });
  } finally {
    page.endStartUp();
    releaseHeldLinks(); // the plugins that intercept them are active now
    performance.mark('shell:started'); // what byte and start-up measurements wait for
  }
}

/** Starts the effects from the `from`-th on, one at a time, yielding to the browser when a slice's time is spent. */
function startEffectsInSlices(activation: Activation, onError: (pluginId: string, err: Error) => void, from: number): Promise<void> {
  const indexes = activation.effects.slice(from).map((_, i) => from + i);
  return inSlices(indexes, (i) => startEffects(activation, onError, i, i + 1));
}

/** Loads the plugins the first render did not need; their definitions join `definitions` (a failed one is reported). */
async function loadTheRest(page: PageFacts, definitions: Map<string, PluginDefinition<any>>): Promise<void> {
  const rest = page.browserPlan.plugins.filter((p) => !page.firstRender.has(p.id));
  const loading: Array<Promise<PluginDefinition<any> | null>> = [];
  for (const p of rest) {
    loading.push(page.loadDefinition(p.id));
    // The chunk's import() runs in this task's microtasks (it compiles what is already fetched): one per task.
    await yieldToBrowser();
  }
  for (const def of await Promise.all(loading)) if (def) definitions.set(def.id, def);
}
