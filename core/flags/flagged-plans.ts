/**
 * Flagged plans shared between requests: requests whose flags decided the same get the same plan object, so what
 * the server derives per plan (security headers, the boot state's shared part) is derived once, not per request.
 */
import type { PluginCatalogue } from '../registry/catalogue';
import type { RegionPlan } from '../registry/plan';
import { applyDecisions } from './apply';
import { KeptPerOwner } from '../util/kept';
import type { FlagDecisions } from './types';

/**
 * By the site version's plan: a new version's plans start with none, and the old ones go with their version. At most
 * 64 per site plan (a percentage rollout over several flags makes a few combinations); the oldest goes first.
 */
const byPlan = new KeptPerOwner<RegionPlan, RegionPlan>(64);

/** The plan made of a kept (frozen, shared) decision set, by that set: no key to work out for it again. */
const byDecisions = new WeakMap<FlagDecisions, { plan: RegionPlan; made: RegionPlan }>();

/** `applyDecisions(plan, decisions)`, the same object for the same plan and decisions. */
export function flaggedPlan(plan: RegionPlan, decisions: FlagDecisions, catalogue: PluginCatalogue): RegionPlan {
  const known = byDecisions.get(decisions);
  if (known?.plan === plan) return known.made;
  const made = planFor(plan, decisions, catalogue);
  if (Object.isFrozen(decisions)) byDecisions.set(decisions, { plan, made });
  return made;
}

function planFor(plan: RegionPlan, decisions: FlagDecisions, catalogue: PluginCatalogue): RegionPlan {
  const key = JSON.stringify([decisions.enabled, decisions.options, decisions.priorities]);
  if (key === '[{},{},{}]') return plan;
  return byPlan.get(plan, key, () => applyDecisions(plan, decisions, catalogue));
}
