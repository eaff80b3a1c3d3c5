import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The built server's entry (SHELL_DIST, default dist), which also runs the fake API's thread. */
export const builtEntry = () => resolve(root, process.env.SHELL_DIST ?? 'dist', 'server/entry.js');

export interface BenchServerOptions {
  /** Extra environment (WORKERS=1 is always set: the figures are for one process). */
  env?: Record<string, string>;
  /** Node flags before the entry. */
  nodeArgs?: string[];
  /** Open an IPC channel to the process (for the GC probe). */
  ipc?: boolean;
}

/** Waits until GET `path` on 127.0.0.1:port answers 200, or the process ends, or 30 s pass. */
export async function waitUntilAnswers(child: ChildProcess, port: number, path: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const ok = await fetch(`http://127.0.0.1:${port}${path}`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer ${path} on port ${port}`);
}

/** Starts the built server (`WORKERS=1`) on a port and resolves once GET /readyz answers 200. */
export async function startBuiltServer(port: number, o: BenchServerOptions = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), builtEntry()], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), ...o.env, WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'inherit', ...(o.ipc ? (['ipc'] as const) : [])],
  });
  await waitUntilAnswers(child, port, '/readyz');
  return child;
}

/** Stops a process this bench started and waits for its end. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGKILL');
  });
}
