/** A Prometheus counter of flag evaluations, for the server to pass as `onEvaluation` (metrics.ts stays the server's). */
import { Counter, register as defaultRegistry, type Registry } from 'prom-client';
import type { FlagEvaluationEvent } from './types';

/** Distinct flag labels kept; later ones count as 'other' so a provider serving odd keys cannot explode the series. */
const MAX_FLAG_LABELS = 500;

/** `shell_flag_evaluations_total{flag, reason, error}`: returns the callback that counts one evaluation. */
export function flagEvaluationCounter(registry: Registry = defaultRegistry): (event: FlagEvaluationEvent) => void {
  const counter = new Counter({
    name: 'shell_flag_evaluations_total',
    help: 'Rollout flag evaluations by flag, reason (STATIC, TARGETING_MATCH, DEFAULT, DISABLED, ERROR) and error code',
    labelNames: ['flag', 'reason', 'error'] as const,
    registers: [registry],
  });
  const series = new Map<string, { inc: () => void }>();
  const flags = new Set<string>();
  return (e) => {
    const flag = flags.has(e.key) || flags.size < MAX_FLAG_LABELS ? (flags.add(e.key), e.key) : 'other';
    const id = `${flag}\0${e.reason}\0${e.errorCode ?? ''}`;
    let child = series.get(id);
    if (!child) series.set(id, (child = counter.labels(flag, e.reason, e.errorCode ?? '')));
    child.inc();
  };
}
