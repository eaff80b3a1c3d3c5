import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/server/support';

/** A second shell server with its own region configs (for options the default configs leave at their defaults). */
export interface ShellProcess {
  origin: string;
  stop(): void;
}

/** Starts the built server on a free port with main.json changed by `edit`; resolves once /readyz answers 200. */
export async function startShell(edit: (mainConfig: Record<string, unknown>) => void): Promise<ShellProcess> {
  const root = resolve(import.meta.dirname, '..');
  const dist = process.env.SHELL_DIST ?? 'dist';
  const dir = mkdtempSync(join(tmpdir(), 'shell-options-'));
  for (const name of ['locales', 'plugins', 'schemas']) symlinkSync(join(root, name), join(dir, name));
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  cpSync(join(root, 'region-configs'), join(dir, 'region-configs'), { recursive: true });
  const file = join(dir, 'region-configs/main.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(config);
  writeFileSync(file, JSON.stringify(config, null, 2));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(root, dist, 'server/entry.js')], {
    env: { ...process.env, SHELL_ROOT: dir, SHELL_DIST: resolve(root, dist), PORT: String(port), ACCESS_LOG: '0', WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const origin = `http://localhost:${port}`;
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300 && child.exitCode === null; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`second shell did not become ready (exit ${child.exitCode}): ${stderr.slice(-2000)}`);
}
