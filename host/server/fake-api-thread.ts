import { randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parentPort, Worker } from 'node:worker_threads';
import type { RegionConfig } from '../../core/config/region';
import type { FakeApi } from '../fake-api/server';
import { batchedLines, observe } from './access-log';
import { mountFakeApi } from './fake-api-mount';
import { paths } from './paths';
import { RegionDirectory } from './regions';
import { TranslationCatalogue } from './translations';

/**
 * The embedded fake exchange API runs in a worker thread of the serving process, on a loopback port of its own: it
 * answers the server render's calls and (through the shell's API proxy) the browser's, as a back end would. Its
 * scenarios and records live in that one thread; its work runs beside the shell's render instead of inside it, as a
 * real back end's does.
 */

/** What the thread is started with (structured-cloned into it). */
export interface FakeApiThreadInit {
  role: 'fake-api';
  /** Loopback port to listen on; 0 picks one (a replacement thread takes its predecessor's). */
  port: number;
  configs: RegionConfig[];
  site: string;
  /** Write an access-log line per call to stdout, like the shell's own. */
  accessLog: boolean;
}

type ThreadMessage = { type: 'listening'; port: number } | { type: 'log'; message: string } | { type: 'failed'; message: string };
/** From the shell: the region configs changed (a reload applied); the thread strips their data path prefixes from now on. */
type ShellMessage = { type: 'configs'; configs: RegionConfig[] };

export interface FakeApiThread {
  /** `http://127.0.0.1:<port>`: the origin the shell's back-end client and API proxy use. */
  readonly origin: string;
  /** Hands the thread the region configs of a new version (their data path prefixes and hosts). */
  updateConfigs(configs: readonly RegionConfig[]): void;
  /** Stops the thread (no replacement). */
  close(): Promise<void>;
}

/** Answers one call as a back end would: the fake API, or a JSON 404 (never a page, never compressed). */
async function serveFakeApi(
  api: FakeApi,
  req: IncomingMessage,
  res: ServerResponse,
  o: { regionOf: (host: string | undefined) => string; log: (message: string) => void; accessLog: ((line: string) => void) | null },
): Promise<void> {
  const id = randomUUID();
  // The page's host, set by the shell (client-info.ts `backendHeaders`): the call is logged under its region.
  const host = req.headers['x-forwarded-host'];
  observe(req, res, () => ({ id, region: o.regionOf(typeof host === 'string' && host ? host : req.headers.host), kind: 'api' }), o.accessLog);
  try {
    if (!(await api.handle(req, res))) sendJson(res, 404, '{"code":404,"message":"not found","data":null}');
  } catch (err) {
    o.log(`[fake-api] ${req.method} ${req.url} (request ${id}) failed: ${(err as Error)?.stack ?? String(err)}`);
    if (!res.headersSent) sendJson(res, 500, '{"code":500,"message":"internal error","data":null}');
    else res.destroy();
  }
}

function sendJson(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

/**
 * In the thread: writes to the process's stdout itself (a thread's `process.stdout` hands each write to the main
 * thread, which the render's thread would then spend its time on). A write the pipe cannot take now (it is full) goes
 * that way instead, and is queued there.
 */
function writeStdout(text: string): void {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
  } catch {
    process.stdout.write(bytes.subarray(done));
  }
}

/** A fake API serving on a loopback port (in its thread, or in the dev server's process: tools/dev-server.mjs). */
export interface ListeningFakeApi {
  port: number;
  /** The region configs of a new version (their data path prefixes and hosts). */
  setConfigs(configs: readonly RegionConfig[]): void;
  close(): Promise<void>;
}

/** Loads the fake API and serves it on 127.0.0.1 (`init.port`, 0: any free port). */
export async function listenFakeApi(init: Omit<FakeApiThreadInit, 'role'>, log: (message: string) => void): Promise<ListeningFakeApi> {
  let regions = new RegionDirectory(init.configs, init.site);
  const prefixesOf = (configs: readonly RegionConfig[]) => [...new Set(configs.map((c) => c.api.dataPathPrefix).filter(Boolean))];
  let prefixes = prefixesOf(init.configs);
  const api = await mountFakeApi({
    translations: new TranslationCatalogue(paths.locales, paths.plugins, log),
    log,
    stripPrefixes: () => prefixes,
    // The page's host (the shell's X-Forwarded-Host) names the region whose other apps' pages it stands in for.
    otherApps: (host) => regions.forHost(host),
  });
  const accessLog = init.accessLog ? batchedLines(writeStdout) : null;
  const server = createServer((req, res) => void serveFakeApi(api, req, res, { regionOf: (h) => regions.forHost(h).key, log, accessLog }));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: init.port, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    setConfigs: (configs) => {
      regions = new RegionDirectory([...configs], init.site);
      prefixes = prefixesOf(configs);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** In the thread: loads the fake API and serves it on 127.0.0.1, then tells the shell its port. */
export async function runFakeApiThread(init: FakeApiThreadInit): Promise<void> {
  const post = (m: ThreadMessage) => parentPort?.postMessage(m);
  try {
    // Configs sent while the API loads apply once it listens.
    const state: { listening?: ListeningFakeApi; latest?: RegionConfig[] } = {};
    parentPort?.on('message', (m: ShellMessage) => {
      if (m?.type !== 'configs') return;
      if (state.listening) state.listening.setConfigs(m.configs);
      else state.latest = m.configs;
    });
    const listening = (state.listening = await listenFakeApi(init, (message) => post({ type: 'log', message })));
    if (state.latest) listening.setConfigs(state.latest);
    post({ type: 'listening', port: listening.port });
  } catch (err) {
    post({ type: 'failed', message: (err as Error)?.stack ?? String(err) });
  }
}

/** A thread that dies this soon after the previous start is not replaced again (it cannot start). */
const MIN_LIFE_MS = 10_000;

/**
 * In the shell: starts the fake API thread from `entry` (the server entry, which runs `runFakeApiThread` when started
 * with this init) and resolves once it listens. A thread that dies is replaced on the same port (its scenarios and
 * records start afresh), unless it died right after starting.
 */
export function startFakeApiThread(entry: URL, init: Omit<FakeApiThreadInit, 'role' | 'port'>, log: (message: string) => void): Promise<FakeApiThread> {
  let closing = false;
  let worker: Worker;
  /** The port the first thread picked: a replacement listens on it too. */
  let port = 0;
  /** The configs of the version serving: a replacement thread starts with them. */
  let configs = init.configs;
  const spawn = () =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      let listening = false;
      worker = new Worker(entry, { workerData: { ...init, configs, role: 'fake-api', port } satisfies FakeApiThreadInit });
      worker.on('message', (m: ThreadMessage) => {
        if (m.type === 'log') log(m.message);
        else if (m.type === 'failed') reject(new Error(`the fake API could not start: ${m.message}`));
        else if (m.type === 'listening') {
          listening = true;
          port = m.port;
          resolve(m.port);
        }
      });
      worker.on('error', (err) => log(`[fake-api] thread failed: ${err.stack ?? err.message}`));
      worker.on('exit', (code) => {
        if (!listening) return reject(new Error(`the fake API thread ended (exit ${code}) before it listened`));
        if (closing) return;
        if (Date.now() - started < MIN_LIFE_MS) return log(`[fake-api] thread ended (exit ${code}) ${Date.now() - started} ms after it started; not replaced`);
        log(`[fake-api] thread ended (exit ${code}); starting a new one on port ${port}`);
        spawn().catch((err: Error) => log(`[fake-api] ${err.message}`));
      });
    });
  return spawn().then((listening) => ({
    origin: `http://127.0.0.1:${listening}`,
    updateConfigs: (next) => {
      configs = [...next];
      worker.postMessage({ type: 'configs', configs } satisfies ShellMessage);
    },
    close: async () => {
      closing = true;
      await worker.terminate();
    },
  }));
}
