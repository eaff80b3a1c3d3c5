import type { RegionConfig } from '../config/region';
import type { PluginDefinition, RouteDef } from '../plugin/types';
import type { RegionPlan } from './plan';

/** A page of the plan: the plugin that answers it and its route. */
export interface PlannedRoute {
  pluginId: string;
  def: RouteDef;
}

/** A plan's pages, and why a plugin answers none (its `routes` threw, or claims a path an earlier plugin has). */
export interface PlanRoutes {
  routes: readonly PlannedRoute[];
  problems: ReadonlyMap<string, string>;
}

/** Each plan's routes, read once (a site version's plan lives with its version, a flagged plan with its requests). */
const tables = new WeakMap<RegionPlan, PlanRoutes>();

/**
 * The pages a plan answers, read from its plugins' declarations (`PluginDefinition.routes`) without running any
 * setup: a request's route is known before any plugin activates. In plan order. A plugin whose `routes` throws, or
 * that claims a path an earlier plugin of the plan has (or claims one twice), answers none: activation fails it with
 * the problem, and the contribution check reports it.
 */
export function planRoutes(plan: RegionPlan, definitions: ReadonlyMap<string, PluginDefinition<any>>, region: RegionConfig): PlanRoutes {
  let table = tables.get(plan);
  if (!table) tables.set(plan, (table = collect(plan, definitions, region)));
  return table;
}

function collect(plan: RegionPlan, definitions: ReadonlyMap<string, PluginDefinition<any>>, region: RegionConfig): PlanRoutes {
  const routes: PlannedRoute[] = [];
  const problems = new Map<string, string>();
  const owners = new Map<string, string>();
  for (const { id, options } of plan.plugins) {
    const declared = declaredRoutes(definitions.get(id), options, region);
    if (typeof declared === 'string') {
      problems.set(id, declared);
      continue;
    }
    const clash = declared
      .map((def, i) => [def.path, owners.get(def.path) ?? (declared.slice(0, i).some((d) => d.path === def.path) ? id : undefined)])
      .find(([, owner]) => owner);
    if (clash) {
      problems.set(id, `route '${clash[0]}' is already contributed by plugin '${clash[1]}'`);
      continue;
    }
    for (const def of declared) {
      owners.set(def.path, id);
      routes.push({ pluginId: id, def });
    }
  }
  return { routes: Object.freeze(routes), problems };
}

/** A plugin's declared routes for its options and region, or why there are none. */
function declaredRoutes(def: PluginDefinition<any> | undefined, options: Record<string, unknown>, region: RegionConfig): readonly RouteDef[] | string {
  try {
    const routes = def?.routes?.(options, region) ?? [];
    return Array.isArray(routes) ? routes : 'routes must return a list of routes';
  } catch (err) {
    return `routes threw: ${(err as Error)?.message ?? err}`;
  }
}
