/**
 * The cost of rollout flags in served pages: home SSR throughput at concurrency 16 (visitor and logged in, main) of
 * the same build started three times (WORKERS=1), from copies of region-configs/: one with BENCH_FLAGS as its
 * flags.json, two without a flag file (a control: the same config twice shows what the method itself cannot tell
 * apart).
 * - One server is loaded at a time, in rounds of 1 s, the three in turn in each cycle, the order going through every
 *   permutation: drift over seconds hits the three alike, and each has the machine to itself while measured. (Loaded
 *   at the same time, two servers, the load and the fake APIs share two cores, and the same config twice came out up
 *   to 13 % apart.) A cycle's ratio is the flagged server's requests per second over the mean of the two others'; the
 *   figure is the median over all cycles.
 * - A process's optimised code takes tens of seconds of load to settle: each server is warmed up first (logged in,
 *   then visitor, 18 s in all). The cycles of one kind follow one another after a few seconds of its load: a round's
 *   GC pays for the garbage of the round before, and the flags make the bench user's page lighter.
 * - Two forks start the three afresh, the flagged one first in one and last in the other.
 * Each round checks on /metrics (`shell_flag_evaluations_total`) that every flagged page really evaluated the 20
 * flags, none with an error, and that the servers without flags counted none. Where a cost goes: flags-profile.ts.
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
/** Forks (the three servers started afresh; the flagged one first, then last) and measured cycles of each kind in each. */
const FORKS = 2;
const CYCLES_PER_FORK = 30;
/** Seconds of each measured round, and of each server's warm-up (logged in, then visitor) in rounds of WARM_UP_ROUND. */
const ROUND_SECONDS = 1;
const WARM_UP_SECONDS = { user: 9, visitor: 9 } as const;
const WARM_UP_ROUND = 3;
/** Seconds of unmeasured load of a kind on each server before its cycles (the other kind's garbage collected meanwhile). */
const SETTLE_SECONDS = 2;
const USER = { cookie: 'uid=4242; nickname=bench' };
/** The two kinds of page measured: a visitor's (no cookie) and a logged-in user's. */
export const KINDS = { visitor: {}, user: USER } as const;
/** The orders of the three servers in a cycle: every permutation in turn. */
const ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
] as const;

type Kind = keyof typeof KINDS;
type Role = 'flagged' | 'plain' | 'control';

interface ServerFigures {
  rps: number;
  failed: number;
  page: HtmlSize;
  cpuMs: number;
}

interface FlagCostRow {
  kind: Kind;
  /** The rounds of the server with the flags, pooled: requests over seconds. */
  flagged: ServerFigures;
  /** The rounds of both servers without flags, pooled. */
  plain: ServerFigures;
  /** Each cycle's ratio: the flagged server's requests per second over the mean of the two others'. */
  ratios: number[];
  /** Each cycle's ratio of the two servers without flags (the same config twice). */
  controlRatios: number[];
  /** Each fork's median ratio. */
  forkRatios: number[];
  /** Flag evaluations counted per flagged page served (20 expected). */
  evaluationsPerPage: number;
}

interface Served {
  port: number;
  child: ChildProcess;
  runs: Record<Kind, { requests: number; seconds: number; failed: number; cpuMicros: number }>;
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
async function round(server: Served, kind: Kind): Promise<LoadResult> {
  const before: CostReading = await readCost(server.child);
  const run = await homeLoad(server.port, KINDS[kind], ROUND_SECONDS);
  const after = await readCost(server.child);
  const total = server.runs[kind];
  total.requests += run.requests;
  total.seconds += run.seconds;
  total.failed += run.errors + run.unexpected;
  total.cpuMicros += after.cpuMicros - before.cpuMicros;
  return run;
}

/**
 * A round, checked on /metrics: with `flags`, every page evaluated that many flags, none with an error; without,
 * none was evaluated. Every server is read the same way, so no round pays for a read the others do not.
 */
async function checkedRound(server: Served, kind: Kind, flags: number): Promise<{ run: LoadResult; evaluated: number }> {
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

const page = async (port: number, kind: Kind) => htmlSize((await fetchText(port, { host: 'localhost', path: '/', headers: KINDS[kind] })).text);
const median = (v: number[]) => {
  const sorted = [...v].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** What the forks measured, pooled. */
interface Pooled {
  ratios: Record<Kind, number[]>;
  controlRatios: Record<Kind, number[]>;
  forkRatios: Record<Kind, number[]>;
  evaluated: Record<Kind, number>;
  runs: Record<Role, Served['runs']>;
  pages: Record<Role, Partial<Record<Kind, HtmlSize>>>;
}

/** `kind`'s load on each server in turn, unmeasured, for `seconds` each in rounds of at most `step` s. */
async function loadInTurn(servers: Served[], kind: Kind, seconds: number, step = seconds): Promise<void> {
  for (let done = 0; done < seconds; done += step) for (const s of servers) await homeLoad(s.port, KINDS[kind], Math.min(step, seconds - done));
}

/** One fork: the three servers started in `roles` order, warmed up, then measured in cycles, added to `pooled`. */
async function fork(port: number, dirs: Record<Role, string>, roles: Role[], pooled: Pooled): Promise<void> {
  const servers: Served[] = [];
  try {
    // One after the other: on a busy machine, three starting at once may not be ready within the 30 s allowed.
    for (const [i, role] of roles.entries()) servers.push(await start(port + i, dirs[role], pooled.runs[role]));
    const of = (role: Role) => servers[roles.indexOf(role)];
    const flags = (s: Served) => (s === of('flagged') ? Object.keys(BENCH_FLAGS).length : 0);
    for (const kind of ['user', 'visitor'] as const) await loadInTurn(servers, kind, WARM_UP_SECONDS[kind], WARM_UP_ROUND);
    for (const kind of ['visitor', 'user'] as const) {
      // A round carries the garbage of the one before into its GC: the cycles of one kind follow one another.
      await loadInTurn(servers, kind, SETTLE_SECONDS);
      const ratios: number[] = [];
      for (let c = 0; c < CYCLES_PER_FORK; c++) {
        const rps = new Map<Served, number>();
        for (const i of ORDERS[c % ORDERS.length]) {
          const checked = await checkedRound(servers[i], kind, flags(servers[i]));
          rps.set(servers[i], checked.run.rps);
          if (servers[i] === of('flagged')) pooled.evaluated[kind] += checked.evaluated;
        }
        const [f, p, q] = (['flagged', 'plain', 'control'] as const).map((role) => rps.get(of(role))!);
        ratios.push((2 * f) / (p + q));
        pooled.controlRatios[kind].push(q / p);
      }
      pooled.ratios[kind].push(...ratios);
      pooled.forkRatios[kind].push(median(ratios));
    }
    for (const role of roles) for (const kind of ['visitor', 'user'] as const) pooled.pages[role][kind] = await page(of(role).port, kind);
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)));
  }
}

const emptyRuns = (): Served['runs'] => ({
  visitor: { requests: 0, seconds: 0, failed: 0, cpuMicros: 0 },
  user: { requests: 0, seconds: 0, failed: 0, cpuMicros: 0 },
});

/** Measures the three servers (ports `port` to `port + 2`) in FORKS forks; stops them and removes their folders at the end. */
export async function measureFlagCost(port: number): Promise<FlagCostRow[]> {
  const flagText = JSON.stringify({ $schema: '../schemas/flagd/flags.json', flags: BENCH_FLAGS }, null, 2);
  const problems = checkFlagFile(FLAG_FILE_NAME, flagText, await loadCatalogue());
  if (problems.length) throw new Error(`BENCH_FLAGS fail validation: ${problems.map((p) => `${p.pointer} ${p.message}`).join('; ')}`);
  const plain = configFolder();
  const dirs: Record<Role, string> = { flagged: configFolder(flagText), plain, control: plain };
  const pooled: Pooled = {
    ratios: { visitor: [], user: [] },
    controlRatios: { visitor: [], user: [] },
    forkRatios: { visitor: [], user: [] },
    evaluated: { visitor: 0, user: 0 },
    runs: { flagged: emptyRuns(), plain: emptyRuns(), control: emptyRuns() },
    pages: { flagged: {}, plain: {}, control: {} },
  };
  try {
    for (let f = 0; f < FORKS; f++) await fork(port, dirs, f % 2 ? ['plain', 'control', 'flagged'] : ['flagged', 'plain', 'control'], pooled);
  } finally {
    for (const dir of new Set(Object.values(dirs))) rmSync(dir, { recursive: true, force: true });
  }
  const figures = (roles: Role[], kind: Kind): ServerFigures => {
    const t = roles.map((role) => pooled.runs[role][kind]);
    const sum = (key: keyof (typeof t)[number]) => t.reduce((n, x) => n + x[key], 0);
    return {
      rps: sum('requests') / sum('seconds'),
      failed: sum('failed'),
      page: pooled.pages[roles[0]][kind]!,
      cpuMs: sum('cpuMicros') / 1000 / sum('requests'),
    };
  };
  return (['visitor', 'user'] as const).map((kind) => ({
    kind,
    flagged: figures(['flagged'], kind),
    plain: figures(['plain', 'control'], kind),
    ratios: pooled.ratios[kind],
    controlRatios: pooled.controlRatios[kind],
    forkRatios: pooled.forkRatios[kind],
    evaluationsPerPage: pooled.evaluated[kind] / pooled.runs.flagged[kind].requests,
  }));
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
const cell = (s: ServerFigures) => `${s.rps.toFixed(0).padStart(5)} req/s  ${s.cpuMs.toFixed(2)} ms CPU a page`;

/**
 * The section's lines: the servers' figures, the cost (1 - the median of the cycles' ratios) beside its target, the
 * same from CPU a page (the whole process's), and what the same config twice gave (the method's own spread).
 */
export function flagCostLines(rows: FlagCostRow[], label: (kind: FlagCostRow['kind']) => string): string[] {
  const lines = [
    `  one process each (WORKERS=1), embedded fake API, one loaded at a time; ${FORKS} forks of ${CYCLES_PER_FORK} cycles a kind (rounds of ${ROUND_SECONDS} s, the three servers in turn) after ${WARM_UP_SECONDS.user + WARM_UP_SECONDS.visitor} s of warm-up each`,
    '             with the 20 flags                without flags.json (two)         cost    target          by CPU a page  same config twice  flags a page  each fork (ratio)',
  ];
  for (const r of rows) {
    const cost = 1 - median(r.ratios);
    const verdict = `<= ${FLAG_COST_TARGET * 100} % ${cost <= FLAG_COST_TARGET ? 'met' : 'NOT met'}`;
    const cpu = percent(1 - r.plain.cpuMs / r.flagged.cpuMs);
    const control = percent(1 - median(r.controlRatios));
    const spread = r.forkRatios.map((x) => x.toFixed(3)).join(' ');
    const failed = r.flagged.failed + r.plain.failed;
    lines.push(
      `  ${label(r.kind).padEnd(10)} ${cell(r.flagged)}   ${cell(r.plain)}   ${percent(cost).padStart(6)}  ${verdict.padEnd(14)}  ${cpu.padStart(12)}  ${control.padStart(17)}  ${r.evaluationsPerPage.toFixed(1).padStart(12)}  ${spread}${failed ? `  (${failed} failed requests)` : ''}`,
    );
  }
  lines.push(`  pages: ${rows.map((r) => `${label(r.kind)} ${kb(r.flagged.page.bytes)} with the flags, ${kb(r.plain.page.bytes)} without`).join('; ')}`);
  lines.push("  (CPU: the whole process's, its embedded fake API's thread included; same config twice: 1 - the median ratio of the two servers without flags)");
  return lines;
}
