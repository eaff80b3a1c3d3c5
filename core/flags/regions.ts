/** One evaluator per flag source, shared by the regions that use it: what the server builds at start. */
import type { RegionConfig } from '../config/region';
import { FlagEvaluator, type FlagEvaluatorOptions } from './evaluator';
import { createNamedProvider, failedProvider, FLAG_PROVIDERS, type FlagProviderEntry } from './providers';
import type { FlagsProviderSpec } from './types';

export interface RegionFlagsOptions extends FlagEvaluatorOptions {
  /** The flag file's text (region-configs/flags.json); absent: no flags for the regions that use it. */
  flagFile?: string;
  /** The providers a region may name (default: the build's, FLAG_PROVIDERS). */
  providers?: Readonly<Record<string, FlagProviderEntry>>;
}

const EMPTY_FLAG_FILE = '{"flags":{}}';

/**
 * An evaluator per region key: regions naming the same source share one. A provider that cannot be built (an unknown
 * name, settings it refuses) is logged and replaced by one answering ERROR (the config's values stand). Throws flagd's
 * ParseError for an invalid flag file (validation refuses it first).
 */
export async function createFlagEvaluators(regions: Iterable<RegionConfig>, options: RegionFlagsOptions): Promise<Map<string, FlagEvaluator>> {
  const bySource = new Map<string, Promise<FlagEvaluator>>();
  const out = new Map<string, FlagEvaluator>();
  for (const region of regions) {
    const id = JSON.stringify(region.flags ?? null);
    if (!bySource.has(id)) bySource.set(id, region.flags ? providerEvaluator(region.flags, options) : fileEvaluator(options));
    out.set(region.key, await bySource.get(id)!);
  }
  return out;
}

const fileEvaluator = (options: RegionFlagsOptions) => Promise.resolve(FlagEvaluator.fromFlagFile(options.flagFile ?? EMPTY_FLAG_FILE, options));

async function providerEvaluator(spec: FlagsProviderSpec, options: RegionFlagsOptions): Promise<FlagEvaluator> {
  try {
    return await FlagEvaluator.fromProvider(await createNamedProvider(spec.provider, spec.options, options.providers ?? FLAG_PROVIDERS), spec.keys, options);
  } catch (err) {
    const message = (err as Error).message;
    (options.log ?? console.warn)(`[flags] ${message}; the region configs' values stand`);
    return FlagEvaluator.fromProvider(failedProvider(message), spec.keys, options);
  }
}
