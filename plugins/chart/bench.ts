/**
 * The chart's benchmark workload for `npm run bench` (tools/bench/chart.ts runs it; nothing here ships to a browser):
 * the indicator timings in Node, and the page (bench-page/) that draws the same candles through the plugin's
 * runtime or through bare lightweight-charts.
 */
import { resolve } from 'node:path';
import { makeBars } from './bench-page/bars';
import { computeKdj, updateKdjAt } from './indicators/kdj';
import { computeMacd, updateMacdAt } from './indicators/macd';
import { computeTd, updateTdAt } from './indicators/td-sequential';

/** The bench page's folder (index.html, main.ts), built with Vite by the bench. */
export const BENCH_PAGE_ROOT = resolve(import.meta.dirname, 'bench-page');

/** Times the indicators on 1 000 000 bars (CPU time, best of 5 after a warm-up). */
export function indicatorFigures(n = 1_000_000) {
  const b = makeBars(n);
  // CPU time of this (single-threaded) process in ms: far less sensitive to a busy machine than wall time.
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const best = (f: () => void) => {
    f();
    let min = Infinity;
    for (let i = 0; i < 5; i++) {
      const t0 = cpuMs();
      f();
      min = Math.min(min, cpuMs() - t0);
    }
    return min;
  };
  const kdjIn = { period: 9, kSmooth: 3, dSmooth: 3 };
  const macdIn = { fast: 12, slow: 26, signal: 9 };
  const kdj = computeKdj(b.h, b.l, b.c, n, kdjIn);
  const macd = computeMacd(b.c, n, macdIn);
  const td = computeTd(b.h, b.l, b.c, n);
  const k = best(() => computeKdj(b.h, b.l, b.c, n, kdjIn, kdj));
  const m = best(() => computeMacd(b.c, n, macdIn, macd));
  const t = best(() => computeTd(b.h, b.l, b.c, n, td));
  // 1000 updates in ms = one update in µs.
  const live = best(() => {
    for (let i = 0; i < 1000; i++) {
      updateKdjAt(b.h, b.l, b.c, n - 1, kdjIn, kdj);
      updateMacdAt(b.c, n - 1, macdIn, macd);
      updateTdAt(b.h, b.l, b.c, n - 1, td);
    }
  });
  return { kdj: k, macd: m, td: t, total: k + m + t, liveUpdateMicros: live };
}
