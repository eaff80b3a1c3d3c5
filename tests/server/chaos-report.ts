import { appendFileSync, readFileSync } from 'node:fs';
import type { ChaosFigures } from '../../tools/bench/chaos';

/**
 * The fuzz and chaos server tests run small in `npm test` and large in `npm run bench -- chaos`, which sets
 * CHAOS_SCALE (how many times the load) and CHAOS_REPORT (a file each test appends one JSON line of figures to).
 */
const SCALE = Math.max(1, Number(process.env.CHAOS_SCALE ?? 1) || 1);

/** `n` times the chaos scale (1 in `npm test`). */
export const scaled = (n: number) => Math.round(n * SCALE);

/** Records one test's figures for the chaos bench (nothing in `npm test`). */
export function reportChaos(figures: ChaosFigures): void {
  if (process.env.CHAOS_REPORT) appendFileSync(process.env.CHAOS_REPORT, `${JSON.stringify(figures)}\n`);
}

/** Resident memory of process `pid`, in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}
