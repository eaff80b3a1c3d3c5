import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failures, mixedRequest, runLoad } from '../../tools/bench/load';
import { get, startServer, type RunningServer } from './support';

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
