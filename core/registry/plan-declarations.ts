import type { SiteFacts } from '../config/region';
import type { MenuName, Places, SlotName } from '../plugin/slots';
import type { Guard, LoaderContribution, LoaderDef, MenuEntryDef, MenuItem, PluginDefinition, RouteDef, SlotEntryDef, SlotItem } from '../plugin/types';
import { refOwner } from '../plugin/refs';
import type { RegionPlan } from './plan';

/** A page of the plan: the plugin that answers it and its route. */
export interface PlannedRoute {
  pluginId: string;
  def: RouteDef;
}

/** A guard of the plan: the plugin that declared it, and the guard. */
export interface PlannedGuard {
  pluginId: string;
  guard: Guard;
}

/** A loader of the plan: the plugin that declared it, and the loader. */
export interface PlannedLoader {
  pluginId: string;
  def: LoaderDef;
}

/** One entry of a side menu: the plugin that declared it (its namespace holds the label), or null for the region config's. */
export interface MenuEntry {
  pluginId: string | null;
  item: MenuItem;
}

/** Side-menu entries by menu, in order. */
export type PlanMenus = Readonly<Record<MenuName, readonly MenuEntry[]>>;

/** One plugin's declarations, as activation takes them. */
interface PluginDeclarations {
  routes: readonly RouteDef[];
  slots: ReadonlyArray<[SlotName, SlotItem]>;
  menus: ReadonlyArray<[MenuName, MenuItem]>;
  loaders: readonly LoaderDef[];
  guards: readonly Guard[];
}

/** What a plan's plugins declare as data, read once per plan. */
export interface PlanDeclarations {
  /** The plan's pages, in plan order, each path once. */
  routes: readonly PlannedRoute[];
  /** The plan's guards and loaders, in plan order (a request runs those of the plugins it activated: `Activation`). */
  guards: readonly PlannedGuard[];
  loaders: readonly PlannedLoader[];
  /** Each plugin's routes, slot and side-menu entries, loaders and guards, in its declaration's order (none for a refused one). */
  byPlugin: ReadonlyMap<string, PluginDeclarations>;
  /** Why a plugin's declarations are refused (see `planDeclarations`), by plugin. */
  problems: ReadonlyMap<string, string>;
}

/**
 * Each plan's declarations (a site version's plan lives with its version, a flagged plan with its requests), read
 * again when more definitions are known (the browser loads plugins' code as a page needs it).
 */
const tables = new WeakMap<RegionPlan, { definitions: ReadonlyMap<string, unknown>; known: number; table: PlanDeclarations }>();

/**
 * What a plan's plugins declare as data (`PluginDefinition.routes`, `slotEntries`, `menuEntries`, `loaders`, `guards`), read without
 * running any setup: a request's route is known before any plugin activates. A plugin whose declaration throws, that
 * claims a path an earlier plugin of the plan has (or claims one twice), or keys a loader by another plugin's ref has
 * its problem instead: activation fails it with the problem (the page runs without it), and the contribution check
 * reports it.
 */
export function planDeclarations(plan: RegionPlan, definitions: ReadonlyMap<string, PluginDefinition<any>>, region: SiteFacts): PlanDeclarations {
  const cached = tables.get(plan);
  if (cached?.definitions === definitions && cached.known === definitions.size) return cached.table;
  const table = collect(plan, definitions, region);
  tables.set(plan, { definitions, known: definitions.size, table });
  return table;
}

function collect(plan: RegionPlan, definitions: ReadonlyMap<string, PluginDefinition<any>>, region: SiteFacts): PlanDeclarations {
  const routes: PlannedRoute[] = [];
  const guards: PlannedGuard[] = [];
  const loaders: PlannedLoader[] = [];
  const byPlugin = new Map<string, PluginDeclarations>();
  const problems = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const { id, options } of plan.plugins) {
    const declared = declarationsOf(id, definitions.get(id), options, region);
    if (typeof declared === 'string') {
      problems.set(id, declared);
      continue;
    }
    const clash = firstClash(id, declared.routes, owners);
    if (clash) {
      problems.set(id, clash);
      continue;
    }
    for (const def of declared.routes) {
      owners.set(def.path, id);
      routes.push({ pluginId: id, def });
    }
    for (const guard of declared.guards) guards.push({ pluginId: id, guard });
    for (const def of declared.loaders) loaders.push({ pluginId: id, def });
    byPlugin.set(id, declared);
  }
  return { routes: Object.freeze(routes), guards: Object.freeze(guards), loaders: Object.freeze(loaders), byPlugin, problems };
}

/** The first of a plugin's routes on a path taken before it (by an earlier plugin, or by itself), as a sentence. */
function firstClash(id: string, routes: readonly RouteDef[], owners: ReadonlyMap<string, string>): string | undefined {
  for (const [i, { path }] of routes.entries()) {
    const owner = owners.get(path) ?? (routes.slice(0, i).some((r) => r.path === path) ? id : undefined);
    if (owner) return `route '${path}' is already contributed by plugin '${owner}'`;
  }
  return undefined;
}

/** Each plan's menus for the places they were read against (the host's and the plugins' declarations). */
const menuTables = new WeakMap<PlanDeclarations, { places: Places; menus: PlanMenus }>();

/**
 * The side menus of a plan, data read once per plan: every planned plugin's entries in a declared menu, by `order`,
 * ties in plan order. A plugin whose declarations are refused has none, and so has one in `leaveOut` (those that
 * failed to activate on a request: its entries would lead to pages that are not there). The region config's own
 * entries are the host's to add.
 */
export function planMenus(
  plan: RegionPlan,
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
  region: SiteFacts,
  places: Places,
  leaveOut: ReadonlySet<string> = new Set(),
): PlanMenus {
  const declared = planDeclarations(plan, definitions, region);
  const cached = menuTables.get(declared);
  if (!leaveOut.size && cached?.places === places) return cached.menus;
  const menus: Record<string, MenuEntry[]> = Object.fromEntries([...places.menus.keys()].map((name) => [name, []]));
  for (const { id } of plan.plugins) {
    if (leaveOut.has(id)) continue;
    for (const [name, item] of declared.byPlugin.get(id)?.menus ?? []) menus[name]?.push({ pluginId: id, item });
  }
  for (const list of Object.values(menus)) list.sort((a, b) => (a.item.order ?? 0) - (b.item.order ?? 0));
  const table = menus as unknown as PlanMenus;
  if (!leaveOut.size) menuTables.set(declared, { places, menus: table });
  return table;
}

/**
 * Each definition's declarations by its options object and region: a declaration is a pure function of those (the
 * browser's plans for a page, the first render's and the rest's, share their plugins' options with the page's plan).
 */
const declarationsRead = new WeakMap<PluginDefinition<any>, WeakMap<object, { region: SiteFacts; read: PluginDeclarations | string }>>();

/** A plugin's declarations for its options and region, or why they are refused (read once per definition, options and region). */
function declarationsOf(id: string, def: PluginDefinition<any> | undefined, options: Record<string, unknown>, region: SiteFacts): PluginDeclarations | string {
  if (!def) return readDeclarations(id, def, options, region);
  let byOptions = declarationsRead.get(def);
  if (!byOptions) declarationsRead.set(def, (byOptions = new WeakMap()));
  const known = byOptions.get(options);
  if (known && known.region === region) return known.read;
  const read = readDeclarations(id, def, options, region);
  byOptions.set(options, { region, read });
  return read;
}

function readDeclarations(
  id: string,
  def: PluginDefinition<any> | undefined,
  options: Record<string, unknown>,
  region: SiteFacts,
): PluginDeclarations | string {
  const lists: Record<'routes' | 'slotEntries' | 'menuEntries' | 'loaders' | 'guards', unknown[]> = {
    routes: [],
    slotEntries: [],
    menuEntries: [],
    loaders: [],
    guards: [],
  };
  for (const part of Object.keys(lists) as Array<keyof typeof lists>) {
    try {
      const list: unknown = def?.[part]?.(options, region) ?? [];
      if (!Array.isArray(list)) return `${part} must return a list`;
      lists[part] = list;
    } catch (err) {
      return `${part} threw: ${(err as Error)?.message ?? err}`;
    }
  }
  const slots: Array<[SlotName, SlotItem]> = [];
  for (const { slot, ...item } of lists.slotEntries as SlotEntryDef[]) {
    if (typeof item?.render !== 'function') return `slot '${slot}': render must be a component`;
    if (item.active !== undefined && typeof item.active !== 'function')
      return `slot '${slot}': active must be a function (env, services) => boolean or a stream`;
    slots.push([slot, item]);
  }
  const menus: Array<[MenuName, MenuItem]> = [];
  for (const { menu, ...item } of lists.menuEntries as MenuEntryDef[]) {
    if (typeof item?.key !== 'string' || typeof item.path !== 'string' || !item.path.startsWith('/'))
      return `menu '${menu}': an entry needs a key and a site path starting with '/'`;
    menus.push([menu, item]);
  }
  const loaders = loaderDefs(id, lists.loaders as LoaderContribution<unknown>[]);
  if (typeof loaders === 'string') return loaders;
  if (lists.guards.some((g) => typeof g !== 'function')) return 'guards must be functions ({ path, env }) => target | null';
  return { routes: lists.routes as RouteDef[], slots, menus, loaders, guards: lists.guards as Guard[] };
}

/** A plugin's loaders keyed within it; why not, for a ref of another plugin or one declared twice. */
function loaderDefs(id: string, contributions: readonly LoaderContribution<unknown>[]): LoaderDef[] | string {
  const loaders: LoaderDef[] = [];
  for (const { key: ref, ...rest } of contributions) {
    if (typeof ref?.id !== 'string' || refOwner(ref) !== id || ref.id[id.length] !== '/')
      return `${ref?.kind ?? 'ref'} '${ref?.id}' belongs to another plugin: declare a ref '${id}/…' in this plugin`;
    const key = ref.id.slice(id.length + 1);
    if (loaders.some((l) => l.key === key)) return `loader '${ref.id}' is registered twice`;
    if (typeof rest.run !== 'function') return `loader '${ref.id}': run must be a function`;
    loaders.push({ ...rest, key });
  }
  return loaders;
}
