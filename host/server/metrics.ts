import cluster, { type Worker } from 'node:cluster';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  register,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';
import type { HttpCallEvent } from '../../core/http/client';
import { flagEvaluationCounter, flagVariantCounter } from '../../core/flags/metrics';

/**
 * Prometheus metrics of this process (`GET /metrics`): requests and durations by region, kind and status,
 * back-end calls by path and outcome (defaults used included), and Node's own figures (event-loop lag, heap, GC).
 * With workers, the primary aggregates every worker's registry (see `clusterMetrics`).
 */
collectDefaultMetrics();
// prom-client answers the primary's aggregation requests only once an AggregatorRegistry exists in the worker (its
// constructor installs the worker-side listener): without it every `/metrics` of a worker timed out with WORKERS>1.
if (cluster.isWorker) new AggregatorRegistry();

export const requests = new Counter({ name: 'shell_http_requests_total', help: 'Requests answered', labelNames: ['region', 'kind', 'status'] as const });
export const requestSeconds = new Histogram({
  name: 'shell_http_request_duration_seconds',
  help: 'Time to the last byte of a response',
  labelNames: ['region', 'kind'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
});
export const prerenderedPages = new Counter({
  name: 'shell_prerendered_pages_total',
  help: 'Pages with page reuse on, by how they were made: prerendered (and kept), resumed (a prerender of the last 30 s from the same data, its holes rendered), or rendered (it could not be prerendered)',
  labelNames: ['outcome'] as const,
});
const backendCalls = new Counter({
  name: 'shell_backend_calls_total',
  help: 'Server-side back-end calls by path and outcome (ok, error, shared: answered from the 30 s shared cache)',
  labelNames: ['path', 'outcome'] as const,
});
const backendSeconds = new Histogram({
  name: 'shell_backend_call_duration_seconds',
  help: 'Server-side back-end call time',
  labelNames: ['outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
});
/** Its two series, kept (a label object is hashed on every observation otherwise). */
const callOk = backendSeconds.labels('ok');
const callError = backendSeconds.labels('error');
const backendDefaults = new Counter({
  name: 'shell_backend_defaults_total',
  help: 'Replies replaced by their documented default (spec §8)',
  labelNames: ['path'] as const,
});

/** Distinct back-end path labels kept; later ones are counted as 'other' so a path with ids cannot explode the series. */
const MAX_PATHS = 300;
const seenPaths = new Set<string>();
function pathLabel(path: string): string {
  const p = path.split('?')[0];
  if (seenPaths.has(p)) return p;
  if (seenPaths.size >= MAX_PATHS) return 'other';
  seenPaths.add(p);
  return p;
}

/** Counts one server-side back-end call (or a default used). Label children are cached: this runs ~10 times a page. */
const callCounters = new Map<string, { inc: () => void }>();
export function reportBackendCall(e: HttpCallEvent): void {
  const key = `${e.kind}\u0000${e.path}\u0000${e.kind === 'call' ? e.outcome : ''}`;
  let counter = callCounters.get(key);
  if (!counter) {
    const path = pathLabel(e.path);
    counter = e.kind === 'default' ? backendDefaults.labels(path) : backendCalls.labels(path, e.outcome);
    if (callCounters.size < 4 * 300) callCounters.set(key, counter);
  }
  counter.inc();
  if (e.kind === 'call' && e.outcome !== 'shared') (e.outcome === 'ok' ? callOk : callError).observe(e.seconds);
}

const backendTooLarge = new Counter({
  name: 'shell_backend_reply_too_large_total',
  help: 'Back-end replies refused for their size (BACKEND_REPLY_LIMIT_BYTES): the call failed (outcome error) and used its default',
  labelNames: ['path'] as const,
});

/** Counts one back-end reply refused for its size (`url` may carry a query: it is dropped). */
export function reportReplyTooLarge(url: string): void {
  backendTooLarge.labels(pathLabel(url)).inc();
}

const configVersion = new Gauge({
  name: 'shell_config_version_info',
  help: 'The configuration version each region serves (1 per region and version; with workers, a version any worker serves)',
  labelNames: ['region', 'version'] as const,
  aggregator: 'max',
});
const configReloads = new Counter({
  name: 'shell_config_reloads_total',
  help: 'Configuration loads by outcome (applied, refused: failed its checks, unchanged: same content), the first load included; per process',
  labelNames: ['outcome'] as const,
});
for (const outcome of ['applied', 'refused', 'unchanged']) configReloads.labels(outcome);

/** Replaces the version series with the active version of each region (the old label sets are removed). */
export function reportConfigVersions(versions: ReadonlyMap<string, string>): void {
  configVersion.reset();
  for (const [region, version] of versions) configVersion.labels(region, version).set(1);
}

const configBlocked = new Gauge({
  name: 'shell_config_blocked_since_seconds',
  help: 'Configuration parts a reload refused (a region file, the flags file, or file#flag key), each serving its last good content: the Unix time it was first refused; per process',
  labelNames: ['part'] as const,
});

/** Sets `shell_config_blocked_since_seconds` to the parts the last reload refused. */
export function reportBlockedParts(blocked: ReadonlyArray<{ part: string; since: string }>): void {
  configBlocked.reset();
  for (const b of blocked) configBlocked.labels(b.part).set(Date.parse(b.since) / 1000);
}

/** Counts one configuration load by its outcome. */
export function reportConfigReload(outcome: 'applied' | 'refused' | 'unchanged'): void {
  configReloads.labels(outcome).inc();
}

const configChecksLost = new Counter({
  name: 'shell_config_checks_lost_total',
  help: 'Configuration loads refused because the config check thread gave no answer, by reason (deadline: it did not answer in time and was stopped; ended: it crashed or ran out of memory); each is also a refused load; per process',
  labelNames: ['reason'] as const,
});
for (const reason of ['deadline', 'ended']) configChecksLost.labels(reason).inc(0);

/** Counts one load refused because its check gave no answer. */
export function reportConfigCheckLost(reason: 'deadline' | 'ended'): void {
  configChecksLost.labels(reason).inc();
}

/** `shell_flag_evaluations_total{flag, reason, error}`: the flag evaluators' `onEvaluation`. */
export const countFlagEvaluation = flagEvaluationCounter(register);
/** `shell_flag_variants_total{flag, variant}`, and this process's decisions per variant for the operator page. */
export const flagVariants = flagVariantCounter(register);

export const metricsContentType = register.contentType;

/** This process's metrics, or (in a worker) every worker's, aggregated by the primary. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return register.metrics();
  return askPrimary();
}

let nextAsk = 0;
function askPrimary(): Promise<string> {
  const id = ++nextAsk;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(() => reject(new Error('the primary did not answer /metrics in 5 s'))), 5000);
    const onMessage = (m: unknown) => {
      const msg = m as { type?: string; id?: number; text?: string; error?: string };
      if (msg?.type !== 'shell:metrics' || msg.id !== id) return;
      done(() => (msg.error ? reject(new Error(msg.error)) : resolve(msg.text ?? '')));
    };
    const done = (settle: () => void) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      settle();
    };
    process.on('message', onMessage);
    process.send!({ type: 'shell:metrics?', id });
  });
}

/** The primary's own figures, apart from the workers' (whose default metrics the aggregation already holds). */
const primaryRegistry = new Registry();
/** Workers the primary replaced, by cause: the signal that killed one (SIGKILL, …) or its exit code. */
export const workerRestarts = new Counter({
  name: 'shell_worker_restarts_total',
  help: 'Workers that died and were replaced, by cause (signal or exit code)',
  labelNames: ['cause'] as const,
  registers: [primaryRegistry],
});

const workers = new Gauge({
  name: 'shell_workers',
  help: 'Worker processes: wanted (WORKERS), running, and ready to serve (fewer ready than wanted: less capacity)',
  labelNames: ['state'] as const,
  registers: [primaryRegistry],
});

/** In the primary: how many workers are wanted, running and ready. */
export function reportWorkers(counts: { wanted: number; running: number; ready: number }): void {
  for (const [state, n] of Object.entries(counts)) workers.labels(state).set(n);
}

/** prom-client's messages between the primary and a worker (its AggregatorRegistry in each worker answers them). */
const WORKER_METRICS_REQ = 'prom-client:getMetricsReq';
const WORKER_METRICS_RES = 'prom-client:getMetricsRes';
/** Longest wait for the ready workers' figures; one that has not answered by then is left out of that answer. */
const WORKER_METRICS_WAIT_MS = 5_000;
type MetricsFromWorker = MetricObjectWithValues<MetricValue<string>>[];

/**
 * In the primary: answers workers' `/metrics` questions with the ready workers' metrics summed, and its own. A worker
 * not ready (a replacement still loading, or dying before it is) is not asked: it would hold every answer up.
 */
export function serveClusterMetrics(ready: () => Worker[]): void {
  const waiting = new Map<number, (figures: MetricsFromWorker | null) => void>();
  let lastId = 0;
  cluster.on('message', (worker, m: { type?: string; id?: number; requestId?: number; metrics?: MetricsFromWorker; error?: string }) => {
    if (m?.type === WORKER_METRICS_RES) return waiting.get(m.requestId!)?.(m.error ? null : (m.metrics ?? null));
    if (m?.type !== 'shell:metrics?') return;
    const asked = ready().filter((w) => w.isConnected());
    const requestId = ++lastId;
    void new Promise<MetricsFromWorker>((resolve) => {
      const figures: MetricsFromWorker = [];
      let left = asked.length;
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(requestId);
        resolve(figures);
      };
      const timer = setTimeout(finish, WORKER_METRICS_WAIT_MS);
      waiting.set(requestId, (theirs) => {
        if (theirs) figures.push(...theirs);
        if (--left === 0) finish();
      });
      for (const w of asked) w.send({ type: WORKER_METRICS_REQ, requestId });
      if (left === 0) finish();
    })
      .then(async (figures) => `${await AggregatorRegistry.aggregate(figures).metrics()}\n${await primaryRegistry.metrics()}`)
      .then(
        (text) => worker.send({ type: 'shell:metrics', id: m.id, text }),
        (err: Error) => worker.send({ type: 'shell:metrics', id: m.id, error: err.message }),
      );
  });
}
