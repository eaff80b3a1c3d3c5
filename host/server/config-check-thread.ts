/**
 * The config folder's checks run in a worker thread of each serving process, started with it from the server entry
 * with the role `config-check`: reading, parsing and checking a large set never holds up a request. The operator
 * page's prepared changes (config-change.ts) are checked there too. The thread builds its own plugin catalogue (it
 * holds functions, which cannot be posted) and keeps the cache of per-file results between checks; it answers each
 * check with the plain-data set, which the serving thread freezes. A thread that ends or misses the deadline is given
 * up: that check is refused, a new thread runs the next.
 */
import { parentPort, Worker } from 'node:worker_threads';
import { RegionCheckCache } from '../../core/config/region-check-cache';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { HOST_PLACES } from '../app/slots';
import { prepareConfigChange, type ChangeRequest, type PreparedChange } from './config-change';
import { nextTurn } from './next-turn';
import { CheckNotRun, checkFolder, frozenCheck, type ConfigChecker, type FolderCheck } from './config-check';
import { installedPlugins } from './plugins';

/**
 * Longest wait for a check's answer. A 1 MiB region file holding 48,000 distinct domains checks in about 0.2 s on a
 * quiet 2-core machine (every list of unique items is compared in one pass: tools/schemas/generate.test.ts); the
 * deadline leaves room for any shape of file on a busy one. A thread stuck past it is stopped and the reload refused.
 */
const CHECK_DEADLINE_MS = 60_000;

/** What the thread is started with. */
export interface ConfigCheckThreadInit {
  role: 'config-check';
  dir: string;
  localesDir: string;
}

/** What a lost check's problem adds: the thread is gone, the next check starts another. */
const NEXT = '; it is stopped and a new one checks the next reload';

type ShellMessage = { type: 'check'; id: number } | { type: 'prepare'; id: number; change: ChangeRequest };
type ThreadMessage =
  | { type: 'checked'; id: number; check: FolderCheck }
  | { type: 'prepared'; id: number; result: PreparedChange }
  | { type: 'failed'; id: number; message: string };

/** In the thread: answers each check of the folder and each change to prepare, in order. */
export function runConfigCheckThread(init: ConfigCheckThreadInit): void {
  const catalogue = new PluginCatalogue(installedPlugins(), HOST_PLACES);
  const cache = new RegionCheckCache();
  const post = (m: ThreadMessage) => parentPort?.postMessage(m);
  parentPort?.on('message', (m: ShellMessage) => {
    try {
      if (m?.type === 'check') post({ type: 'checked', id: m.id, check: checkFolder(init.dir, catalogue, init.localesDir, cache) });
      else if (m?.type === 'prepare')
        post({ type: 'prepared', id: m.id, result: prepareConfigChange({ dir: init.dir, catalogue, localesDir: init.localesDir }, m.change) });
    } catch (err) {
      console.error(`[config] the config check failed: ${(err as Error)?.stack ?? String(err)}`);
      post({ type: 'failed', id: m.id, message: (err as Error)?.message ?? String(err) });
    }
  });
}

export interface CheckThreadOptions {
  /** Starts a thread that answers checks (the server entry with a `ConfigCheckThreadInit`). */
  start: () => Worker;
  deadlineMs?: number;
  log: (message: string) => void;
}

interface Pending {
  worker: Worker;
  resolve: (answer: ThreadMessage) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** In the shell: the checks of the folder, each posted to the thread (started on the first check, again after a failure). */
export class ConfigCheckThread implements ConfigChecker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private closed = false;

  constructor(private readonly o: CheckThreadOptions) {}

  async check(): Promise<FolderCheck> {
    const answer = await this.ask({ type: 'check' });
    if (answer.type !== 'checked') throw new Error('the check thread answered a check with something else');
    // Receiving a large set is a long task of its own: the requests that came during it are served before the freeze.
    await nextTurn();
    try {
      return frozenCheck(answer.check);
    } catch (err) {
      throw new Error(`the check's answer is not a set (${(err as Error).message})`, { cause: err });
    }
  }

  async prepare(change: ChangeRequest): Promise<PreparedChange> {
    const answer = await this.ask({ type: 'prepare', change });
    if (answer.type !== 'prepared') throw new Error('the check thread answered a change with something else');
    return answer.result;
  }

  /** Posts a message to the thread (starting it when none runs); resolves with its answer within the deadline. */
  private ask(message: { type: 'check' } | { type: 'prepare'; change: ChangeRequest }): Promise<ThreadMessage> {
    if (this.closed) return Promise.reject(new CheckNotRun('ended', 'the config check thread is closed'));
    let worker: Worker;
    try {
      worker = this.worker ??= this.spawn();
    } catch (err) {
      return Promise.reject(new CheckNotRun('ended', `the config check thread cannot start (${(err as Error).message})`));
    }
    const id = ++this.lastId;
    const deadlineMs = this.o.deadlineMs ?? CHECK_DEADLINE_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.giveUp(worker, new CheckNotRun('deadline', `the config check thread did not answer within ${deadlineMs / 1000} s${NEXT}`)),
        deadlineMs,
      );
      timer.unref();
      this.pending.set(id, { worker, resolve, reject, timer });
      worker.postMessage({ ...message, id } satisfies ShellMessage);
    });
  }

  /** Starts the thread now if none runs (else the next check starts it). */
  open(): this {
    this.worker ??= this.spawn();
    return this;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    this.giveUp(worker, new CheckNotRun('ended', 'the config check thread is closed'));
    await worker.terminate();
  }

  private spawn(): Worker {
    const worker = this.o.start();
    // The thread never keeps the process alive, and its failures never reach the process (an 'error' listener).
    worker.unref();
    worker.on('message', (m: ThreadMessage) => this.answer(worker, m));
    worker.on('error', (err) => {
      this.o.log(`[config] the config check thread failed: ${err.stack ?? err.message}`);
      this.giveUp(worker, new CheckNotRun('ended', `the config check thread failed (${err.message})${NEXT}`));
    });
    worker.on('exit', (code) => this.giveUp(worker, new CheckNotRun('ended', `the config check thread ended (exit code ${code})${NEXT}`)));
    return worker;
  }

  private answer(worker: Worker, m: ThreadMessage): void {
    const p = this.pending.get(m.id);
    if (!p || p.worker !== worker) return;
    this.settle(m.id, p);
    if (m.type === 'failed') p.reject(new Error(`the check failed: ${m.message}`));
    else p.resolve(m);
  }

  /** Stops `worker` (the next check starts a new thread) and refuses the checks it had. */
  private giveUp(worker: Worker, err: CheckNotRun): void {
    if (this.worker === worker) {
      this.worker = null;
      void worker.terminate();
    }
    for (const [id, p] of this.pending)
      if (p.worker === worker) {
        this.settle(id, p);
        p.reject(err);
      }
  }

  private settle(id: number, p: Pending): void {
    clearTimeout(p.timer);
    this.pending.delete(id);
  }
}

/** Starts the check thread of the server entry `entry`, for the folder `init.dir`. */
export function startConfigCheckThread(entry: URL, init: Omit<ConfigCheckThreadInit, 'role'>, log: (message: string) => void): ConfigCheckThread {
  const workerData = { ...init, role: 'config-check' } satisfies ConfigCheckThreadInit;
  return new ConfigCheckThread({ start: () => new Worker(entry, { workerData }), log }).open();
}
