import type { RegionConfig } from '../config/region';
import type { MenuName } from '../plugin/slots';
import type { MenuEntryDef, MenuItem, PluginDefinition, RouteDef } from '../plugin/types';
import type { RegionPlan } from './plan';

/** A page of the plan: the plugin that answers it and its route. */
export interface PlannedRoute {
  pluginId: string;
  def: RouteDef;
}

/** What a plan's plugins declare as data, read once per plan. */
export interface PlanDeclarations {
  /** The plan's pages, in plan order, each path once. */
  routes: readonly PlannedRoute[];
  /** Side-menu entries by plugin, in its declaration's order. */
  menus: ReadonlyMap<string, ReadonlyArray<[MenuName, MenuItem]>>;
  /** Why a plugin's declarations are refused (a declaration threw, or claims a path an earlier plugin has). */
  problems: ReadonlyMap<string, string>;
}

/** Each plan's declarations (a site version's plan lives with its version, a flagged plan with its requests). */
const tables = new WeakMap<RegionPlan, PlanDeclarations>();

/**
 * What a plan's plugins declare as data (`PluginDefinition.routes`, `menuEntries`), read without running any setup:
 * a request's route is known before any plugin activates. A plugin whose declaration throws, or that claims a path
 * an earlier plugin of the plan has (or claims one twice), has its problem instead: activation fails it with the
 * problem (the page runs without it), and the contribution check reports it.
 */
export function planDeclarations(plan: RegionPlan, definitions: ReadonlyMap<string, PluginDefinition<any>>, region: RegionConfig): PlanDeclarations {
  let table = tables.get(plan);
  if (!table) tables.set(plan, (table = collect(plan, definitions, region)));
  return table;
}

function collect(plan: RegionPlan, definitions: ReadonlyMap<string, PluginDefinition<any>>, region: RegionConfig): PlanDeclarations {
  const routes: PlannedRoute[] = [];
  const menus = new Map<string, Array<[MenuName, MenuItem]>>();
  const problems = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const { id, options } of plan.plugins) {
    const declared = declarationsOf(definitions.get(id), options, region);
    if (typeof declared === 'string') {
      problems.set(id, declared);
      continue;
    }
    const clash = declared.routes
      .map((def, i) => [def.path, owners.get(def.path) ?? (declared.routes.slice(0, i).some((d) => d.path === def.path) ? id : undefined)])
      .find(([, owner]) => owner);
    if (clash) {
      problems.set(id, `route '${clash[0]}' is already contributed by plugin '${clash[1]}'`);
      continue;
    }
    for (const def of declared.routes) {
      owners.set(def.path, id);
      routes.push({ pluginId: id, def });
    }
    if (declared.menus.length) menus.set(id, declared.menus);
  }
  return { routes: Object.freeze(routes), menus, problems };
}

/** A plugin's declared routes and menu entries for its options and region, or why they are refused. */
function declarationsOf(
  def: PluginDefinition<any> | undefined,
  options: Record<string, unknown>,
  region: RegionConfig,
): { routes: readonly RouteDef[]; menus: Array<[MenuName, MenuItem]> } | string {
  let routes: unknown;
  let menus: unknown;
  try {
    routes = def?.routes?.(options, region) ?? [];
    menus = def?.menuEntries?.(options, region) ?? [];
  } catch (err) {
    return `${routes === undefined ? 'routes' : 'menuEntries'} threw: ${(err as Error)?.message ?? err}`;
  }
  if (!Array.isArray(routes)) return 'routes must return a list of routes';
  if (!Array.isArray(menus)) return 'menuEntries must return a list of menu entries';
  const entries: Array<[MenuName, MenuItem]> = [];
  for (const { menu, ...item } of menus as MenuEntryDef[]) {
    if (typeof item?.key !== 'string' || typeof item.path !== 'string' || !item.path.startsWith('/'))
      return `menu '${menu}': an entry needs a key and a site path starting with '/'`;
    entries.push([menu, item]);
  }
  return { routes: routes as RouteDef[], menus: entries };
}
