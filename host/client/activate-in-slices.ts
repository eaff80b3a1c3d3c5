import type { PluginDefinition } from '../../core/plugin/types';
import type { Places } from '../../core/plugin/slots';
import { activateRest } from '../../core/registry/activate';
import type { RegionPlan } from '../../core/registry/plan';
import type { RequestEnv } from '../../core/request/build-request-env';
import { inSlices } from './start-up-slices';

/**
 * Activates the plugins of `plan` not active yet, one at a time in plan order (so each one's requirements come
 * first), yielding to the browser when a slice's time is spent: the result is the one activating them at once gives.
 */
export async function activateInSlices(
  built: RequestEnv,
  plan: RegionPlan,
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
  places: Places,
): Promise<void> {
  const { activation, env } = built;
  const done = new Set([...activation.active, ...activation.failed.map((f) => f.pluginId)]);
  const pending = plan.plugins.flatMap((p, i) => (done.has(p.id) ? [] : [i]));
  const one = (i: number) => new Set([plan.plugins[i].id]);
  await inSlices(pending, (i) => activateRest(activation, plan, definitions, places, env, built.onActivationError, one(i)));
}
