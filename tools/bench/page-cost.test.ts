import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callsByPathOf, callsOf, CostTotals } from './page-cost';

describe('back-end calls from /metrics', () => {
  it('sums made (ok, error) and shared calls over paths, ignoring other series', () => {
    const text = [
      '# HELP shell_backend_calls_total Server-side back-end calls',
      '# TYPE shell_backend_calls_total counter',
      'shell_backend_calls_total{path="/api/a",outcome="ok"} 12',
      'shell_backend_calls_total{path="/api/a",outcome="error"} 3',
      'shell_backend_calls_total{path="/api/b",outcome="shared"} 40',
      'shell_backend_defaults_total{path="/api/a"} 3',
      'shell_http_requests_total{region="main",kind="page",status="200"} 99',
    ].join('\n');
    expect(callsOf(text)).toEqual({ made: 15, shared: 40 });
    expect(callsOf('')).toEqual({ made: 0, shared: 0 });
  });

  it('sums every outcome of each path', () => {
    const text = [
      'shell_backend_calls_total{path="/api/a",outcome="ok"} 12',
      'shell_backend_calls_total{path="/api/a",outcome="shared"} 3',
      'shell_backend_calls_total{path="/js/b.json",outcome="error"} 1',
      'shell_backend_defaults_total{path="/api/a"} 3',
    ].join('\n');
    expect(callsByPathOf(text)).toEqual(
      new Map([
        ['/api/a', 15],
        ['/js/b.json', 1],
      ]),
    );
  });
});

describe('cost totals', () => {
  const reading = (cpu: number, thread: number, bytes: number, gc = 0) => ({
    cpuMicros: cpu,
    threadCpuMicros: thread,
    allocatedBytes: bytes,
    youngGcMicros: gc,
    oldGcMicros: gc / 10,
  });

  it('divides what the windows spent by the pages served in them', () => {
    const totals = new CostTotals();
    totals.add(reading(1000, 500, 0, 100), reading(5000, 2500, 4096, 500), 2, { before: { made: 10, shared: 4 }, after: { made: 16, shared: 10 } });
    totals.add(reading(9000, 3000, 8192, 1000), reading(11000, 4000, 12288, 1400), 2, { before: { made: 20, shared: 10 }, after: { made: 24, shared: 12 } });
    expect(totals.perPage()).toEqual({
      pages: 4,
      cpuMs: 1.5,
      threadCpuMs: 0.75,
      allocatedKb: 2,
      youngGcMicros: 200,
      oldGcMicros: 20,
      calls: { made: 2.5, shared: 2 },
    });
  });

  it('gives the same per-page figures however the pages split into windows', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }), (pages) => {
        const totals = new CostTotals();
        let at = 0;
        for (const n of pages) {
          totals.add(reading(at * 100, at * 50, at * 1024, at * 30), reading((at + n) * 100, (at + n) * 50, (at + n) * 1024, (at + n) * 30), n);
          at += n;
        }
        const cost = totals.perPage();
        expect(cost.cpuMs).toBeCloseTo(0.1);
        expect(cost.threadCpuMs).toBeCloseTo(0.05);
        expect(cost.allocatedKb).toBeCloseTo(1);
        expect(cost.youngGcMicros).toBeCloseTo(30);
        expect(cost.oldGcMicros).toBeCloseTo(3);
        expect(cost.calls).toBeUndefined();
      }),
    );
  });
});
