import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fetchText } from './load';

/** Node flags that load the cost probe into a server the bench starts (with an IPC channel). */
export const COST_PROBE_ARGS = ['--import', pathToFileURL(resolve(import.meta.dirname, 'cost-probe.mjs')).href];

/**
 * What a server has spent since its probe loaded: CPU (process, main thread) in µs, main-thread heap allocation in
 * bytes, and the main thread's GC pauses in µs (young generation, old generation).
 */
export interface CostReading {
  cpuMicros: number;
  threadCpuMicros: number;
  allocatedBytes: number;
  youngGcMicros: number;
  oldGcMicros: number;
}

/** Asks the cost probe in `child` what the server has spent so far. */
export function readCost(child: ChildProcess, timeoutMs = 10_000): Promise<CostReading> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('no answer from the cost probe')), timeoutMs);
    const onMessage = (m: CostReading & { type?: string }) => m?.type === 'bench:cost' && done(undefined, m);
    const done = (err?: Error, m?: CostReading) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      if (err) reject(err);
      else {
        const { cpuMicros, threadCpuMicros, allocatedBytes, youngGcMicros, oldGcMicros } = m!;
        resolve({ cpuMicros, threadCpuMicros, allocatedBytes, youngGcMicros, oldGcMicros });
      }
    };
    child.on('message', onMessage);
    child.send({ type: 'bench:cost?' });
  });
}

/** Server-side back-end calls so far, from a server's /metrics (`shell_backend_calls_total`): made (ok or error) and answered by the shared cache. */
export interface CallCount {
  made: number;
  shared: number;
}

/** The series of `shell_backend_calls_total` in a Prometheus text: path, outcome and count. */
function* callSeries(metrics: string) {
  for (const m of metrics.matchAll(/^shell_backend_calls_total\{[^}]*path="([^"]*)"[^}]*outcome="(ok|error|shared)"[^}]*\} (\d+(?:\.\d+)?)$/gm)) {
    yield { path: m[1], outcome: m[2], count: Number(m[3]) };
  }
}

/** `shell_backend_calls_total` of a Prometheus text, summed over paths: made (ok, error) and shared. */
export function callsOf(metrics: string): CallCount {
  const count: CallCount = { made: 0, shared: 0 };
  for (const s of callSeries(metrics)) {
    if (s.outcome === 'shared') count.shared += s.count;
    else count.made += s.count;
  }
  return count;
}

/** `shell_backend_calls_total` of a Prometheus text by path: every call, made or answered by the shared cache. */
export function callsByPathOf(metrics: string): Map<string, number> {
  const byPath = new Map<string, number>();
  for (const s of callSeries(metrics)) byPath.set(s.path, (byPath.get(s.path) ?? 0) + s.count);
  return byPath;
}

/** The /metrics text of the server on `port` (the shell's, or the bare React server's with its calls). */
export async function readMetrics(port: number): Promise<string> {
  const r = await fetchText(port, { host: 'localhost', path: '/metrics' });
  if (r.status !== 200) throw new Error(`/metrics on port ${port} answered ${r.status}`);
  return r.text;
}

/** Reads `shell_backend_calls_total` from the server on `port`. */
export async function readCalls(port: number): Promise<CallCount> {
  return callsOf(await readMetrics(port));
}

/** Per page served: CPU ms (whole process, main thread), KB allocated on the main thread's heap, GC pauses, back-end calls. */
export interface PageCost {
  pages: number;
  cpuMs: number;
  threadCpuMs: number;
  allocatedKb: number;
  /** The main thread's GC pauses, in µs: young generation, old generation. */
  youngGcMicros: number;
  oldGcMicros: number;
  /** Only for the servers that call the back end: calls made, and answered by the shared cache, per page. */
  calls?: { made: number; shared: number };
}

/** Sums of several measured windows, to be divided by the pages served in them. */
export class CostTotals {
  private pages = 0;
  private spent: CostReading = { cpuMicros: 0, threadCpuMicros: 0, allocatedBytes: 0, youngGcMicros: 0, oldGcMicros: 0 };
  private calls?: CallCount;

  /** Adds one window: readings before and after, the pages served between, and the call counts before and after. */
  add(before: CostReading, after: CostReading, pages: number, calls?: { before: CallCount; after: CallCount }): void {
    this.pages += pages;
    this.spent.cpuMicros += after.cpuMicros - before.cpuMicros;
    this.spent.threadCpuMicros += after.threadCpuMicros - before.threadCpuMicros;
    this.spent.allocatedBytes += after.allocatedBytes - before.allocatedBytes;
    this.spent.youngGcMicros += after.youngGcMicros - before.youngGcMicros;
    this.spent.oldGcMicros += after.oldGcMicros - before.oldGcMicros;
    if (!calls) return;
    this.calls ??= { made: 0, shared: 0 };
    this.calls.made += calls.after.made - calls.before.made;
    this.calls.shared += calls.after.shared - calls.before.shared;
  }

  perPage(): PageCost {
    const n = Math.max(1, this.pages);
    return {
      pages: this.pages,
      cpuMs: this.spent.cpuMicros / 1000 / n,
      threadCpuMs: this.spent.threadCpuMicros / 1000 / n,
      allocatedKb: this.spent.allocatedBytes / 1024 / n,
      youngGcMicros: this.spent.youngGcMicros / n,
      oldGcMicros: this.spent.oldGcMicros / n,
      ...(this.calls ? { calls: { made: this.calls.made / n, shared: this.calls.shared / n } } : {}),
    };
  }
}
