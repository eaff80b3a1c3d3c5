/** Per-request flag evaluation through one OpenFeature client (server-only). */
import {
  NOOP_PROVIDER,
  OpenFeature,
  type Client,
  type EvaluationContext,
  type EvaluationDetails,
  type FlagValue,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/server-sdk';
import type { RegionConfig } from '../config/region';
import type { PluginCatalogue } from '../registry/catalogue';
import type { RegionPlan } from '../registry/plan';
import { deepFreeze } from '../util/freeze';
import { evaluationContext } from './context';
import { FieldCache } from './field-cache';
import { FlagdFileProvider, SILENT_LOGGER } from './flagd-provider';
import { prepareRegion, type PreparedFlag, type PreparedRegion } from './prepare';
import type { FlagContext, FlagDecisions, FlagEvaluationEvent } from './types';
import { ErrorLog, decideFlag } from './decide';

export interface FlagEvaluatorOptions {
  catalogue: PluginCatalogue;
  /** Called for every flag evaluated (after the shell's own checks): wire it to a counter. Must not throw. */
  onEvaluation?: (event: FlagEvaluationEvent) => void;
  /** Where errors are logged (default console.warn); each flag's error is logged at most once a minute. */
  log?: (message: string) => void;
  /** Longest wait for the provider's answers per request, ms (default 100; 0: no limit, the flag file's default). */
  timeoutMs?: number;
}

/** Longest wait for a provider module to become ready at start, ms; evaluations answer ERROR until it is. */
const PROVIDER_READY_TIMEOUT_MS = 5000;
/** Per-request answer limit for provider modules, ms. */
const PROVIDER_TIMEOUT_MS = 100;

/** Most decision sets kept per region plan (about 3 KB each with 20 flags); all go when one more comes. */
const MAX_KEPT_DECISIONS = 200;

/** A region's decision sets for the flag file, by the values of the context fields its flags read together. */
interface KeptDecisions {
  fields: readonly string[];
  sets: FieldCache<{ decisions: FlagDecisions; events: readonly FlagEvaluationEvent[] }>;
}

/** What a region without flags gets: shared, so frozen. */
const EMPTY: FlagDecisions = deepFreeze({ enabled: {}, options: {}, priorities: {}, flags: [] });

let domains = 0;

/**
 * Evaluates the rollout flags of a request. Build it once (per flag source) and reuse it: the OpenFeature client
 * is made once, and each region's relevant flags are worked out once per plan.
 */
export class FlagEvaluator {
  private readonly client: Client;
  private readonly domain = `shell-flags-${++domains}`;
  private prepared = new WeakMap<RegionPlan, PreparedRegion>();
  /** By prepared region (so a new flag set starts with none); null where a flag's reads are unknown. */
  private kept = new WeakMap<PreparedRegion, KeptDecisions | null>();
  private readonly errors: ErrorLog;
  private readonly timeoutMs: number;

  private constructor(
    private readonly provider: Provider,
    private flagKeys: readonly string[],
    private readonly options: FlagEvaluatorOptions,
    defaultTimeoutMs: number,
  ) {
    this.client = OpenFeature.getClient(this.domain);
    this.client.setLogger(SILENT_LOGGER);
    this.errors = new ErrorLog(options.log ?? ((m) => console.warn(m)));
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  }

  /** From the flag file's text (flagd format). Throws flagd's ParseError when the text is not a valid flag file. */
  static fromFlagFile(text: string, options: FlagEvaluatorOptions): FlagEvaluator {
    const provider = new FlagdFileProvider(text);
    const evaluator = new FlagEvaluator(provider, provider.enabledKeys(), options, 0);
    OpenFeature.setProvider(evaluator.domain, provider); // no initialize(): ready at once
    return evaluator;
  }

  /** From any OpenFeature server provider, asked for `keys`; waits up to PROVIDER_READY_TIMEOUT_MS for it to be ready. */
  static async fromProvider(
    provider: Provider,
    keys: readonly string[],
    options: FlagEvaluatorOptions,
    readyTimeoutMs = PROVIDER_READY_TIMEOUT_MS,
  ): Promise<FlagEvaluator> {
    const evaluator = new FlagEvaluator(provider, [...keys], options, PROVIDER_TIMEOUT_MS);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`not ready after ${readyTimeoutMs} ms`), readyTimeoutMs)));
    const ready = OpenFeature.setProviderAndWait(evaluator.domain, provider).then(
      () => '',
      (err: Error) => `failed to start: ${err?.message ?? String(err)}`,
    );
    const problem = await Promise.race([ready, timeout]);
    clearTimeout(timer);
    if (problem) evaluator.errors.log(`provider '${provider.metadata?.name}'`, 'start', problem);
    return evaluator;
  }

  /** The flag keys this evaluator asks for. */
  get keys(): readonly string[] {
    return this.flagKeys;
  }

  /** Replaces the flag file (flag-file evaluators only). Throws flagd's ParseError and keeps the old flags when invalid. */
  updateFlags(text: string): void {
    if (!(this.provider instanceof FlagdFileProvider)) throw new Error('updateFlags: this evaluator does not read the flag file');
    this.provider.update(text);
    this.flagKeys = this.provider.enabledKeys();
    this.prepared = new WeakMap();
  }

  /**
   * The flags' decisions for one request. Never throws: on any error the region config's values stand. For the flag
   * file, a decision set without errors is kept for the values of the context fields the region's flags read, and
   * the same values get the same (frozen) object; every flag is still counted per request.
   */
  async evaluate(region: RegionConfig, plan: RegionPlan, input: FlagContext | undefined): Promise<FlagDecisions> {
    let prepared: PreparedRegion | undefined;
    try {
      prepared = this.prepare(region, plan);
      if (!prepared.flags.length) return EMPTY;
      return await this.decideAll(prepared, evaluationContext(input, plan.region));
    } catch (err) {
      const message = `evaluation failed: ${(err as Error)?.message ?? String(err)}`;
      const flags = (prepared?.flags ?? []).map((f) => ({ key: f.key, reason: 'ERROR', errorCode: 'GENERAL' }));
      for (const f of flags) this.report({ ...f, errorMessage: message });
      return { enabled: {}, options: {}, priorities: {}, flags };
    }
  }

  /** Unbinds the provider (its onClose runs). */
  async close(): Promise<void> {
    await OpenFeature.setProviderAndWait(this.domain, NOOP_PROVIDER);
  }

  private prepare(region: RegionConfig, plan: RegionPlan): PreparedRegion {
    let prepared = this.prepared.get(plan);
    if (!prepared) this.prepared.set(plan, (prepared = prepareRegion(this.flagKeys, region, plan, this.options.catalogue)));
    return prepared;
  }

  private async decideAll(prepared: PreparedRegion, context: EvaluationContext): Promise<FlagDecisions> {
    const kept = this.keptFor(prepared);
    const known = kept?.sets.get(prepared, kept.fields, context);
    if (known) {
      for (const event of known.events) this.report(event);
      return known.decisions;
    }
    const results = await this.resolveAll(prepared.flags, context);
    const out: FlagDecisions = { enabled: {}, options: {}, priorities: {}, flags: [] };
    const events = prepared.flags.map((flag, i) => decideFlag(prepared, flag, results[i], this.options.catalogue, out));
    for (const event of events) this.report(event);
    for (const [id, on] of Object.entries(out.enabled)) if (on) out.options[id] = { ...prepared.offOptions.get(id), ...out.options[id] };
    if (kept && !events.some((e) => e.reason === 'ERROR')) kept.sets.set(prepared, kept.fields, context, { decisions: deepFreeze(out), events });
    return out;
  }

  /** Where the region's decision sets are kept: flag-file flags whose reads are all known only. */
  private keptFor(prepared: PreparedRegion): KeptDecisions | null {
    let kept = this.kept.get(prepared);
    if (kept === undefined) {
      const fields = this.provider instanceof FlagdFileProvider ? this.provider.readsOfAll(prepared.flags.map((f) => f.key)) : null;
      kept = fields ? { fields, sets: new FieldCache(MAX_KEPT_DECISIONS) } : null;
      this.kept.set(prepared, kept);
    }
    return kept;
  }

  private resolveAll(flags: PreparedFlag[], context: EvaluationContext): Promise<Array<ResolutionDetails<FlagValue>>> | Array<ResolutionDetails<FlagValue>> {
    // The flag file is evaluated in this process: straight through flagd's evaluator, without the client's promise
    // chain per flag (hooks, context merging), about 10 % of a request's flag time (npm run bench -- flags).
    const file = this.provider instanceof FlagdFileProvider ? this.provider : undefined;
    if (file) return flags.map((f) => file.resolveNow(f.type, f.key, f.fallback as FlagValue, context));
    const all = Promise.all(flags.map((f) => this.resolve(f, context)));
    if (!this.timeoutMs) return all;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs)));
    return Promise.race([all, late]).finally(() => clearTimeout(timer));
  }

  private resolve(f: PreparedFlag, context: EvaluationContext): Promise<EvaluationDetails<FlagValue>> {
    switch (f.type) {
      case 'boolean':
        return this.client.getBooleanDetails(f.key, f.fallback as boolean, context);
      case 'string':
        return this.client.getStringDetails(f.key, f.fallback as string, context);
      case 'number':
        return this.client.getNumberDetails(f.key, f.fallback as number, context);
      default:
        return this.client.getObjectDetails(f.key, f.fallback as JsonValue, context);
    }
  }

  private report(event: FlagEvaluationEvent): void {
    try {
      this.options.onEvaluation?.(event);
    } catch {
      // A broken counter must not break the page.
    }
    if (event.reason === 'ERROR')
      this.errors.log(`flag '${event.key}'`, event.errorCode ?? 'GENERAL', `${event.errorCode ?? 'GENERAL'}: ${event.errorMessage ?? ''}`);
  }
}
