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

/** Logs nothing: the evaluator reports errors itself (counted, rate-limited). */
export const SILENT_LOGGER: Logger = { error() {}, warn() {}, info() {}, debug() {} };

/** Evaluates flagd flag definitions in this process (JsonLogic targeting, `fractional`, `sem_ver`, `starts_with`). */
export class FlagdFileProvider implements Provider {
  readonly metadata = { name: 'flagd-file' } as const;
  readonly runsOn = 'server' as const;
  private readonly storage = new MemoryStorage(SILENT_LOGGER);
  private readonly core = new FlagdCore(this.storage, SILENT_LOGGER);

  /** Throws flagd's ParseError when the text is not a flag definition. */
  constructor(text: string) {
    this.update(text);
  }

  /** Replaces the flag definitions (strict: a text that fails flagd's schema is refused, the old set stays). */
  update(text: string): void {
    // The core's own setter is lenient; its storage validates strictly when asked.
    this.storage.setConfigurations(text, true);
  }

  /** Keys of the flags whose state is ENABLED, in file order. */
  enabledKeys(): string[] {
    return [...this.core.getFlags()].filter(([, flag]) => flag.state === 'ENABLED').map(([key]) => key);
  }

  /** Resolves at once, without the OpenFeature client's promise chain (the evaluator's fast path); never throws. */
  resolveNow(type: FlagValueType, key: string, fallback: FlagValue, context: EvaluationContext): ResolutionDetails<FlagValue> {
    try {
      return this.core.resolve(type, key, fallback, context, SILENT_LOGGER);
    } catch (err) {
      return { value: fallback, reason: 'ERROR', errorCode: ErrorCode.GENERAL, errorMessage: (err as Error)?.message ?? String(err) };
    }
  }

  resolveBooleanEvaluation(key: string, fallback: boolean, context: EvaluationContext): Promise<ResolutionDetails<boolean>> {
    return Promise.resolve(this.core.resolveBooleanEvaluation(key, fallback, context, SILENT_LOGGER));
  }

  resolveStringEvaluation(key: string, fallback: string, context: EvaluationContext): Promise<ResolutionDetails<string>> {
    return Promise.resolve(this.core.resolveStringEvaluation(key, fallback, context, SILENT_LOGGER));
  }

  resolveNumberEvaluation(key: string, fallback: number, context: EvaluationContext): Promise<ResolutionDetails<number>> {
    return Promise.resolve(this.core.resolveNumberEvaluation(key, fallback, context, SILENT_LOGGER));
  }

  resolveObjectEvaluation<T extends JsonValue>(key: string, fallback: T, context: EvaluationContext): Promise<ResolutionDetails<T>> {
    return Promise.resolve(this.core.resolveObjectEvaluation(key, fallback, context, SILENT_LOGGER));
  }
}
