import { isObservable, type Observable } from 'rxjs';
import type { Places } from '../plugin/slots';
import type { PluginDefinition, ShellEnv, SlotName } from '../plugin/types';
import type { Activation } from '../registry/activate';
import { deliveryOf } from '../plugin/delivery';
import { serviceReader } from '../di/tokens';
import type { SlotEntry } from '../registry/plugin-context';
import { currentValue } from './context';
import { isLazyView, isReady, preloadPage, viewSource } from './lazy-page';
import { SideTable } from '../util/side-table';
import { BROWSER_BUILD } from '../util/browser-build';
import { peek, UNREAD } from '../state/derived';

/**
 * Server: each entry's flag, decided once per request, by the request's environment (entries are the plan's, shared
 * by its requests). The request's state does not change while its page is prepared and rendered; the flags die with it.
 */
const serverFlags = new SideTable<ShellEnv, Map<SlotEntry, boolean>>('server flags');

/** The page's server-loader results by loader id (`boot.loaderData` in the browser). */
export type LoaderData = Readonly<Record<string, unknown>>;

/** An item that shows a loader's result (`shows`) can be active only when the loader returned something. */
export const hasItsData = (entry: SlotEntry, loaderData: LoaderData): boolean => !entry.item.shows || loaderData[entry.item.shows.id] != null;

/** What an entry's `active` answers for this request (true without one); it may throw. */
export const activeSource = (entry: SlotEntry, env: ShellEnv): boolean | Observable<boolean> =>
  entry.item.active ? entry.item.active(env, serviceReader(env)) : true;

/** Whether an entry wants to show now, as the first render decides it (a stream's current value, else false). */
export function isActiveNow(entry: SlotEntry, env: ShellEnv, loaderData: LoaderData): boolean {
  if (!hasItsData(entry, loaderData)) return false;
  if (!env.isServer) return evaluate(entry, env);
  let flags = serverFlags.get(env);
  if (!flags) serverFlags.set(env, (flags = new Map<SlotEntry, boolean>()));
  let flag = flags.get(entry);
  if (flag === undefined) flags.set(entry, (flag = evaluate(entry, env)));
  return flag;
}

function evaluate(entry: SlotEntry, env: ShellEnv): boolean {
  try {
    const a = activeSource(entry, env);
    if (!isObservable(a)) return Boolean(a);
    // The server reads a subject's or a `derived` value's current value without subscribing (the same value).
    const now = BROWSER_BUILD ? UNREAD : peek(a);
    return Boolean(now === UNREAD ? currentValue(a, false) : now);
  } catch {
    return false;
  }
}

/** What a page's first render shows: its route's page slots (declared with `page: true`) and its server loaders' results. */
export interface FirstRenderPage {
  route: { slots?: readonly SlotName[] };
  loaderData: LoaderData;
}

/** Whether a page's first render renders a slot: the queues wait for the browser; a page slot only where listed. */
function rendersSlot(places: Places, name: SlotName, route: FirstRenderPage['route']): boolean {
  const declared = places.slots.get(name);
  return !!declared && declared.policy !== 'queue' && (!declared.page || !!route.slots?.includes(name));
}

const isQueue = (places: Places, name: string) => places.slots.get(name)?.policy === 'queue';

/** The lazy views a page renders in its slots, for `preloadRenderedViews`. */
export interface RenderedViews {
  /** Entry ids of the views the browser preloads before hydrating (not those of deferred slots). */
  ids: string[];
  /** Their source modules (when the build named them): the server names their client chunks in the page's head. */
  sources: string[];
  /** The source modules of the views in deferred slots: the page inlines their CSS, and does not name their code. */
  deferredSources: string[];
  /** Every one of them loaded (the server's render waits for it, deferred or not). */
  loaded: Promise<void>;
}

/**
 * The lazy views the server renders for this request (active items of the slots the page renders), and a promise
 * that they have loaded. The server awaits it before rendering; the browser gets the ids and preloads the same views
 * before hydrating, so both render the same tree synchronously. A deferred slot's views are left to load as the
 * browser hydrates them (their boundaries keep the server's HTML until then).
 */
export function preloadRenderedViews(activation: Activation, env: ShellEnv, which: FirstRenderPage | { ids: readonly string[] }): RenderedViews {
  // Browser: the server's ids (an id is a plugin's item key, so a queued dialog may share it: queues are skipped).
  const wanted = 'ids' in which ? new Set(which.ids) : null;
  const page = 'ids' in which ? null : which;
  const entries: SlotEntry[] = [];
  const deferred: SlotEntry[] = [];
  for (const [name, list] of Object.entries(activation.slots) as Array<[SlotName, SlotEntry[]]>) {
    if (page ? !rendersSlot(activation.places, name, page.route) : isQueue(activation.places, name)) continue;
    const into = page && activation.places.slots.get(name)?.deferred ? deferred : entries;
    for (const e of list) {
      if (!isLazyView(e.item.render)) continue;
      if (page ? isActiveNow(e, env, page.loaderData) : wanted!.has(e.id)) into.push(e);
    }
  }
  const sourcesOf = (list: SlotEntry[]) => list.map((e) => viewSource(e.item.render)).filter((s): s is string => !!s);
  const pending = [...entries, ...deferred].filter((e) => !isReady(e.item.render)).map((e) => preloadPage(e.item.render));
  return {
    ids: entries.map((e) => e.id),
    sources: sourcesOf(entries),
    deferredSources: sourcesOf(deferred),
    loaded: Promise.all(pending).then(() => undefined),
  };
}

/**
 * The slot entries the first render shows (server side): every entry active now, in every slot but the queues. The
 * browser's slots show exactly these while they hydrate (a slot may hydrate after the page has moved on: more
 * plugins active, the real viewport), so hydration finds the server's items.
 */
export function itemsTheFirstRenderShows(activation: Activation, env: ShellEnv, loaderData: LoaderData): string[] {
  const ids: string[] = [];
  for (const [name, list] of Object.entries(activation.slots) as Array<[SlotName, SlotEntry[]]>) {
    if (isQueue(activation.places, name)) continue;
    for (const e of list) if (isActiveNow(e, env, loaderData)) ids.push(e.id);
  }
  return ids;
}

/**
 * The plugins whose code the first render of a page needs (server side, before rendering), in plan order: the
 * route's owner; the owners of the slot items it renders (active now, in the layout's slots and in the page slots
 * its route lists; an item showing a loader's result only when there is one); the plugins that ask to act from the
 * first interaction (`delivery.beforeHydration`); and everything those require or optionally use. The browser loads and activates these before hydrating and the others after, so a
 * plugin that shows nothing on a page costs its first render nothing. Side-menu entries are data the page carries
 * (`boot.menus`), which the browser shows as they are.
 */
export function pluginsTheFirstRenderNeeds(
  activation: Activation,
  env: ShellEnv,
  page: FirstRenderPage & { route: { pluginId?: string } },
  definitions: ReadonlyMap<string, Pick<PluginDefinition<any>, 'requires' | 'optional' | 'delivery'>>,
): string[] {
  const { ids: needed, add } = closedUnderDependencies(activation, definitions);
  if (page.route.pluginId) add(page.route.pluginId);
  for (const id of activation.active) if (wantsEarly(definitions.get(id), env, activation.options.get(id) ?? {})) add(id);
  for (const [name, list] of Object.entries(activation.slots) as Array<[SlotName, SlotEntry[]]>) {
    if (!rendersSlot(activation.places, name, page.route)) continue;
    for (const e of list) if (isActiveNow(e, env, page.loaderData)) add(e.pluginId);
  }
  return activation.active.filter((id) => needed.has(id));
}

/** A set of active plugin ids where adding one adds what it requires or optionally uses (active ones), recursively. */
function closedUnderDependencies(
  activation: Activation,
  definitions: ReadonlyMap<string, Pick<PluginDefinition<any>, 'requires' | 'optional'>>,
): { ids: Set<string>; add: (id: string) => void } {
  const ids = new Set<string>();
  const add = (id: string) => {
    if (ids.has(id) || !activation.active.includes(id)) return;
    ids.add(id);
    const def = definitions.get(id);
    for (const dep of [...(def?.requires ?? []), ...(def?.optional ?? [])]) add(dep);
  };
  return { ids, add };
}

function wantsEarly(def: Pick<PluginDefinition<any>, 'delivery'> | undefined, env: ShellEnv, options: Record<string, unknown>): boolean {
  try {
    return deliveryOf(def).beforeHydration(env, options) === true;
  } catch {
    return false;
  }
}

/**
 * The active plugins the browser neither loads nor activates on a page (server side, in plan order): those whose
 * `delivery.inBrowser` says no, unless the first render needs them or a plugin the browser runs requires them or lists them
 * as optional. Their side-menu entries are in the page's (`boot.menus`), like every plugin's.
 */
export function pluginsTheBrowserSkips(
  activation: Activation,
  env: ShellEnv,
  firstRender: readonly string[],
  definitions: ReadonlyMap<string, Pick<PluginDefinition<any>, 'requires' | 'optional' | 'delivery'>>,
): string[] {
  const { ids: runs, add } = closedUnderDependencies(activation, definitions);
  for (const id of firstRender) add(id);
  for (const id of activation.active) if (runsInBrowser(definitions.get(id), env, activation.options.get(id) ?? {})) add(id);
  return activation.active.filter((id) => !runs.has(id));
}

function runsInBrowser(def: Pick<PluginDefinition<any>, 'delivery'> | undefined, env: ShellEnv, options: Record<string, unknown>): boolean {
  try {
    return deliveryOf(def).inBrowser(env, options) !== false;
  } catch {
    return true;
  }
}
