/** Applies a request's flag decisions to its region plan (pure; the plan is never changed in place). */
import type { PluginCatalogue } from '../registry/catalogue';
import { orderByDependencies } from '../registry/order';
import type { PlannedPlugin, RegionPlan } from '../registry/plan';
import type { FlagDecisions } from './types';

const isEmpty = (o: object) => {
  for (const _ in o) return false;
  return true;
};

/**
 * The plan with the decisions applied: a plugin switched off is removed with every plugin that requires it (as
 * if disabled in the config); one switched on is added (when everything it requires is planned) and the plan
 * re-ordered by dependencies; option values are replaced; slot priorities are carried in `priorities`.
 * Without decisions the same plan object comes back. Never throws: on an inconsistency the plan stands.
 */
export function applyDecisions(plan: RegionPlan, decisions: FlagDecisions, catalogue: PluginCatalogue): RegionPlan {
  if (isEmpty(decisions.enabled) && isEmpty(decisions.options) && isEmpty(decisions.priorities)) return plan;
  try {
    const off = new Set<string>();
    for (const [id, on] of Object.entries(decisions.enabled)) if (!on) off.add(id);
    const kept: PlannedPlugin[] = [];
    // The plan is in dependency order: a plugin's requirements are decided before it.
    for (const p of plan.plugins) {
      if (off.has(p.id) || requires(catalogue, p.id).some((dep) => off.has(dep))) off.add(p.id);
      else kept.push(withDecisions(p, decisions));
    }
    const added = switchedOn(plan, decisions, kept, catalogue);
    if (!added.length) return { region: plan.region, plugins: kept };
    const nodes = [...kept, ...added].map((p) => ({ ...p, requires: requires(catalogue, p.id), optional: catalogue.definitions.get(p.id)?.optional ?? [] }));
    const ordered = orderByDependencies(nodes, new Set(catalogue.definitions.keys()));
    return { region: plan.region, plugins: ordered.map(({ id, options, priorities }) => (priorities ? { id, options, priorities } : { id, options })) };
  } catch {
    return plan;
  }
}

function requires(catalogue: PluginCatalogue, id: string): readonly string[] {
  return catalogue.definitions.get(id)?.requires ?? [];
}

function withDecisions(p: PlannedPlugin, decisions: FlagDecisions): PlannedPlugin {
  const options = decisions.options[p.id];
  const priorities = decisions.priorities[p.id];
  if (!options && !priorities) return p;
  const out: PlannedPlugin = { id: p.id, options: options ? { ...p.options, ...options } : p.options };
  if (priorities || p.priorities) out.priorities = { ...p.priorities, ...priorities };
  return out;
}

/** Plugins a flag switched on whose requirements are all planned (or switched on with theirs). */
function switchedOn(plan: RegionPlan, decisions: FlagDecisions, kept: PlannedPlugin[], catalogue: PluginCatalogue): PlannedPlugin[] {
  const present = new Set(kept.map((p) => p.id));
  const planned = new Set(plan.plugins.map((p) => p.id));
  let candidates = Object.keys(decisions.enabled).filter((id) => decisions.enabled[id] && !planned.has(id) && decisions.options[id]);
  const added: PlannedPlugin[] = [];
  for (let progress = true; progress && candidates.length;) {
    progress = false;
    candidates = candidates.filter((id) => {
      if (!requires(catalogue, id).every((dep) => present.has(dep))) return true;
      present.add(id);
      added.push(withDecisions({ id, options: {} }, decisions));
      progress = true;
      return false;
    });
  }
  return added;
}
