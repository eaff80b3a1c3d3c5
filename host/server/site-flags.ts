/**
 * The rollout flag evaluators of each site version (core/flags): the flag file's, built from the text the set was
 * checked with, and one per provider a region names, reused by the next versions while its spec is the same.
 */
import type { RegionConfig } from '../../core/config/region';
import { createFlagEvaluators } from '../../core/flags/regions';
import { FlagEvaluator, type FlagEvaluatorOptions } from '../../core/flags/evaluator';
import type { FlagContext, FlagDecisions } from '../../core/flags/types';
import type { RegionPlan } from '../../core/registry/plan';
import type { FlagsDocument } from './config-set';

/** An evaluator a newer version replaced is closed this long after (requests of the older version finish first), ms. */
const RETIRE_AFTER_MS = 30_000;
const EMPTY_FLAG_FILE = '{"flags":{}}';

/** One site version's flags: what a request asks for its decisions. */
export interface SiteFlags {
  /** The flags' decisions for a request of `region` (never throws: on any error the config's values stand). */
  evaluate(region: RegionConfig, plan: RegionPlan, context: FlagContext): Promise<FlagDecisions>;
}

/** The text of a flags document (the checked file's, or its parsed value serialized). */
const flagFileText = (flags: FlagsDocument | null) => (flags ? (flags.text ?? JSON.stringify(flags.value)) : EMPTY_FLAG_FILE);

/** Builds each version's SiteFlags and keeps what the next one may reuse. */
export class SiteFlagSources {
  private file: { text: string; evaluator: FlagEvaluator } | null = null;
  private readonly modules = new Map<string, Promise<FlagEvaluator | undefined>>();

  constructor(private readonly options: FlagEvaluatorOptions) {}

  /** The flags of a version of `configs` with this flags file. Throws when the file cannot be parsed (the set is refused). */
  forVersion(configs: readonly RegionConfig[], flags: FlagsDocument | null): SiteFlags {
    const text = flagFileText(flags);
    if (this.file?.text !== text) {
      const evaluator = FlagEvaluator.fromFlagFile(text, this.options);
      if (this.file) retire(Promise.resolve([this.file.evaluator]));
      this.file = { text, evaluator };
    }
    const fileEvaluator = Promise.resolve(this.file.evaluator);
    const byRegion = new Map<string, Promise<FlagEvaluator | undefined>>();
    for (const c of configs) byRegion.set(c.key, c.flags ? this.moduleEvaluator(c) : fileEvaluator);
    const used = new Set(configs.filter((c) => c.flags).map((c) => JSON.stringify(c.flags)));
    for (const [id, evaluator] of this.modules)
      if (!used.has(id)) {
        this.modules.delete(id);
        retire(evaluator.then((e) => (e ? [e] : [])));
      }
    return {
      evaluate: async (region, plan, context) => {
        const evaluator = await byRegion.get(region.key);
        return evaluator ? evaluator.evaluate(region, plan, context) : NO_DECISIONS;
      },
    };
  }

  private moduleEvaluator(region: RegionConfig): Promise<FlagEvaluator | undefined> {
    const id = JSON.stringify(region.flags);
    let evaluator = this.modules.get(id);
    if (!evaluator) this.modules.set(id, (evaluator = createFlagEvaluators([region], this.options).then((m) => m.get(region.key))));
    return evaluator;
  }
}

const NO_DECISIONS: FlagDecisions = Object.freeze({ enabled: {}, options: {}, priorities: {}, flags: [] });

/** A version without flags (tools and tests that build one without sources). */
export const NO_FLAGS: SiteFlags = { evaluate: () => Promise.resolve(NO_DECISIONS) };

/** Closes evaluators once the requests that may still use them are over. */
function retire(evaluators: Promise<FlagEvaluator[]>): void {
  setTimeout(() => {
    void evaluators.then((list) => Promise.all(list.map((e) => e.close()))).catch(() => undefined);
  }, RETIRE_AFTER_MS).unref();
}
