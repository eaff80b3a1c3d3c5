/** One evaluator per flag source, shared by the regions that use it: what the server builds at start. */
import type { RegionConfig } from '../config/region';
import { FlagEvaluator, type FlagEvaluatorOptions } from './evaluator';
import { failedProvider, loadProviderModule } from './provider-module';
import type { FlagsProviderSpec } from './types';

export interface RegionFlagsOptions extends FlagEvaluatorOptions {
  /** The flag file's text (region-configs/flags.json); absent: no flags for the regions that use it. */
  flagFile?: string;
  /** The region-configs folder: provider module paths are relative to it. */
  configDir: string;
}

const EMPTY_FLAG_FILE = '{"flags":{}}';

/** The provider a region names (its `flags` field), or the flag file's by default. */
const flagsSpecOf = (region: RegionConfig): FlagsProviderSpec => region.flags ?? { provider: 'flagd-file' };

/**
 * An evaluator per region key: regions naming the same source share one. A provider module that cannot be loaded
 * is logged and replaced by one answering ERROR (the config's values stand). Throws flagd's ParseError for an
 * invalid flag file (validation refuses it first).
 */
export async function createFlagEvaluators(regions: Iterable<RegionConfig>, options: RegionFlagsOptions): Promise<Map<string, FlagEvaluator>> {
  const bySource = new Map<string, Promise<FlagEvaluator>>();
  const out = new Map<string, FlagEvaluator>();
  for (const region of regions) {
    const spec = flagsSpecOf(region);
    const id = JSON.stringify(spec);
    if (!bySource.has(id)) bySource.set(id, evaluatorFor(spec, options));
    out.set(region.key, await bySource.get(id)!);
  }
  return out;
}

async function evaluatorFor(spec: FlagsProviderSpec, options: RegionFlagsOptions): Promise<FlagEvaluator> {
  if ('provider' in spec) return FlagEvaluator.fromFlagFile(options.flagFile ?? EMPTY_FLAG_FILE, options);
  try {
    return await FlagEvaluator.fromProvider(await loadProviderModule(spec, options.configDir), spec.keys, options);
  } catch (err) {
    const message = (err as Error).message;
    (options.log ?? console.warn)(`[flags] ${message}; the region configs' values stand`);
    return FlagEvaluator.fromProvider(failedProvider(message), spec.keys, options);
  }
}
