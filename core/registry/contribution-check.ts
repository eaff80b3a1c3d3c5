import { matchPath } from '../router/match';
import { otherAppPrefix } from '../router/other-apps';
import { siteFactsOf, type RegionConfig } from '../config/region';
import type { PluginCatalogue } from './catalogue';
import { planDeclarations } from './plan-declarations';
import { isDeclared } from './plugin-context';
import { PluginError } from '../plugin/errors';

/** One problem a region's plugins have with each other or with the host, found before any request. */
export interface ContributionProblem {
  pluginId: string;
  message: string;
  /** Where the problem is in the region file, when not at the plugin's entry (`/plugins/<id>`). */
  pointer?: string;
}

/**
 * Reads a region plan's declarations, which are data read once per plan: a route claimed by two plugins, a declaration
 * that throws, a loader keyed by another plugin's ref, a slot or menu entry in a place nobody declares, a plugin route a
 * host route shadows (`reservedPaths`) or an `otherApps` prefix hands off. Each problem once. No plugin's `setup` runs:
 * what it does lives per request (services, streams, effects under the plugin's own refs, checked as it runs), and a
 * setup that fails drops its plugin from that request alone.
 */
export function checkContributions(config: RegionConfig, catalogue: PluginCatalogue, reservedPaths: readonly string[]): ContributionProblem[] {
  const plan = catalogue.plan(config);
  const seen = new Map<string, ContributionProblem>();
  const report = (pluginId: string, message: string, pointer?: string) => {
    const key = `${pluginId}\n${message}`;
    if (!seen.has(key)) seen.set(key, { pluginId, message, ...(pointer ? { pointer } : {}) });
  };
  const handedOff = config.otherApps?.paths ?? [];
  handedOff.forEach((prefix, i) => {
    const page = reservedPaths.find((p) => otherAppPrefix([prefix], p));
    if (page)
      report(
        '',
        `'${prefix}' would hand off '${page}', which the host serves itself: remove it, or list the other app's paths beside that page`,
        `/otherApps/paths/${i}`,
      );
  });
  const declared = planDeclarations(plan, catalogue.definitions, siteFactsOf(config));
  for (const [pluginId, problem] of declared.problems) report(pluginId, new PluginError(pluginId, problem).message);
  for (const [pluginId, own] of declared.byPlugin) {
    const places = [...own.slots.map(([name]) => ['slot', name] as const), ...own.menus.map(([name]) => ['menu', name] as const)];
    for (const [kind, name] of places) {
      try {
        isDeclared(pluginId, kind, name, catalogue.places);
      } catch (err) {
        report(pluginId, (err as Error).message);
      }
    }
  }
  for (const { pluginId, def } of declared.routes) {
    if (reservedPaths.includes(def.path)) report(pluginId, `plugin '${pluginId}': route '${def.path}' is a host route, which shadows it: choose another path`);
    const i = handedOff.findIndex((prefix) => coversRoute(prefix, def.path));
    if (i >= 0)
      report(
        pluginId,
        `'${handedOff[i]}' would hand off paths of route '${def.path}' (plugin '${pluginId}'), which the shell serves: remove it, or list the other app's paths beside them`,
        `/otherApps/paths/${i}`,
      );
  }
  return [...seen.values()];
}

/**
 * Whether an `otherApps` prefix takes paths a route serves: the route's fixed part is under the prefix
 * ('/myaccount' and '/myaccount/deposit/:currency'), or the prefix is one of the route's paths ('/trade/BTC_USDT').
 */
function coversRoute(prefix: string, route: string): boolean {
  if (route === '*') return false;
  const fixed = route.split('/:', 1)[0] || '/';
  return otherAppPrefix([prefix], fixed) !== null || matchPath(route, prefix) !== null;
}
