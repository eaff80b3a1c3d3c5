import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GC_PROBE_ARGS, heapAfterGc } from '../../tools/bench/heap';
import { failures, mixedRequest, runLoad } from '../../tools/bench/load';
import { startBuiltServer, stop } from '../../tools/bench/server';
import { freePort, get, startServer, type RunningServer } from './support';

/**
 * Memory bound: one process with a 128 MB old space answers 3,000 mixed requests (regions, locales, visitors and
 * distinct logged-in users; home, trade, account pages, 404s, redirects) without a failure, each of the expected kind.
 */
const REQUESTS = 3000;

describe('one process with --max-old-space-size=128', () => {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ nodeArgs: ['--max-old-space-size=128'], env: { WORKERS: '1' } });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it(`answers ${REQUESTS} mixed requests, each as expected, and stays up`, async () => {
    const s = server!;
    const r = await runLoad({ port: s.port, next: mixedRequest, count: REQUESTS, concurrency: 16, seconds: 150 });
    const summary = `${r.requests} answered in ${r.seconds.toFixed(1)} s, by status ${JSON.stringify(r.byStatus)}, ${r.errors} errors:\n${r.samples.join('\n')}\n${s.output().slice(-2000)}`;
    expect(r.errors, summary).toBe(0);
    expect(failures(r), summary).toBe(0);
    expect(r.unexpected, summary).toBe(0);
    expect(r.requests, summary).toBe(REQUESTS);
    // Every kind of answer was exercised.
    for (const status of [200, 302, 404]) expect(r.byStatus[status], summary).toBeGreaterThan(REQUESTS / 20);
    expect(s.child.exitCode).toBeNull();
    expect(s.child.signalCode).toBeNull();
    expect((await get(s.port, '/readyz')).status).toBe(200);
    expect(s.output()).not.toMatch(/heap out of memory|FATAL ERROR/i);
  });
});

/**
 * What a process keeps of the pages it served is bounded (docs/operations.md: reused pages at most 8 MB): after a
 * warm-up of 1,000 mixed requests, 3,000 more (distinct users, each logged-in page prerendered anew) leave the heap,
 * after a forced GC (the bench's GC probe), less than 12 MB larger: the reuse store's 8 MB and V8's compiled code.
 * A prerender's render kept by the process (React's callbacks held by a promise that never settles, core/react/postpone.ts)
 * is ~10 KB a request: 30 MB here.
 */
describe('the heap after a forced GC, one process', () => {
  const MB = 1024 * 1024;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child) await stop(child);
  });

  it('grows less than 12 MB over 3,000 mixed requests after a warm-up of 1,000', async () => {
    const port = await freePort();
    child = await startBuiltServer(port, { nodeArgs: GC_PROBE_ARGS, ipc: true });
    const load = (from: number, count: number) => runLoad({ port, next: mixedRequest, from, count, concurrency: 16, seconds: 150 });
    const warm = await load(0, 1000);
    const before = await heapAfterGc(child, 30_000);
    const r = await load(1000, 3000);
    const after = await heapAfterGc(child, 30_000);
    const grew = (after.heapUsed - before.heapUsed) / MB;
    console.log(
      `heap after a forced GC: ${(before.heapUsed / MB).toFixed(1)} MB at 1,000 requests, ${(after.heapUsed / MB).toFixed(1)} MB at 4,000 (+${grew.toFixed(1)} MB)`,
    );
    expect(failures(warm) + failures(r) + r.unexpected + r.errors).toBe(0);
    expect(r.requests).toBe(3000);
    expect(grew).toBeLessThan(12);
  });
});
