import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = resolve(ROOT, process.env.SHELL_DIST ?? 'dist');

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export interface RunningServer {
  port: number;
  child: ChildProcess;
  /** Everything the process printed (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Node flags before the entry (e.g. --max-old-space-size=128). */
  nodeArgs?: string[];
  /** The server entry (default: the build's dist/server/entry.js). */
  entry?: string;
  cwd?: string;
  /** Wait for GET /readyz to answer 200 (default true). */
  waitReady?: boolean;
}

/** Starts the built server on a free port and waits until it is ready. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? resolve(DIST, 'server/entry.js')], {
    cwd: options.cwd ?? ROOT,
    // No drain delay unless a test asks for one: most tests stop the server and wait for its exit.
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DRAIN_DELAY_MS: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  const server: RunningServer = {
    port,
    child,
    output: () => out,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitReady === false) return server;
  const deadline = Date.now() + 30_000;
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    const r = await get(port, '/readyz').catch(() => null);
    if (r?.status === 200) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`server did not become ready on port ${port}:\n${out}`);
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** One HTTP request to 127.0.0.1:port with a Host header (default localhost:port). */
export function get(
  port: number,
  path: string,
  options: { host?: string; headers?: Record<string, string | string[]>; method?: string; body?: string | Buffer } = {},
): Promise<Reply> {
  return new Promise((res, rej) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `${options.host ?? 'localhost'}:${port}`, ...options.headers } },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          const body = Buffer.concat(chunks);
          res({ status: r.statusCode ?? 0, headers: r.headers, body, text: body.toString('utf8') });
        });
        r.on('error', rej);
      },
    );
    req.on('error', rej);
    req.setTimeout(60_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.end(options.body);
  });
}

/** A rule of the fault back end (tests/server/fault-backend.mjs documents each mode). */
type FaultRule =
  string | { mode: string; status?: number; headers?: Record<string, string | string[]>; body?: string; bytes?: number; gzip?: boolean; delayMs?: number };

export interface FaultBackend {
  /** 'http://127.0.0.1:<port>' */
  origin: string;
  /** Replaces the default rule and the per-path-prefix rules. */
  set(rules: { default?: FaultRule; rules?: Record<string, FaultRule> }): Promise<void>;
  /** The requests it received, oldest first. */
  log(): Promise<Array<{ method: string; url: string; headers: Record<string, string>; bodyBytes: number; at: number }>>;
  clearLog(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the fault-injecting back end as its own process on a free loopback port. */
export async function startFaultBackend(): Promise<FaultBackend> {
  const child = spawn(process.execPath, [resolve(ROOT, 'tests/server/fault-backend.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const port = await new Promise<number>((res, rej) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /fault back end on (\d+)/.exec(out);
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`fault back end exited (${code}) before listening: ${out}`)));
  });
  const control = async (method: string, path: string, body?: unknown) => {
    const r = await get(port, path, { method, host: '127.0.0.1', body: body === undefined ? undefined : JSON.stringify(body) });
    if (r.status >= 400) throw new Error(`fault back end ${method} ${path}: ${r.status} ${r.text}`);
    return r;
  };
  return {
    origin: `http://127.0.0.1:${port}`,
    set: async (rules) => void (await control('PUT', '/__fault', rules)),
    log: async () => JSON.parse((await control('GET', '/__fault/log')).text),
    clearLog: async () => void (await control('DELETE', '/__fault/log')),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Kills a server (SIGKILL) and its worker processes, which outlive a killed primary only briefly: none is left behind.
 * `workers` defaults to the primary's children now; pass the pids noted earlier when some may already be replaced.
 */
export async function killWithWorkers(server: RunningServer | undefined, workers = server?.child.pid ? childrenOf(server.child.pid) : []): Promise<void> {
  await server?.stop('SIGKILL');
  for (const pid of workers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Live child processes of `pid`, from /proc. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may contain spaces): state, ppid, ...
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out.sort((a, b) => a - b);
}
