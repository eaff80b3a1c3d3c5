/** A Prometheus counter of flag evaluations, for the server to pass as `onEvaluation` (metrics.ts stays the server's). */
import { Counter, register as defaultRegistry, type Registry } from 'prom-client';
import type { FlagEvaluationEvent } from './types';

/** Distinct flag labels kept; later ones count as 'other' so a provider serving odd keys cannot explode the series. */
const MAX_FLAG_LABELS = 500;

interface Series {
  labels: { flag: string; reason: string; error: string };
  /** Evaluations counted since the counter last read them. */
  pending: number;
}

/**
 * `shell_flag_evaluations_total{flag, reason, error}`: returns the callback that counts one evaluation. A page
 * evaluates every flag, so counting is a plain addition; the counter takes the sums whenever it is read (every
 * scrape, the cluster's aggregation too), so what /metrics shows is exact.
 */
export function flagEvaluationCounter(registry: Registry = defaultRegistry): (event: FlagEvaluationEvent) => void {
  /** By flag label, reason, then error code. */
  const series = new Map<string, Map<string, Map<string, Series>>>();
  // Registered in `registry`, which reads it (collect) on every scrape.
  new Counter({
    name: 'shell_flag_evaluations_total',
    help: 'Rollout flag evaluations by flag, reason (STATIC, TARGETING_MATCH, DEFAULT, DISABLED, ERROR) and error code',
    labelNames: ['flag', 'reason', 'error'] as const,
    registers: [registry],
    collect() {
      for (const byReason of series.values())
        for (const byError of byReason.values())
          for (const s of byError.values()) {
            if (!s.pending) continue;
            this.inc(s.labels, s.pending);
            s.pending = 0;
          }
    },
  });
  return (e) => {
    const flag = series.has(e.key) || series.size < MAX_FLAG_LABELS ? e.key : 'other';
    let byReason = series.get(flag);
    if (!byReason) series.set(flag, (byReason = new Map<string, Map<string, Series>>()));
    let byError = byReason.get(e.reason);
    if (!byError) byReason.set(e.reason, (byError = new Map<string, Series>()));
    const error = e.errorCode ?? '';
    let s = byError.get(error);
    if (!s) byError.set(error, (s = { labels: { flag, reason: e.reason, error }, pending: 0 }));
    s.pending++;
  };
}

/** Distinct variant labels kept per flag; later ones count as 'other'. */
const MAX_VARIANT_LABELS = 32;

/** Decisions per flag and variant: what `flagVariantCounter` keeps for the operator page. */
export type VariantCounts = Record<string, Record<string, number>>;

/**
 * `shell_flag_variants_total{flag, variant}` (variant "" when the provider named none, as on an error): returns the
 * callback that counts one decision, and this process's totals for the operator page.
 */
export function flagVariantCounter(registry: Registry = defaultRegistry): { count: (event: FlagEvaluationEvent) => void; counts: () => VariantCounts } {
  const totals = new Map<string, Map<string, { total: number; pending: number }>>();
  new Counter({
    name: 'shell_flag_variants_total',
    help: 'Rollout flag decisions by flag and the variant served ("" when none was named)',
    labelNames: ['flag', 'variant'] as const,
    registers: [registry],
    collect() {
      for (const [flag, byVariant] of totals)
        for (const [variant, n] of byVariant) {
          if (!n.pending) continue;
          this.inc({ flag, variant }, n.pending);
          n.pending = 0;
        }
    },
  });
  const count = (e: FlagEvaluationEvent) => {
    const flag = totals.has(e.key) || totals.size < MAX_FLAG_LABELS ? e.key : 'other';
    let byVariant = totals.get(flag);
    if (!byVariant) totals.set(flag, (byVariant = new Map<string, { total: number; pending: number }>()));
    const named = e.variant ?? '';
    const variant = byVariant.has(named) || byVariant.size < MAX_VARIANT_LABELS ? named : 'other';
    let n = byVariant.get(variant);
    if (!n) byVariant.set(variant, (n = { total: 0, pending: 0 }));
    n.total++;
    n.pending++;
  };
  const counts = () => Object.fromEntries([...totals].map(([flag, byVariant]) => [flag, Object.fromEntries([...byVariant].map(([v, n]) => [v, n.total]))]));
  return { count, counts };
}
