/**
 * The cost of rollout flags in served pages: home SSR throughput at concurrency 16 (visitor and logged in, main) of
 * the same build started twice (WORKERS=1), from two copies of region-configs/: one with BENCH_FLAGS as its
 * flags.json, one without a flags.json. After a warm-up, the two are loaded one after the other in alternating
 * rounds (a shared machine drifts over seconds: neighbours see the same drift), in several forks (both processes
 * started afresh, which one starts first alternating: each process's JIT luck differs); the figure is the median of
 * all rounds' ratios. Each round checks on /metrics (`shell_flag_evaluations_total`) that every flagged page really
 * evaluated the 20 flags, none with an error, and that the server without flags counted none. Where a cost goes:
 * flags-profile.ts.
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
/** Forks (both servers started afresh, the start order alternating) and measured rounds in each. */
const FORKS = 4;
const ROUNDS_PER_FORK = 4;
/** Seconds of each measured round, and of the warm-up of each server (logged in, then visitor). */
const ROUND_SECONDS = 2;
const WARM_UP_SECONDS = { user: 3, visitor: 1.5 } as const;
const USER = { cookie: 'uid=4242; nickname=bench' };
/** The two kinds of page measured: a visitor's (no cookie) and a logged-in user's. */
export const KINDS = { visitor: {}, user: USER } as const;

interface FlagCostRow {
  kind: keyof typeof KINDS;
  /** The rounds of each server, pooled: requests over seconds. */
  flagged: { rps: number; failed: number; page: HtmlSize; cpuMs: number };
  plain: { rps: number; failed: number; page: HtmlSize; cpuMs: number };
  /** Each round's flagged/plain throughput ratio. */
  ratios: number[];
  /** Each round's plain/flagged ratio of CPU a page (the throughput ratio of a process that has the CPU to itself). */
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

/** One measured round of `kind` on `server`: its throughput and CPU a page (µs), added to the server's runs. */
async function round(server: Served, kind: keyof typeof KINDS): Promise<LoadResult & { cpuPerPage: number }> {
  const before: CostReading = await readCost(server.child);
  const run = await homeLoad(server.port, KINDS[kind], ROUND_SECONDS);
  const after = await readCost(server.child);
  const total = server.runs[kind];
  total.requests += run.requests;
  total.seconds += run.seconds;
  total.failed += run.errors + run.unexpected;
  total.cpuMicros += after.cpuMicros - before.cpuMicros;
  return { ...run, cpuPerPage: (after.cpuMicros - before.cpuMicros) / Math.max(1, run.requests) };
}

/**
 * A round, checked on /metrics: with `flags`, every page evaluated that many flags, none with an error; without,
 * none was evaluated. Both servers are read the same way, so neither round pays for a read the other does not.
 */
async function checkedRound(server: Served, kind: keyof typeof KINDS, flags: number): Promise<{ run: LoadResult & { cpuPerPage: number }; evaluated: number }> {
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
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];

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

/**
 * One fork: both servers started (`first` of them first), warmed, then measured in alternating rounds, added to
 * `pooled`. A process's JIT makes its own choices, so two processes of one build differ by a few per cent, and the
 * one started first may differ from the other; forks that alternate the start order average both out.
 */
async function fork(port: number, dirs: Record<Role, string>, first: Role, pooled: Pooled): Promise<void> {
  const started: Partial<Record<Role, Served>> = {};
  try {
    // One after the other: on a busy machine, two starting at once may not be ready within the 30 s allowed.
    const order: Role[] = first === 'flagged' ? ['flagged', 'plain'] : ['plain', 'flagged'];
    for (const [i, role] of order.entries()) started[role] = await start(port + i, dirs[role], pooled.runs[role]);
    const { flagged, plain } = started as Record<Role, Served>;
    for (const role of order) for (const kind of ['user', 'visitor'] as const) await homeLoad(started[role]!.port, KINDS[kind], WARM_UP_SECONDS[kind]);
    for (let r = 0; r < ROUNDS_PER_FORK; r++)
      for (const kind of ['visitor', 'user'] as const) {
        const runs = new Map<Served, LoadResult & { cpuPerPage: number }>();
        for (const server of r % 2 ? [plain, flagged] : [flagged, plain]) {
          const checked = await checkedRound(server, kind, server === flagged ? Object.keys(BENCH_FLAGS).length : 0);
          if (server === flagged) pooled.evaluated[kind] += checked.evaluated;
          runs.set(server, checked.run);
        }
        pooled.ratios[kind].push(runs.get(flagged)!.rps / runs.get(plain)!.rps);
        pooled.cpuRatios[kind].push(runs.get(plain)!.cpuPerPage / runs.get(flagged)!.cpuPerPage);
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
    for (let f = 0; f < FORKS; f++) await fork(port, dirs, f % 2 ? 'plain' : 'flagged', pooled);
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
 * The section's lines: both servers' figures, the cost (1 - the median of the rounds' throughput ratios) beside its
 * target, and the same cost from the rounds' CPU a page (steadier on a busy machine, where the two servers' shares of
 * the CPU vary from round to round).
 */
export function flagCostLines(rows: FlagCostRow[], label: (kind: FlagCostRow['kind']) => string): string[] {
  const lines = [
    `  one process each (WORKERS=1), embedded fake API; ${FORKS} forks (both started afresh, which starts first alternating) of ${ROUNDS_PER_FORK} rounds of ${ROUND_SECONDS} s after a warm-up, the two servers alternately`,
    '             with the 20 flags                without flags.json               cost    target          rounds (ratio)  by CPU a page (rounds)   flags a page',
  ];
  for (const r of rows) {
    const cost = 1 - median(r.ratios);
    const verdict = `<= ${FLAG_COST_TARGET * 100} % ${cost <= FLAG_COST_TARGET ? 'met' : 'NOT met'}`;
    const spread = `${Math.min(...r.ratios).toFixed(2)}-${Math.max(...r.ratios).toFixed(2)}x`;
    const cpu = `${((1 - median(r.cpuRatios)) * 100).toFixed(1)} % (${Math.min(...r.cpuRatios).toFixed(2)}-${Math.max(...r.cpuRatios).toFixed(2)}x)`;
    const failed = r.flagged.failed + r.plain.failed;
    lines.push(
      `  ${label(r.kind).padEnd(10)} ${cell(r.flagged)}   ${cell(r.plain)}   ${`${(cost * 100).toFixed(1)} %`.padStart(6)}  ${verdict.padEnd(14)}  ${spread.padEnd(14)}  ${cpu.padEnd(23)}  ${r.evaluationsPerPage.toFixed(1)}${failed ? `  (${failed} failed requests)` : ''}`,
    );
  }
  lines.push(`  pages: ${rows.map((r) => `${label(r.kind)} ${kb(r.flagged.page.bytes)} with the flags, ${kb(r.plain.page.bytes)} without`).join('; ')}`);
  lines.push("  (CPU: the whole process's, its embedded fake API's thread included)");
  return lines;
}
