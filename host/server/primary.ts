import cluster, { type Worker } from 'node:cluster';
import type { ServerSettings } from './settings';
import { reportWorkers, serveClusterMetrics, workerRestarts } from './metrics';

/** First wait before forking again after a replacement that died before it was ready; doubled each time in a row. */
const RETRY_FIRST_MS = 250;
/** Longest wait between two such attempts. */
const RETRY_MAX_MS = 30_000;

/**
 * The primary process of `WORKERS=n`: forks n workers that share the port, replaces one that dies at once (counted
 * by cause in `/metrics`), answers their `/metrics` questions with every worker's figures, passes SIGHUP on to every
 * worker (each reloads the config folder), and on SIGTERM/SIGINT lets each worker drain, then exits 0.
 *
 * Until a first worker is ready, one that dies means the server cannot start (a refused config, a port taken): it
 * stops with exit 1. After that the primary never gives up: a replacement that dies before it is ready (the config
 * folder broken meanwhile, memory short) is forked again after 250 ms, then twice as long each time in a row, at most
 * 30 s, while the live workers go on serving; `shell_workers{state}` says how many are wanted, running and ready.
 *
 * Workers accept connections themselves from the shared listening socket (SCHED_NONE), not through the primary's
 * round robin: with it, a connection handed to a worker that is killed at that moment stays open in the primary with
 * no answer. Now a connection is either in the kernel's queue (any live worker takes it) or in one worker, and closes
 * with that worker's death.
 */
export function runPrimary(settings: ServerSettings): void {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let everReady = false;
  /** Replacements in a row that died before they were ready. */
  let failedInARow = 0;
  const ready = new Set<number>();
  const report = () => reportWorkers({ wanted: settings.workers, running: Object.keys(cluster.workers ?? {}).length, ready: ready.size });
  serveClusterMetrics(() => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && ready.has(w.id)));
  if (settings.fakeApi)
    console.warn(
      `WORKERS=${settings.workers} with the fake API: each worker has its own scenarios and records, so a scenario registered through one worker is unknown to the others. Use WORKERS=1 for the demo and the tests.`,
    );

  const fork = (): Worker => {
    const worker = cluster.fork();
    report();
    worker.on('message', (m: { type?: string }) => {
      if (m?.type !== 'shell:ready') return;
      ready.add(worker.id);
      everReady = true;
      failedInARow = 0;
      report();
      if (ready.size === settings.workers) console.log(`${settings.workers} workers ready (primary ${process.pid})`);
    });
    worker.once('exit', (code, signal) => {
      const wasReady = ready.delete(worker.id);
      report();
      if (stopping) return;
      const cause = signal ?? `exit ${code}`;
      if (!wasReady && !everReady) {
        console.error(`Worker ${worker.process.pid} could not start (${cause}); stopping.`);
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
        process.exitCode = 1;
        return;
      }
      workerRestarts.inc({ cause });
      if (wasReady) {
        console.error(`Worker ${worker.process.pid} died (${cause}); starting a new one.`);
        fork();
        return;
      }
      failedInARow++;
      const waitMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failedInARow - 1));
      console.error(`Worker ${worker.process.pid} died before it was ready (${cause}; ${failedInARow} in a row); starting a new one in ${waitMs} ms.`);
      setTimeout(() => {
        if (!stopping) fork();
      }, waitMs);
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
