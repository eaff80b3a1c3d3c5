import '@abraham/reflection';
import type { Observable } from 'rxjs';
import { Lifecycle } from 'tsyringe';
import { PluginError } from '../plugin/errors';
import { requestContainer } from '../di/tokens';
import type { Places } from '../plugin/slots';
import { type PluginDefinition, type ShellEnv, type SlotName } from '../plugin/types';
import type { PlannedPlugin, RegionPlan } from './plan';
import {
  planDeclarations,
  type MenuEntry,
  type PlanDeclarations,
  type PlanMenus,
  type PlannedGuard,
  type PlannedLoader,
  type PlannedRoute,
} from './plan-declarations';
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
  /**
   * The plan's routes, guards and loaders (`planDeclarations`) of the active plugins, in plan order: the plan's own
   * lists when every plugin that declares one is active (what most requests share), else those lists without the others.
   */
  routes: readonly PlannedRoute[];
  guards: readonly PlannedGuard[];
  loaders: readonly PlannedLoader[];
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
  internals.set(out, { plan, owners: { services: new Map() }, rank: new Map(plan.plugins.map((p, i) => [p.id, i])), sharedSlots: false });
  activatePlanned(out, plan, only ? plan.plugins.filter((p) => only.has(p.id)) : plan.plugins, definitions, env, onError);
  return out;
}

/**
 * Activates the planned plugins an `activate(…, only)` left out (the browser activates first what its first render
 * needs, the rest after hydration), or of those just the ones in `only` (the browser activates one at a time, in
 * slices: the same plan each time, so its declarations are read once). A slot the newcomers add entries to gets a new
 * list, sorted with them exactly as activating the whole plan at once would have ordered it; the other slots keep
 * theirs, so their readers have nothing to render again. `places` holds the declarations of the plugins loaded since
 * (the browser's grow as it loads them).
 */
export function activateRest(
  out: Activation,
  plan: RegionPlan,
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
  places: Places,
  env: ShellEnv,
  onError: ActivationErrorHandler = () => {},
  only?: ReadonlySet<string>,
): void {
  ownSlots(out);
  addDeclaredPlaces(out, places);
  const done = new Set([...out.active, ...out.failed.map((f) => f.pluginId)]);
  const rest = plan.plugins.filter((p) => !done.has(p.id) && (!only || only.has(p.id)));
  activatePlanned(out, plan, rest, definitions, env, onError);
}

/**
 * What an activation keeps for the plugins activated into it later: the whole plan it was made for (the browser then
 * activates parts of it), who owns each service, plan order, and whether its slot lists are the plan's (shared by
 * requests: copied before anything is added to them).
 */
interface Internals {
  plan: RegionPlan;
  owners: Owners;
  rank: Map<string, number>;
  sharedSlots: boolean;
}
const internals = new SideTable<Activation, Internals>('activation internals');

/**
 * A slot record of its own for an activation that had the plan's, before plugins activated later join it. The lists
 * stay shared: a list that gains entries is replaced, never changed (`commit`).
 */
function ownSlots(out: Activation): void {
  const inner = internals.get(out)!;
  if (!inner.sharedSlots) return;
  out.slots = { ...out.slots };
  inner.sharedSlots = false;
}

function activatePlanned(
  out: Activation,
  plan: RegionPlan,
  plugins: readonly PlannedPlugin[],
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
  env: ShellEnv,
  onError: ActivationErrorHandler,
): void {
  const inner = internals.get(out)!;
  const { owners } = inner;
  // The definitions known now: in the browser, those of the plugins loaded so far.
  const declared = planDeclarations(plan, definitions, env.region);
  // The slot lists as they were (a first activation's are all empty: nothing to compare).
  const before = out.active.length ? { ...out.slots } : undefined;
  for (const planned of plugins) {
    const error = activateOne(out, planned, definitions.get(planned.id), env, owners, declared);
    if (!error) continue;
    out.failed.push({ pluginId: planned.id, error });
    onError(planned.id, error);
  }
  const active = new Set(out.active);
  orderSlots(out, plan, declared, inner, active, before);
  // Of the whole plan: plugins activated by an earlier call may not be in this call's part of it.
  const whole = inner.plan === plan ? declared : planDeclarations(inner.plan, definitions, env.region);
  out.routes = ofActive(whole.routes, active);
  out.guards = ofActive(whole.guards, active);
  out.loaders = ofActive(whole.loaders, active);
}

/** A plan's list without the entries of plugins that are not active: the list itself when they all are. */
function ofActive<T extends { pluginId: string }>(list: readonly T[], active: ReadonlySet<string>): readonly T[] {
  return list.every((x) => active.has(x.pluginId)) ? list : list.filter((x) => active.has(x.pluginId));
}

/** One plugin's setup, committed to the activation when it succeeds; why it failed, if it did. */
function activateOne(
  out: Activation,
  planned: PlannedPlugin,
  def: PluginDefinition<any> | undefined,
  env: ShellEnv,
  owners: Owners,
  declared: PlanDeclarations,
): PluginError | null {
  if (!def) return new PluginError(planned.id, 'client code was not loaded');
  const unmet = unmetRequirement(planned.id, def, out.active);
  if (unmet) return unmet;
  const buffer = emptyContributions();
  const error = runSetup(def, planned, env, buffer, owners, out.places, declared);
  if (!error) commit(out, planned, buffer, owners, env);
  return error;
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
  // Service classes of the plugin read its options by `@inject(optionsRefOf<O>(id))`, from the plan's container (core/request).
  const ctx = pluginContext(planned.id, planned.options, env, buffer, owners);
  try {
    const teardown = def.setup?.(ctx);
    if (typeof teardown === 'function') buffer.teardowns.push(teardown);
    return null;
  } catch (err) {
    for (const t of buffer.teardowns) safely(t);
    return err instanceof PluginError ? err : new PluginError(planned.id, `setup threw: ${(err as Error)?.message ?? err}`);
  }
}

/** A plugin's slot entries (read once per plan) into its buffer; why they are refused, if they are. */
function takeDeclarations(id: string, declared: PlanDeclarations, places: Places, buffer: Contributions): PluginError | null {
  const problem = declared.problems.get(id);
  if (problem) return new PluginError(id, problem);
  const own = planSlotEntries(declared, places).get(id);
  if (typeof own === 'string') return new PluginError(id, own);
  if (own) buffer.slots.push(...own);
  return null;
}

/**
 * Each plugin's slot entries in a plan, made once per plan and places (ids `<plugin>:<key>`, or the item's place
 * among the plugin's items in that slot): every request of the plan shares them. A plugin with an entry in a slot or
 * menu nobody declares has the refusal instead (`isDeclared`); in the browser such an entry is left out.
 */
const slotEntries = new WeakMap<PlanDeclarations, { places: Places; byPlugin: Map<string, ReadonlyArray<[SlotName, SlotEntry]> | string> }>();

function planSlotEntries(declared: PlanDeclarations, places: Places): Map<string, ReadonlyArray<[SlotName, SlotEntry]> | string> {
  const cached = slotEntries.get(declared);
  if (cached?.places === places) return cached.byPlugin;
  const byPlugin = new Map<string, ReadonlyArray<[SlotName, SlotEntry]> | string>();
  for (const [id, own] of declared.byPlugin) {
    try {
      const entries: Array<[SlotName, SlotEntry]> = [];
      for (const [name, item] of own.slots) {
        if (!isDeclared(id, 'slot', name, places)) continue;
        const entryId = `${id}:${item.key ?? entries.filter(([n]) => n === name).length}`;
        entries.push([name, Object.freeze({ pluginId: id, item, id: entryId })]);
      }
      // The plan's menus hold its entries (`planMenus`); one in a menu nobody declares refuses the plugin, as a slot does.
      for (const [name] of own.menus) isDeclared(id, 'menu', name, places);
      byPlugin.set(id, entries);
    } catch (err) {
      const prefix = `Plugin '${id}': `;
      const message = (err as Error).message;
      byPlugin.set(id, message.startsWith(prefix) ? message.slice(prefix.length) : message);
    }
  }
  slotEntries.set(declared, { places, byPlugin });
  return byPlugin;
}

/** Adds a plugin's buffered contributions to the activation and registers its services in the request container. */
function commit(out: Activation, planned: PlannedPlugin, buffer: Contributions, owners: Owners, env: ShellEnv): void {
  const id = planned.id;
  // A rollout flag may set this plugin's item priority in a slot for this request (`PlannedPlugin.priorities`).
  for (const [name, entry] of buffer.slots) {
    const priority = planned.priorities?.[name];
    out.slots[name] = [...out.slots[name], priority === undefined ? entry : { ...entry, item: { ...entry.item, priority } }];
  }
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
 * call activated them. Only the lists this call added to (not the same list as `before`) are sorted again. When every
 * plugin of the plan is active and no flag sets a priority, the lists are the same for every request of the plan and
 * places: the plan's, sorted once and shared (frozen).
 */
function orderSlots(
  out: Activation,
  plan: RegionPlan,
  declared: PlanDeclarations,
  inner: Internals,
  active: ReadonlySet<string>,
  before: Readonly<Record<string, SlotEntry[]>> | undefined,
): void {
  const planWide = out.active.length === plan.plugins.length && plan.plugins.every((p) => active.has(p.id) && !p.priorities);
  const cached = planWide ? sortedSlots.get(declared) : undefined;
  if (cached?.places === out.places) {
    out.slots = cached.slots;
    inner.sharedSlots = true;
    return;
  }
  sortByPriority(out, inner.rank, before);
  if (!planWide) return;
  for (const list of Object.values(out.slots)) Object.freeze(list);
  sortedSlots.set(declared, { places: out.places, slots: out.slots });
  inner.sharedSlots = true;
}

const sortedSlots = new WeakMap<PlanDeclarations, { places: Places; slots: Activation['slots'] }>();

/** Each changed slot's list by priority: a new list where the order changes, the same one where it is already right. */
function sortByPriority(out: Activation, rank: ReadonlyMap<string, number>, before: Readonly<Record<string, SlotEntry[]>> | undefined): void {
  const byPlugin = (a: string, b: string) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  for (const [name, list] of Object.entries(out.slots) as Array<[SlotName, SlotEntry[]]>) {
    if (list.length < 2 || list === before?.[name]) continue;
    const sorted = [...list].sort((a, b) => (b.item.priority ?? 0) - (a.item.priority ?? 0) || byPlugin(a.pluginId, b.pluginId));
    if (sorted.some((entry, i) => entry !== list[i])) out.slots[name] = sorted;
  }
}

function safely(fn: () => void) {
  try {
    fn();
  } catch (err) {
    console.error('[shell] teardown failed', err);
  }
}
