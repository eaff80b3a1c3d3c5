/** An OpenFeature provider over flagd's in-process evaluator, fed with the flag file's text. */
import { FlagdCore, MemoryStorage } from '@openfeature/flagd-core';
import {
  ErrorCode,
  type EvaluationContext,
  type FlagValue,
  type FlagValueType,
  type JsonValue,
  type Logger,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/server-sdk';
import { targetingReads } from './targeting-reads';

/** Logs nothing: the evaluator reports errors itself (counted, rate-limited). */
export const SILENT_LOGGER: Logger = { error() {}, warn() {}, info() {}, debug() {} };

/** Most results kept (all flags together, about 200 bytes each); all are dropped when one more comes. */
const MAX_KEPT_RESULTS = 10_000;

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Evaluates flagd flag definitions in this process (JsonLogic targeting, `fractional`, `sem_ver`, `starts_with`). */
export class FlagdFileProvider implements Provider {
  readonly metadata = { name: 'flagd-file' } as const;
  readonly runsOn = 'server' as const;
  private readonly storage = new MemoryStorage(SILENT_LOGGER);
  private readonly core = new FlagdCore(this.storage, SILENT_LOGGER);
  /** By flag key: the context fields its result depends on (targeting-reads.ts), or null when never kept. */
  private reads = new Map<string, readonly string[] | null>();
  /** Results served with a variant, by flag, type and the values of the fields it reads (Level); this flag set's only. */
  private kept = new Map<string, Level>();
  private keptCount = 0;

  /** Throws flagd's ParseError when the text is not a flag definition. */
  constructor(text: string) {
    this.update(text);
  }

  /** Replaces the flag definitions (strict: a text that fails flagd's schema is refused, the old set stays). */
  update(text: string): void {
    // The core's own setter is lenient; its storage validates strictly when asked.
    this.storage.setConfigurations(text, true);
    this.reads = readsOf(text);
    this.forget();
  }

  /** Keys of the flags whose state is ENABLED, in file order. */
  enabledKeys(): string[] {
    return [...this.core.getFlags()].filter(([, flag]) => flag.state === 'ENABLED').map(([key]) => key);
  }

  /**
   * Resolves at once, without the OpenFeature client's promise chain (the evaluator's fast path); never throws. A
   * result served with a variant is kept for the values of the context fields its flag reads (flagd's providers
   * keep STATIC results the same way: a flag without targeting reads none), so the same inputs are not worked out
   * again; errors and defaults without a variant are never kept.
   */
  resolveNow(type: FlagValueType, key: string, fallback: FlagValue, context: EvaluationContext): ResolutionDetails<FlagValue> {
    const reads = this.reads.get(key);
    const found = reads ? this.find(key, type, reads, context) : undefined;
    if (found) return found;
    let details: ResolutionDetails<FlagValue>;
    try {
      details = this.core.resolve(type, key, fallback, context, SILENT_LOGGER);
    } catch (err) {
      return { value: fallback, reason: 'ERROR', errorCode: ErrorCode.GENERAL, errorMessage: (err as Error)?.message ?? String(err) };
    }
    if (reads && details.variant !== undefined && !details.errorCode) this.keep(key, type, reads, context, Object.freeze(details));
    return details;
  }

  resolveBooleanEvaluation(key: string, fallback: boolean, context: EvaluationContext): Promise<ResolutionDetails<boolean>> {
    return Promise.resolve(this.resolveNow('boolean', key, fallback, context) as ResolutionDetails<boolean>);
  }

  resolveStringEvaluation(key: string, fallback: string, context: EvaluationContext): Promise<ResolutionDetails<string>> {
    return Promise.resolve(this.resolveNow('string', key, fallback, context) as ResolutionDetails<string>);
  }

  resolveNumberEvaluation(key: string, fallback: number, context: EvaluationContext): Promise<ResolutionDetails<number>> {
    return Promise.resolve(this.resolveNow('number', key, fallback, context) as ResolutionDetails<number>);
  }

  resolveObjectEvaluation<T extends JsonValue>(key: string, fallback: T, context: EvaluationContext): Promise<ResolutionDetails<T>> {
    return Promise.resolve(this.resolveNow('object', key, fallback, context) as ResolutionDetails<T>);
  }

  private forget(): void {
    this.kept = new Map<string, Level>();
    this.keptCount = 0;
  }

  /** The result kept for this flag, type and values of the fields it reads. */
  private find(key: string, type: FlagValueType, reads: readonly string[], context: EvaluationContext): ResolutionDetails<FlagValue> | undefined {
    let level = this.kept.get(key)?.get(type);
    for (const field of reads) {
      if (!(level instanceof Map)) return undefined;
      level = level.get(context[field]);
    }
    return level instanceof Map ? undefined : (level as ResolutionDetails<FlagValue> | undefined);
  }

  /** Keeps a result, unless a value read is not a primitive (a Map takes -0 for 0, as every JsonLogic operator does). */
  private keep(key: string, type: FlagValueType, reads: readonly string[], context: EvaluationContext, details: ResolutionDetails<FlagValue>): void {
    for (const field of reads) if (!isKeyable(context[field])) return;
    if (this.keptCount >= MAX_KEPT_RESULTS) this.forget();
    let byType = this.kept.get(key);
    if (!byType) this.kept.set(key, (byType = new Map<unknown, unknown>()));
    let level: Level = byType;
    let at: unknown = type;
    for (const field of reads) {
      let next = level.get(at);
      if (!(next instanceof Map)) level.set(at, (next = new Map<unknown, unknown>()));
      [level, at] = [next as Level, context[field]];
    }
    if (!level.has(at)) this.keptCount++;
    level.set(at, details);
  }
}

/** One level of kept results: by the value of one field read, the next level or (at the last) the result. */
type Level = Map<unknown, unknown>;

const isKeyable = (v: unknown) => v === undefined || v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number';

/** The fields each flag of a (valid) flag file reads; null for a flag whose reads are unknown. */
function readsOf(text: string): Map<string, readonly string[] | null> {
  const out = new Map<string, readonly string[] | null>();
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return out;
  }
  if (!isPlain(file) || !isPlain(file.flags)) return out;
  const evaluators = isPlain(file.$evaluators) ? file.$evaluators : {};
  for (const [key, flag] of Object.entries(file.flags)) out.set(key, isPlain(flag) ? targetingReads(flag.targeting, evaluators) : null);
  return out;
}
