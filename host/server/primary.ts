import cluster, { type Worker } from 'node:cluster';
import type { ServerSettings } from './settings';
import { serveClusterMetrics, workerRestarts } from './metrics';

/** A worker that exits this soon after starting, before it was ready, means the server cannot start: stop. */
const FAILED_START_MS = 15_000;

/**
 * The primary process of `WORKERS=n`: forks n workers that share the port, replaces one that dies at once (counted
 * by cause in `/metrics`), answers their `/metrics` questions with every worker's figures, passes SIGHUP on to every
 * worker (each reloads the config folder), and on SIGTERM/SIGINT lets each worker drain, then exits 0.
 *
 * Workers accept connections themselves from the shared listening socket (SCHED_NONE), not through the primary's
 * round robin: with it, a connection handed to a worker that is killed at that moment stays open in the primary with
 * no answer. Now a connection is either in the kernel's queue (any live worker takes it) or in one worker, and closes
 * with that worker's death.
 */
export function runPrimary(settings: ServerSettings): void {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const ready = new Set<number>();
  serveClusterMetrics();
  if (settings.fakeApi)
    console.warn(
      `WORKERS=${settings.workers} with the fake API: each worker has its own scenarios and records, so a scenario registered through one worker is unknown to the others. Use WORKERS=1 for the demo and the tests.`,
    );

  const fork = (): Worker => {
    const started = Date.now();
    const worker = cluster.fork();
    worker.on('message', (m: { type?: string }) => {
      if (m?.type !== 'shell:ready') return;
      ready.add(worker.id);
      if (ready.size === settings.workers) console.log(`${settings.workers} workers ready (primary ${process.pid})`);
    });
    worker.once('exit', (code, signal) => {
      const wasReady = ready.delete(worker.id);
      if (stopping) return;
      if (!wasReady && Date.now() - started < FAILED_START_MS) {
        console.error(`Worker ${worker.process.pid} could not start (exit ${code ?? signal}); stopping.`);
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
        process.exitCode = 1;
        return;
      }
      const cause = signal ?? `exit ${code}`;
      fork();
      workerRestarts.inc({ cause });
      console.error(`Worker ${worker.process.pid} died (${cause}); starting a new one.`);
    });
    return worker;
  };

  // Handlers before the first fork: a signal that arrives between a fork and the handler would kill the primary.
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} workers`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => {
    if (!stopping) for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGHUP');
  });
  for (let i = 0; i < settings.workers; i++) fork();
  // The primary ends on its own once the last worker has exited (nothing else keeps its event loop alive).
}
