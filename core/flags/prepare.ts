/** Per region, once: which flags concern its plugins, their types and the region config's values. */
import type { RegionConfig } from '../config/region';
import type { PluginCatalogue } from '../registry/catalogue';
import type { RegionPlan } from '../registry/plan';
import { parseFlagKey, type FlagTarget } from './keys';
import { targetValueType, type FlagValueType } from './option-types';

/** One flag to evaluate for a region. */
export interface PreparedFlag {
  key: string;
  target: FlagTarget;
  type: FlagValueType;
  /** What the region config says: OpenFeature's default value (NaN for a priority, null for an unset option: "no override"). */
  fallback: unknown;
}

export interface PreparedRegion {
  flags: PreparedFlag[];
  /** Validated options of the plugins the config lists as disabled (what a flag switching one on uses). */
  offOptions: Map<string, Record<string, unknown>>;
  /** Options of the planned plugins. */
  planned: Map<string, Record<string, unknown>>;
}

/** The flags among `keys` that address a plugin the region lists (enabled or not), with their fallbacks. */
export function prepareRegion(keys: readonly string[], region: RegionConfig, plan: RegionPlan, catalogue: PluginCatalogue): PreparedRegion {
  const planned = new Map(plan.plugins.map((p) => [p.id, p.options]));
  const offOptions = new Map<string, Record<string, unknown>>();
  for (const [id, entry] of Object.entries(region.plugins ?? {})) {
    if (planned.has(id) || !catalogue.has(id)) continue;
    const { value, problems } = catalogue.validateOptions(id, entry?.options);
    if (!problems.length) offOptions.set(id, value);
  }
  const flags: PreparedFlag[] = [];
  for (const key of keys) {
    const target = parseFlagKey(key);
    if (typeof target === 'string') continue;
    const options = planned.get(target.plugin) ?? offOptions.get(target.plugin);
    const def = catalogue.definitions.get(target.plugin);
    if (!options || !def) continue;
    if (target.kind === 'priority' && !catalogue.places.slots.has(target.slot)) continue;
    const typed = targetValueType(target, def);
    if (!('type' in typed)) continue;
    // An option without a value (no default in its schema) falls back to null: a flag that serves nothing changes nothing.
    const fallback = target.kind === 'enabled' ? planned.has(target.plugin) : target.kind === 'priority' ? Number.NaN : (options[target.option] ?? null);
    flags.push({ key, target, type: typed.type, fallback });
  }
  return { flags, offOptions, planned };
}
