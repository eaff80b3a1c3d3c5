import type { RegionConfig } from '../../core/config/region';
import type { PluginDefinition } from '../../core/plugin/types';
import { deliveryOf } from '../../core/plugin/delivery';
import type { RegionPlan } from '../../core/registry/plan';
import { heldLinksScript } from '../app/early-clicks';

/** Per region plan (plans live as long as the server), its inline link-holding script. */
const scripts = new WeakMap<RegionPlan, string>();

/**
 * The inline script that holds the links the region's plugins intercept (`delivery.holdsLinks`) until they are active in the
 * browser; '' when none does. A plugin whose `holdsLinks` throws holds nothing (it still takes clicks once active).
 */
export function heldLinksScriptOf(
  plan: RegionPlan,
  region: RegionConfig,
  definitions: ReadonlyMap<string, Pick<PluginDefinition<any>, 'delivery'>>,
  log: (message: string) => void,
): string {
  let script = scripts.get(plan);
  if (script !== undefined) return script;
  const paths = new Set<string>();
  for (const { id, options } of plan.plugins) {
    try {
      for (const p of deliveryOf(definitions.get(id)).holdsLinks(options, region)) paths.add(p);
    } catch (err) {
      log(`[plugin] ${id}: holdsLinks threw (${(err as Error).message}); its links are not held before it is active`);
    }
  }
  script = paths.size ? heldLinksScript({ paths: [...paths], languages: [...region.languages] }) : '';
  scripts.set(plan, script);
  return script;
}
