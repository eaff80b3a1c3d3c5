import { findRoute } from '../../core/router/match';
import type { Activation } from '../../core/registry/activate';
import { FALLBACK_NOT_FOUND, HOST_ROUTES, type HostRoute } from './routes';

/**
 * Each activation's table, built once (the server resolves the route before and while rendering), again when
 * plugins activated later add routes (the browser).
 */
const tables = new WeakMap<Activation, { routes: number; table: HostRoute[] }>();

/** Host routes and plugin routes together. */
function routeTable(activation: Activation): HostRoute[] {
  let cached = tables.get(activation);
  if (cached?.routes !== activation.routes.length) tables.set(activation, (cached = { routes: activation.routes.length, table: buildTable(activation) }));
  return cached.table;
}

function buildTable(activation: Activation): HostRoute[] {
  const pluginRoutes: HostRoute[] = activation.routes.map(({ pluginId, def }) => ({ ...def, ns: pluginId, pluginId }));
  const hostPaths = new Set(HOST_ROUTES.map((r) => r.path));
  return [...HOST_ROUTES, ...pluginRoutes.filter((r) => !hostPaths.has(r.path))];
}

export function resolveRoute(activation: Activation, path: string): { route: HostRoute; params: Record<string, string> } {
  return findRoute(routeTable(activation), path) ?? { route: FALLBACK_NOT_FOUND, params: {} };
}
