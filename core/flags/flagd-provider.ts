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
import { FieldCache } from './field-cache';
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
  /** Results served with a variant, by flag and type, then the values of the fields it reads; this flag set's only. */
  private readonly kept = new FieldCache<ResolutionDetails<FlagValue>>(MAX_KEPT_RESULTS);

  /** Throws flagd's ParseError when the text is not a flag definition. */
  constructor(text: string) {
    this.update(text);
  }

  /** Replaces the flag definitions (strict: a text that fails flagd's schema is refused, the old set stays). */
  update(text: string): void {
    // The core's own setter is lenient; its storage validates strictly when asked.
    this.storage.setConfigurations(text, true);
    this.reads = readsOf(text);
    this.kept.clear();
  }

  /** The context fields the given flags' results depend on, together (sorted); null when one flag's are unknown. */
  readsOfAll(keys: readonly string[]): string[] | null {
    const all = new Set<string>();
    for (const key of keys) {
      const reads = this.reads.get(key);
      if (!reads) return null;
      for (const field of reads) all.add(field);
    }
    return [...all].sort();
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
    const head = `${type}\0${key}`;
    const found = reads ? this.kept.get(head, reads, context) : undefined;
    if (found) return found;
    let details: ResolutionDetails<FlagValue>;
    try {
      details = this.core.resolve(type, key, fallback, context, SILENT_LOGGER);
    } catch (err) {
      return { value: fallback, reason: 'ERROR', errorCode: ErrorCode.GENERAL, errorMessage: (err as Error)?.message ?? String(err) };
    }
    if (reads && details.variant !== undefined && !details.errorCode) this.kept.set(head, reads, context, Object.freeze(details));
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
}

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
