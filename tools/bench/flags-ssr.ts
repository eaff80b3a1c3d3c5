/**
 * The cost of rollout flags in served pages: home SSR throughput at concurrency 16 (visitor and logged in, main) of
 * the same build started twice (WORKERS=1), from two copies of region-configs/: one with BENCH_FLAGS as its
 * flags.json, one without a flag file.
 * - Both are loaded at the same time, each at concurrency 16: whatever the shared machine does in a round, it does to
 *   both. The ratio of the pages each served in the same seconds is the throughput ratio.
 * - A process's optimised code takes tens of seconds of load to settle: each pair is warmed up first (logged in, then
 *   visitor). The rounds of one kind follow one another after a few seconds of its load: a round's GC pays for the
 *   garbage of the round before, and the flags make the bench user's page lighter, so alternating the kinds would
 *   charge the flagged visitor for the user's extra pages.
 * - Six forks start both processes afresh; which one starts first and whose load starts first alternate (an A/A run
 *   here put the two positions 5 % apart). The forks of one run differ by up to 30 % (up to 13 % in that A/A run), so
 *   the figure is the median of the forks' ratios, which one odd pair of processes does not move.
 * Each round checks on /metrics (`shell_flag_evaluations_total`) that every flagged page really evaluated the 20
 * flags, none with an error, and that the server without flags counted none. Where a cost goes: flags-profile.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFlagFile } from '../../core/flags/check';
import { FLAG_FILE_NAME } from '../../core/flags/file';
import { loadCatalogue, PROJECT_ROOT } from '../plugin-discovery';
import { BENCH_FLAGS } from './flags';
import { htmlSize, type HtmlSize } from './html-size';
import { fetchText, homeLoad, type LoadResult } from './load';
import { COST_PROBE_ARGS, readCost, type CostReading } from './page-cost';
import { startBuiltServer, stop } from './server';

/** Target: pages with the 20 flags serve at most 3 % fewer requests per second than without. */
const FLAG_COST_TARGET = 0.03;
/** Forks (both servers started afresh, start and load order alternating) and measured rounds of each kind in each. */
const FORKS = 6;
const ROUNDS_PER_FORK = 5;
/** Seconds of each measured round, and of the warm-up of both servers together (logged in, then visitor). */
const ROUND_SECONDS = 2;
const WARM_UP_SECONDS = { user: 10, visitor: 8 } as const;
/** Seconds of unmeasured load of a kind before its rounds (the other kind's garbage collected meanwhile). */
const SETTLE_SECONDS = 2;
const USER = { cookie: 'uid=4242; nickname=bench' };
/** The two kinds of page measured: a visitor's (no cookie) and a logged-in user's. */
export const KINDS = { visitor: {}, user: USER } as const;

interface FlagCostRow {
  kind: keyof typeof KINDS;
  /** The rounds of each server, pooled: requests over seconds. */
  flagged: { rps: number; failed: number; page: HtmlSize; cpuMs: number };
  plain: { rps: number; failed: number; page: HtmlSize; cpuMs: number };
  /** Each fork's flagged/plain ratio of pages served in the same seconds. */
  ratios: number[];
  /** Each fork's plain/flagged ratio of CPU a page (the throughput ratio of a process that has the CPU to itself). */
  cpuRatios: number[];
  /** Flag evaluations counted per flagged page served (20 expected). */
  evaluationsPerPage: number;
}

interface Served {
  port: number;
  child: ChildProcess;
  runs: Record<keyof typeof KINDS, { requests: number; seconds: number; failed: number; cpuMicros: number }>;
}

/** A copy of region-configs/ without its flag file, with `flags` as flags.json when given. */
export function configFolder(flags?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-flags-'));
  const source = join(PROJECT_ROOT, 'region-configs');
  for (const name of readdirSync(source).filter((n) => n.endsWith('.json') && n !== FLAG_FILE_NAME))
    writeFileSync(join(dir, name), readFileSync(join(source, name)));
  if (flags !== undefined) writeFileSync(join(dir, FLAG_FILE_NAME), flags);
  return dir;
}

/** `shell_flag_evaluations_total` of a server: all evaluations, and those with reason ERROR. */
async function evaluations(port: number): Promise<{ all: number; errors: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const count = { all: 0, errors: 0 };
  for (const [, labels, value] of text.matchAll(/^shell_flag_evaluations_total\{([^}]*)\} (\d+)$/gm)) {
    count.all += Number(value);
    if (labels.includes('reason="ERROR"')) count.errors += Number(value);
  }
  return count;
}

/** A server of `dir`'s configs whose rounds add to `runs` (shared by every fork of its role). */
async function start(port: number, dir: string, runs: Served['runs']): Promise<Served> {
  const child = await startBuiltServer(port, { nodeArgs: COST_PROBE_ARGS, ipc: true, env: { REGION_CONFIGS_DIR: dir, ACCESS_LOG: '0' } });
  return { port, child, runs };
}

/** One measured round of `kind` on `server`: its load and the CPU it took (µs), added to the server's runs. */
async function round(server: Served, kind: keyof typeof KINDS): Promise<LoadResult & { cpuMicros: number }> {
  const before: CostReading = await readCost(server.child);
  const run = await homeLoad(server.port, KINDS[kind], ROUND_SECONDS);
  const after = await readCost(server.child);
  const total = server.runs[kind];
  total.requests += run.requests;
  total.seconds += run.seconds;
  total.failed += run.errors + run.unexpected;
  total.cpuMicros += after.cpuMicros - before.cpuMicros;
  return { ...run, cpuMicros: after.cpuMicros - before.cpuMicros };
}

/**
 * A round, checked on /metrics: with `flags`, every page evaluated that many flags, none with an error; without,
 * none was evaluated. Both servers are read the same way, so neither round pays for a read the other does not.
 */
async function checkedRound(server: Served, kind: keyof typeof KINDS, flags: number): Promise<{ run: LoadResult & { cpuMicros: number }; evaluated: number }> {
  const before = await evaluations(server.port);
  const run = await round(server, kind);
  const after = await evaluations(server.port);
  const evaluated = after.all - before.all;
  const expected = flags * run.requests;
  if (flags ? evaluated < expected || after.errors > before.errors : evaluated)
    throw new Error(
      `the server on port ${server.port} evaluated ${evaluated} flags (${after.errors - before.errors} errors) for ${run.requests} pages: expected ${expected}, none failing`,
    );
  return { run, evaluated };
}

const page = async (port: number, kind: keyof typeof KINDS) => htmlSize((await fetchText(port, { host: 'localhost', path: '/', headers: KINDS[kind] })).text);
const median = (v: number[]) => {
  const sorted = [...v].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

type Role = 'flagged' | 'plain';
type Kind = keyof typeof KINDS;

/** What the forks measured, pooled. */
interface Pooled {
  ratios: Record<Kind, number[]>;
  cpuRatios: Record<Kind, number[]>;
  evaluated: Record<Kind, number>;
  runs: Record<Role, Served['runs']>;
  pages: Record<Role, Partial<Record<Kind, HtmlSize>>>;
}

/** Pages served and CPU spent by one server in one fork's rounds of one kind. */
const emptySum = () => ({ pages: 0, cpuMicros: 0 });

/**
 * One fork: both servers started (`first` of them first), warmed up together, then measured together, added to
 * `pooled`; `loadFirst` is the server whose load starts first in each round.
 */
async function fork(port: number, dirs: Record<Role, string>, o: { first: Role; loadFirst: Role }, pooled: Pooled): Promise<void> {
  const started: Partial<Record<Role, Served>> = {};
  try {
    // One after the other: on a busy machine, two starting at once may not be ready within the 30 s allowed.
    const order: Role[] = o.first === 'flagged' ? ['flagged', 'plain'] : ['plain', 'flagged'];
    for (const [i, role] of order.entries()) started[role] = await start(port + i, dirs[role], pooled.runs[role]);
    const loadOrder: Role[] = o.loadFirst === 'flagged' ? ['flagged', 'plain'] : ['plain', 'flagged'];
    const servers = loadOrder.map((role) => started[role]!);
    const flagged = started.flagged!;
    for (const kind of ['user', 'visitor'] as const) await Promise.all(servers.map((s) => homeLoad(s.port, KINDS[kind], WARM_UP_SECONDS[kind])));
    const sums = { visitor: { flagged: emptySum(), plain: emptySum() }, user: { flagged: emptySum(), plain: emptySum() } };
    const flags = (s: Served) => (s === flagged ? Object.keys(BENCH_FLAGS).length : 0);
    for (const kind of ['visitor', 'user'] as const) {
      // A round carries the garbage of the one before into its GC: the rounds of one kind follow one another.
      await Promise.all(servers.map((s) => homeLoad(s.port, KINDS[kind], SETTLE_SECONDS)));
      for (let r = 0; r < ROUNDS_PER_FORK; r++) {
        const checked = await Promise.all(servers.map((s) => checkedRound(s, kind, flags(s))));
        for (const [i, s] of servers.entries()) {
          const sum = sums[kind][s === flagged ? 'flagged' : 'plain'];
          sum.pages += checked[i].run.requests;
          sum.cpuMicros += checked[i].run.cpuMicros;
          if (s === flagged) pooled.evaluated[kind] += checked[i].evaluated;
        }
      }
    }
    for (const kind of ['visitor', 'user'] as const) {
      const { flagged: f, plain: p } = sums[kind];
      pooled.ratios[kind].push(f.pages / p.pages);
      pooled.cpuRatios[kind].push(p.cpuMicros / p.pages / (f.cpuMicros / f.pages));
    }
    for (const role of order) for (const kind of ['visitor', 'user'] as const) pooled.pages[role][kind] = await page(started[role]!.port, kind);
  } finally {
    await Promise.all(Object.values(started).map((s) => stop(s.child)));
  }
}

const emptyRuns = (): Served['runs'] => ({
  visitor: { requests: 0, seconds: 0, failed: 0, cpuMicros: 0 },
  user: { requests: 0, seconds: 0, failed: 0, cpuMicros: 0 },
});

/** Measures both servers (ports `port` and `port + 1`) in FORKS forks; stops them and removes their folders at the end. */
export async function measureFlagCost(port: number): Promise<FlagCostRow[]> {
  const flagText = JSON.stringify({ $schema: '../schemas/flagd/flags.json', flags: BENCH_FLAGS }, null, 2);
  const problems = checkFlagFile(FLAG_FILE_NAME, flagText, await loadCatalogue());
  if (problems.length) throw new Error(`BENCH_FLAGS fail validation: ${problems.map((p) => `${p.pointer} ${p.message}`).join('; ')}`);
  const dirs = { flagged: configFolder(flagText), plain: configFolder() };
  const pooled: Pooled = {
    ratios: { visitor: [], user: [] },
    cpuRatios: { visitor: [], user: [] },
    evaluated: { visitor: 0, user: 0 },
    runs: { flagged: emptyRuns(), plain: emptyRuns() },
    pages: { flagged: {}, plain: {} },
  };
  try {
    const other = (role: Role): Role => (role === 'flagged' ? 'plain' : 'flagged');
    for (let f = 0; f < FORKS; f++) {
      const first: Role = f % 2 ? 'plain' : 'flagged';
      await fork(port, dirs, { first, loadFirst: f % 4 < 2 ? first : other(first) }, pooled);
    }
  } finally {
    for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
  }
  const figures = (role: Role, kind: Kind) => {
    const t = pooled.runs[role][kind];
    return { rps: t.requests / t.seconds, failed: t.failed, page: pooled.pages[role][kind]!, cpuMs: t.cpuMicros / 1000 / t.requests };
  };
  return (['visitor', 'user'] as const).map((kind) => ({
    kind,
    flagged: figures('flagged', kind),
    plain: figures('plain', kind),
    ratios: pooled.ratios[kind],
    cpuRatios: pooled.cpuRatios[kind],
    evaluationsPerPage: pooled.evaluated[kind] / pooled.runs.flagged[kind].requests,
  }));
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const cell = (s: FlagCostRow['flagged']) => `${s.rps.toFixed(0).padStart(5)} req/s  ${s.cpuMs.toFixed(2)} ms CPU a page`;

/**
 * The section's lines: both servers' figures, the cost (1 - the median of the forks' throughput ratios) beside
 * its target, and the same cost from the forks' CPU a page (the whole process's, so a thread's share of the CPU
 * counts as it does in throughput).
 */
export function flagCostLines(rows: FlagCostRow[], label: (kind: FlagCostRow['kind']) => string): string[] {
  const lines = [
    `  one process each (WORKERS=1), embedded fake API, both loaded at once; ${FORKS} forks (both started afresh, start and load order alternating) of ${ROUNDS_PER_FORK} rounds of ${ROUND_SECONDS} s a kind after a ${WARM_UP_SECONDS.user + WARM_UP_SECONDS.visitor} s warm-up`,
    '             with the 20 flags                without flags.json               cost    target          by CPU a page  flags a page  each fork (ratio)',
  ];
  for (const r of rows) {
    const cost = 1 - median(r.ratios);
    const verdict = `<= ${FLAG_COST_TARGET * 100} % ${cost <= FLAG_COST_TARGET ? 'met' : 'NOT met'}`;
    const spread = r.ratios.map((x) => x.toFixed(2)).join(' ');
    const cpu = `${((1 - median(r.cpuRatios)) * 100).toFixed(1)} %`;
    const failed = r.flagged.failed + r.plain.failed;
    lines.push(
      `  ${label(r.kind).padEnd(10)} ${cell(r.flagged)}   ${cell(r.plain)}   ${`${(cost * 100).toFixed(1)} %`.padStart(6)}  ${verdict.padEnd(14)}  ${cpu.padStart(12)}  ${r.evaluationsPerPage.toFixed(1).padStart(12)}  ${spread}${failed ? `  (${failed} failed requests)` : ''}`,
    );
  }
  lines.push(`  pages: ${rows.map((r) => `${label(r.kind)} ${kb(r.flagged.page.bytes)} with the flags, ${kb(r.plain.page.bytes)} without`).join('; ')}`);
  lines.push("  (CPU: the whole process's, its embedded fake API's thread included)");
  return lines;
}
