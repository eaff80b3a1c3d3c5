import { findRoute } from '../../core/router/match';
import type { Activation } from '../../core/registry/activate';
import { FALLBACK_NOT_FOUND, HOST_ROUTES, type HostRoute } from './routes';

/** Host routes and plugin routes together. */
export function routeTable(activation: Activation): HostRoute[] {
  const pluginRoutes: HostRoute[] = activation.routes.map(({ pluginId, def }) => ({ ...def, ns: pluginId, pluginId }));
  const hostPaths = new Set(HOST_ROUTES.map((r) => r.path));
  return [...HOST_ROUTES, ...pluginRoutes.filter((r) => !hostPaths.has(r.path))];
}

export function resolveRoute(activation: Activation, path: string): { route: HostRoute; params: Record<string, string> } {
  return findRoute(routeTable(activation), path) ?? { route: FALLBACK_NOT_FOUND, params: {} };
}
