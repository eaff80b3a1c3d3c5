import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubBackend, until, type StubBackend } from './serving-support';
import { childrenOf, get, killWithWorkers, ROOT, startServer, type RunningServer } from './support';

/** `WORKERS=n` (node:cluster): n workers share the port, a dead one is replaced, SIGTERM drains them all. */

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('WORKERS=2 with a real back end (API_ORIGIN)', () => {
  let backend: StubBackend;
  let server: RunningServer | undefined;
  let workerPids: number[] = [];
  beforeAll(async () => {
    backend = await startStubBackend();
    server = await startServer({ env: { WORKERS: '2', API_ORIGIN: backend.origin } });
  });
  afterAll(async () => {
    await killWithWorkers(server, workerPids);
    await backend?.close();
  });

  it('starts two workers that answer pages and report ready', async () => {
    const s = server!;
    await until(() => s.output().includes('2 workers ready'), "the primary's '2 workers ready'", 30_000);
    expect(s.output()).toMatch(new RegExp(`2 workers ready \\(primary ${s.child.pid}\\)`));
    workerPids = childrenOf(s.child.pid!);
    expect(workerPids).toHaveLength(2);
    for (let i = 0; i < 4; i++) {
      const r = await get(s.port, '/');
      expect(r.status).toBe(200);
      expect(r.text).toMatch(/^<!DOCTYPE html>/i);
    }
    // The pages' server-side calls went to the back end.
    await backend.waitFor((c) => c.url === '/api/web/v1/site/settings' && c.headers['x-internal-request'] === '1');
  });

  it('answers /metrics with every worker aggregated by the primary', async () => {
    const s = server!;
    const r = await get(s.port, '/metrics');
    expect(r.status).toBe(200);
    const pages = r.text.split('\n').find((l) => l.startsWith('shell_http_requests_total{') && l.includes('kind="page"') && l.includes('status="200"'));
    expect(pages, r.text.slice(0, 500)).toBeDefined();
    expect(Number(pages!.split(' ').at(-1))).toBeGreaterThanOrEqual(4);
    expect(r.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('replaces a worker that dies, and keeps answering', async () => {
    const s = server!;
    const [victim, survivor] = workerPids;
    process.kill(victim, 'SIGKILL');
    await until(() => s.output().includes(`Worker ${victim} died (SIGKILL); starting a new one.`), 'the primary noticing the dead worker');
    // The survivor answers meanwhile.
    expect((await get(s.port, '/')).status).toBe(200);
    await until(() => count(s.output(), '2 workers ready') === 2, 'the replacement to be ready', 30_000);
    const now = childrenOf(s.child.pid!);
    expect(now).toHaveLength(2);
    expect(now).toContain(survivor);
    expect(now).not.toContain(victim);
    workerPids = now;
    for (let i = 0; i < 4; i++) expect((await get(s.port, '/')).status).toBe(200);
  });

  it('SIGTERM to the primary drains every worker and exits 0', async () => {
    const s = server!;
    const code = await s.stop('SIGTERM');
    expect(code).toBe(0);
    expect(s.output()).toContain('SIGTERM: draining 2 workers');
    for (const pid of workerPids) expect(s.output()).toContain(`(worker ${pid})`);
    await until(
      () => workerPids.every((pid) => !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')),
      'the workers to be gone',
    );
  });
});

describe('WORKERS=3 with the fake API', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await killWithWorkers(server);
  });

  it('warns that each worker has its own scenarios, and still stops cleanly', async () => {
    server = await startServer({ env: { WORKERS: '3' }, waitReady: false });
    const s = server;
    await until(() => s.output().includes('WORKERS=3 with the fake API'), 'the warning', 30_000);
    expect(s.output()).toContain(
      'each worker has its own scenarios and records, so a scenario registered through one worker is unknown to the others. Use WORKERS=1',
    );
    await until(() => childrenOf(s.child.pid!).length === 3, 'three forked workers');
    expect(await s.stop('SIGTERM')).toBe(0);
  });
});

describe('WORKERS=2: a replacement that cannot start while the config folder is broken', () => {
  let server: RunningServer | undefined;
  let dir: string;
  afterAll(async () => {
    await killWithWorkers(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('is tried again with a growing wait while the other worker serves, and the primary never gives up', async () => {
    dir = mkdtempSync(join(tmpdir(), 'shell-workers-'));
    cpSync(resolve(ROOT, 'region-configs'), dir, { recursive: true, filter: (src) => !src.endsWith('README.md') });
    server = await startServer({ env: { WORKERS: '2', REGION_CONFIGS_DIR: dir, ACCESS_LOG: '0' } });
    const s = server;
    await until(() => s.output().includes('2 workers ready'), "the primary's '2 workers ready'", 30_000);
    const main = readFileSync(join(dir, 'main.json'), 'utf8');
    // Broken while both serve: they keep its last good content; a new worker refuses to start on it.
    writeFileSync(join(dir, 'main.json'), main.slice(0, main.length / 2));
    const [victim] = childrenOf(s.child.pid!);
    process.kill(victim, 'SIGKILL');
    await until(
      () => (s.output().match(/died before it was ready \(exit 1; \d+ in a row\); starting a new one in \d+ ms/g) ?? []).length >= 2,
      'two failed attempts',
      30_000,
    );
    expect(s.output()).toMatch(/died before it was ready \(exit 1; 1 in a row\); starting a new one in 250 ms/);
    expect(s.output()).toMatch(/died before it was ready \(exit 1; 2 in a row\); starting a new one in 500 ms/);
    expect(s.child.exitCode).toBeNull();
    for (let i = 0; i < 4; i++) expect((await get(s.port, '/')).status).toBe(200);
    expect((await get(s.port, '/readyz')).status).toBe(200);
    expect((await get(s.port, '/metrics')).text).toMatch(/^shell_workers\{state="ready"\} 1$/m);
    // Fixed: the next attempt starts, and both serve again.
    const readyBefore = (s.output().match(/2 workers ready/g) ?? []).length;
    writeFileSync(join(dir, 'main.json'), main);
    await until(() => (s.output().match(/2 workers ready/g) ?? []).length > readyBefore, 'both workers ready again', 60_000);
    expect((await get(s.port, '/metrics')).text).toMatch(/^shell_workers\{state="ready"\} 2$/m);
  });
});
