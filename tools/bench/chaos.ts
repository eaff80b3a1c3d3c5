import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * `npm run bench -- chaos`: the fuzz and chaos server tests of `npm test` (tests/server, against the fault back end
 * tests/server/fault-backend.mjs), run with CHAOS_SCALE times their load, each test's figures collected through
 * CHAOS_REPORT: what was tried, how many broke the rule, the server's memory before, at its peak and after.
 */
const CHAOS_TESTS = [
  'tests/server/redirects.test.ts',
  'tests/server/proxy-boundary.test.ts',
  'tests/server/backend-limits.test.ts',
  'tests/server/slow-clients.test.ts',
  'tests/server/draining.test.ts',
  'tests/server/worker-crash.test.ts',
];
/** One chaos test's figures (tests/server/chaos-report.ts writes them). */
export interface ChaosFigures {
  /** What was tried, in a few words. */
  case: string;
  /** How many attempts (requests, connections, kills, generated forms). */
  tried: number;
  /** How many broke the rule the test checks (0 when it passes). */
  failed: number;
  /** Resident memory of the server process before and after (and at the peak), when measured. */
  rssBefore?: number;
  rssPeak?: number;
  rssAfter?: number;
}

const ROOT = resolve(import.meta.dirname, '../..');
const mb = (n?: number) => (n === undefined ? '' : `${(n / 1024 / 1024).toFixed(0)} MB`);

/** Runs the chaos tests at `scale` times their load and prints what was tried, what failed and the memory. */
export function runChaosBench(scale = Number(process.env.CHAOS_SCALE ?? 5)): void {
  const report = join(tmpdir(), `chaos-${process.pid}.jsonl`);
  rmSync(report, { force: true });
  const started = Date.now();
  // One file at a time: each test's load is the figure, not two tests' together.
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'tests/server/vitest.config.ts', '--no-file-parallelism', '--reporter=dot', ...CHAOS_TESTS], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', CHAOS_SCALE: String(scale), CHAOS_REPORT: report },
    encoding: 'utf8',
  });
  const lines = existsSync(report) ? readFileSync(report, 'utf8').trim().split('\n').filter(Boolean) : [];
  const figures = lines.map((l) => JSON.parse(l) as ChaosFigures);
  console.log(`  scale ${scale}x the test suite's load, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`  ${'case'.padEnd(66)} ${'tried'.padStart(7)} ${'failed'.padStart(7)}   memory before / peak / after`);
  for (const f of figures) {
    const memory = f.rssBefore === undefined ? '' : `${mb(f.rssBefore)} / ${mb(f.rssPeak)} / ${mb(f.rssAfter)}`;
    console.log(`  ${f.case.slice(0, 66).padEnd(66)} ${String(f.tried).padStart(7)} ${String(f.failed).padStart(7)}   ${memory}`);
  }
  const summary = /Tests\s+.*$/m.exec(run.stdout)?.[0] ?? '(no test summary: see the output below)';
  console.log(`  tests: ${summary.replace(/^Tests\s+/, '')}`);
  if (run.status !== 0) console.log(run.stdout.slice(-4000), run.stderr.slice(-2000));
  rmSync(report, { force: true });
}
