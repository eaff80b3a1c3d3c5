import '@abraham/reflection';
import type { Observable } from 'rxjs';
import { Lifecycle } from 'tsyringe';
import { PluginError } from '../plugin/errors';
import { optionsRefOf, requestContainer } from '../di/tokens';
import type { Places } from '../plugin/slots';
import { type Guard, type LoaderDef, type PluginDefinition, type RouteDef, type ShellEnv, type SlotItem, type SlotName } from '../plugin/types';
import type { PlannedPlugin, RegionPlan } from './plan';
import { planDeclarations, type MenuEntry, type PlanDeclarations, type PlanMenus } from './plan-declarations';
import { emptyContributions, isDeclared, isServiceClass, pluginContext, type Contributions, type Owners, type SlotEntry } from './plugin-context';
import { SideTable } from '../util/side-table';

export type { MenuEntry };

export interface Activation {
  /** The declared slots and menus (policies, page slots, declarers) the contributions were checked against. */
  places: Places;
  /** Items by declared slot, in order. */
  slots: Record<SlotName, SlotEntry[]>;
  /**
   * Side-menu entries by menu, in order: the plan's (`planMenus`, data read once per plan), given by whoever builds the
   * request (core/request); activating plugins never changes them. The region config's own entries are the host's.
   */
  menus: PlanMenus;
  routes: Array<{ pluginId: string; def: RouteDef }>;
  guards: Array<{ pluginId: string; guard: Guard }>;
  loaders: Array<{ pluginId: string; def: LoaderDef }>;
  effects: Array<{ pluginId: string; run: () => void | (() => void) }>;
  streams: Map<string, Observable<unknown>>;
  teardowns: Array<() => void>;
  /** Plugins whose setup threw (or whose dependency did): absent from the page. */
  failed: Array<{ pluginId: string; error: Error }>;
  /** Active plugin ids in order. */
  active: string[];
  /** Validated options of each active plugin. */
  options: Map<string, Record<string, unknown>>;
}

export type ActivationErrorHandler = (pluginId: string, error: Error) => void;

/** An empty list for each declared slot the activation has none for yet. */
function addDeclaredPlaces(out: Activation, places: Places): void {
  out.places = places;
  const slots = out.slots as Record<string, SlotEntry[]>;
  for (const name of places.slots.keys()) slots[name] ??= [];
}

/**
 * Runs every planned plugin's setup against one request's environment. Pure and cheap: no I/O.
 * A plugin whose setup throws contributes nothing, and neither do plugins that require it.
 * Contributions go to declared slots and menus only (`places`: the host's and the plugins' declarations).
 * `only` activates just those plugins now (closed under their dependencies); `activateRest` adds the others later.
 */
export function activate(
  plan: RegionPlan,
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
  places: Places,
  env: ShellEnv,
  onError: ActivationErrorHandler = () => {},
  only?: ReadonlySet<string>,
): Activation {
  const out = emptyActivation(places);
  internals.set(out, { owners: { services: new Map() }, rank: new Map(plan.plugins.map((p, i) => [p.id, i])) });
  activatePlanned(out, plan, only ? plan.plugins.filter((p) => only.has(p.id)) : plan.plugins, definitions, env, onError);
  return out;
}

/**
 * Activates the planned plugins an `activate(…, only)` left out (the browser activates first what its first render
 * needs, the rest after hydration). Slot and menu entries are sorted again with the newcomers, into new arrays so
 * readers see the change, exactly as activating the whole plan at once would have ordered them. `places` holds the
 * declarations of the plugins loaded since (the browser's grow as it loads them).
 */
export function activateRest(
  out: Activation,
  plan: RegionPlan,
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
  places: Places,
  env: ShellEnv,
  onError: ActivationErrorHandler = () => {},
): void {
  addDeclaredPlaces(out, places);
  const done = new Set([...out.active, ...out.failed.map((f) => f.pluginId)]);
  const rest = plan.plugins.filter((p) => !done.has(p.id));
  activatePlanned(out, plan, rest, definitions, env, onError);
}

/** What an activation keeps for the plugins activated into it later: who owns each service, plan order. */
const internals = new SideTable<Activation, { owners: Owners; rank: Map<string, number> }>('activation internals');

function activatePlanned(
  out: Activation,
  plan: RegionPlan,
  plugins: readonly PlannedPlugin[],
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
  env: ShellEnv,
  onError: ActivationErrorHandler,
): void {
  const { owners, rank } = internals.get(out)!;
  // The definitions known now: in the browser, those of the plugins loaded so far.
  const declared = planDeclarations(plan, definitions, env.region);
  for (const planned of plugins) {
    const fail = (error: Error) => {
      out.failed.push({ pluginId: planned.id, error });
      onError(planned.id, error);
    };
    const def = definitions.get(planned.id);
    if (!def) {
      fail(new PluginError(planned.id, 'client code was not loaded'));
      continue;
    }
    const unmet = unmetRequirement(planned.id, def, out.active);
    if (unmet) {
      fail(unmet);
      continue;
    }
    const buffer = emptyContributions();
    const error = runSetup(def, planned, env, buffer, owners, out.places, declared);
    if (error) {
      fail(error);
      continue;
    }
    commit(out, planned, buffer, owners, env);
  }
  sortByPriority(out, rank);
}

function emptyActivation(places: Places): Activation {
  const out: Activation = {
    places,
    slots: {} as Record<SlotName, SlotEntry[]>,
    menus: {} as PlanMenus,
    routes: [],
    guards: [],
    loaders: [],
    effects: [],
    streams: new Map(),
    teardowns: [],
    failed: [],
    active: [],
    options: new Map(),
  };
  addDeclaredPlaces(out, places);
  return out;
}

/** A hard requirement that is not active (an optional dependency that is off or failed leaves the plugin working). */
function unmetRequirement(id: string, def: PluginDefinition<any>, active: readonly string[]): PluginError | null {
  const brokenDep = def.requires?.find((dep) => !active.includes(dep));
  return brokenDep ? new PluginError(id, `not activated because '${brokenDep}' is not active`) : null;
}

/** Runs one plugin's setup into `buffer`; the error when it throws (its teardowns so far have run). */
function runSetup(
  def: PluginDefinition<any>,
  planned: PlannedPlugin,
  env: ShellEnv,
  buffer: Contributions,
  owners: Owners,
  places: Places,
  declared: PlanDeclarations,
): PluginError | null {
  const refused = takeDeclarations(planned.id, declared, places, buffer);
  if (refused) return refused;
  const ctx = pluginContext(planned.id, planned.options, env, buffer, owners);
  // Service classes of the plugin read its options by `@inject(optionsRefOf<O>(id))`.
  requestContainer(env).register(optionsRefOf(planned.id).id, { useValue: planned.options });
  try {
    const teardown = def.setup?.(ctx);
    if (typeof teardown === 'function') buffer.teardowns.push(teardown);
    return null;
  } catch (err) {
    for (const t of buffer.teardowns) safely(t);
    return err instanceof PluginError ? err : new PluginError(planned.id, `setup threw: ${(err as Error)?.message ?? err}`);
  }
}

/** A plugin's declarations (read once per plan) into its buffer; why they are refused, if they are. */
function takeDeclarations(id: string, declared: PlanDeclarations, places: Places, buffer: Contributions): PluginError | null {
  const problem = declared.problems.get(id);
  if (problem) return new PluginError(id, problem);
  const own = declared.byPlugin.get(id);
  if (!own) return null;
  buffer.routes.push(...own.routes);
  buffer.loaders.push(...own.loaders);
  buffer.guards.push(...own.guards);
  try {
    for (const [name, item] of own.slots) if (isDeclared(id, 'slot', name, places)) addSlotEntry(buffer, id, name, item);
    // The plan's menus hold its entries (`planMenus`); one in a menu nobody declares refuses the plugin, as a slot does.
    for (const [name] of own.menus) isDeclared(id, 'menu', name, places);
    return null;
  } catch (err) {
    return err as PluginError;
  }
}

/** Adds one of a plugin's slot items, its id `<plugin>:<key>` (or its place among the plugin's items in that slot). */
function addSlotEntry(buffer: Contributions, pluginId: string, name: SlotName, item: SlotItem): void {
  const entryId = `${pluginId}:${item.key ?? buffer.slots.filter(([n]) => n === name).length}`;
  buffer.slots.push([name, { pluginId, item, id: entryId }]);
}

/** Adds a plugin's buffered contributions to the activation and registers its services in the request container. */
function commit(out: Activation, planned: PlannedPlugin, buffer: Contributions, owners: Owners, env: ShellEnv): void {
  const id = planned.id;
  // A rollout flag may set this plugin's item priority in a slot for this request (`PlannedPlugin.priorities`).
  for (const [name, entry] of buffer.slots) {
    const priority = planned.priorities?.[name];
    out.slots[name].push(priority === undefined ? entry : { ...entry, item: { ...entry.item, priority } });
  }
  out.routes.push(...buffer.routes.map((def) => ({ pluginId: id, def })));
  out.guards.push(...buffer.guards.map((guard) => ({ pluginId: id, guard })));
  out.loaders.push(...buffer.loaders.map((def) => ({ pluginId: id, def })));
  out.effects.push(...buffer.effects.map((run) => ({ pluginId: id, run })));
  for (const [name, stream] of buffer.streams) out.streams.set(name, stream);
  const container = requestContainer(env);
  for (const [token, service] of buffer.provided) {
    owners.services.set(token, id);
    if (isServiceClass(service)) container.register(token, { useClass: service }, { lifecycle: Lifecycle.ContainerScoped });
    else container.register(token, { useValue: service });
  }
  buffer.committed = true;
  out.teardowns.push(...buffer.teardowns);
  out.active.push(id);
  out.options.set(id, planned.options);
}

/**
 * Slot entries by priority (highest first); ties keep the order the plugins were activated in (plan order), whichever
 * call activated them.
 */
function sortByPriority(out: Activation, rank: ReadonlyMap<string, number>): void {
  const byPlugin = (a: string, b: string) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  for (const [name, list] of Object.entries(out.slots) as Array<[SlotName, SlotEntry[]]>) {
    out.slots[name] = [...list].sort((a, b) => (b.item.priority ?? 0) - (a.item.priority ?? 0) || byPlugin(a.pluginId, b.pluginId));
  }
}

function safely(fn: () => void) {
  try {
    fn();
  } catch (err) {
    console.error('[shell] teardown failed', err);
  }
}
