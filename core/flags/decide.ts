/** Turns one OpenFeature answer into a decision, after the shell's own checks of the value. */
import type { FlagValue, ResolutionDetails } from '@openfeature/server-sdk';
import type { PluginCatalogue } from '../registry/catalogue';
import type { PreparedFlag, PreparedRegion } from './prepare';
import type { FlagDecisions, FlagEvaluationEvent } from './types';
import { deepFreeze } from '../util/freeze';
import { mergeOption } from './merge-option';

/** Largest slot priority a flag may set (either sign). */
export const MAX_PRIORITY = 1_000_000;
/** Option values remembered as valid or not, per region plan. */
const MAX_CHECKED_VALUES = 256;
/** Time between two log lines for the same flag and error, ms. */
const ERROR_LOG_INTERVAL_MS = 60_000;

const checked = new WeakMap<PreparedRegion, Map<string, CheckedOption>>();

/** Records the flag's effect in `out` (only what differs from the config) and returns the event to count. */
export function decideFlag(
  prepared: PreparedRegion,
  flag: PreparedFlag,
  details: ResolutionDetails<FlagValue>,
  catalogue: PluginCatalogue,
  out: FlagDecisions,
): FlagEvaluationEvent {
  let { reason, errorCode, errorMessage } = details as { reason?: string; errorCode?: string; errorMessage?: string };
  reason ??= 'UNKNOWN';
  if (!errorCode && reason !== 'ERROR') {
    const problem = applyValue(prepared, flag, details.value, catalogue, out);
    if (problem) [reason, errorCode, errorMessage] = ['ERROR', 'TYPE_MISMATCH', problem];
  } else errorCode ??= 'GENERAL';
  const variant = typeof details.variant === 'string' ? details.variant : undefined;
  out.flags.push(errorCode ? { key: flag.key, variant, reason, errorCode } : { key: flag.key, variant, reason });
  return { key: flag.key, variant, reason, errorCode, errorMessage };
}

/** Applies a served value; returns why it cannot be used, if so. */
function applyValue(prepared: PreparedRegion, flag: PreparedFlag, value: unknown, catalogue: PluginCatalogue, out: FlagDecisions): string | undefined {
  const { target } = flag;
  if (target.kind === 'enabled') {
    if (typeof value !== 'boolean') return `served ${kind(value)}, not a boolean`;
    if (value !== flag.fallback) out.enabled[target.plugin] = value;
    return undefined;
  }
  if (target.kind === 'priority') {
    if (typeof value === 'number' && Number.isNaN(value)) return undefined; // the "no override" default
    if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_PRIORITY)
      return `served ${kind(value)}, not a number within ±${MAX_PRIORITY}`;
    (out.priorities[target.plugin] ??= {})[target.slot] = value;
    return undefined;
  }
  if (value === null || value === undefined) return undefined;
  if (kind(value, true) !== flag.type) return `served ${kind(value)}, not ${flag.type === 'object' ? 'an object' : `a ${flag.type}`}`;
  const checkedValue = checkOption(prepared, target.plugin, target.option, mergeOption(flag.fallback, value), catalogue);
  if ('problem' in checkedValue) return checkedValue.problem;
  if (!same(checkedValue.value, flag.fallback)) (out.options[target.plugin] ??= {})[target.option] = checkedValue.value;
  return undefined;
}

type CheckedOption = { value: unknown } | { problem: string };

/**
 * The option as the plugin gets it (the merged value checked by its options schema in place of the config's, defaults
 * filled in), or why it cannot be used; remembered per region plan.
 */
function checkOption(prepared: PreparedRegion, plugin: string, option: string, value: unknown, catalogue: PluginCatalogue): CheckedOption {
  let cache = checked.get(prepared);
  if (!cache) checked.set(prepared, (cache = new Map<string, CheckedOption>()));
  const id = `${plugin}\0${option}\0${JSON.stringify(value)}`;
  let result = cache.get(id);
  if (!result) {
    const base = prepared.planned.get(plugin) ?? prepared.offOptions.get(plugin) ?? {};
    const { value: options, problems } = catalogue.validateOptions(plugin, { ...base, [option]: value });
    const found = problems[0];
    result = found ? { problem: `does not pass plugin '${plugin}' options schema: ${found.pointer} ${found.message}` } : { value: deepFreeze(options[option]) };
    if (cache.size >= MAX_CHECKED_VALUES) cache.clear();
    cache.set(id, result);
  }
  return result;
}

function kind(value: unknown, short = false): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return short ? 'object' : Array.isArray(value) ? 'an array' : 'an object';
  return short ? typeof value : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

/** Logs an error at most once per ERROR_LOG_INTERVAL_MS for the same subject and code (counting stays exact). */
export class ErrorLog {
  private readonly last = new Map<string, number>();

  constructor(private readonly write: (message: string) => void) {}

  log(subject: string, code: string, message: string): void {
    const id = `${subject}\0${code}`;
    const now = Date.now();
    if (now - (this.last.get(id) ?? -Infinity) < ERROR_LOG_INTERVAL_MS) return;
    this.last.set(id, now);
    try {
      this.write(`[flags] ${subject}: ${message}; the region config's value stands`);
    } catch {
      // Logging must not break the page.
    }
  }
}
