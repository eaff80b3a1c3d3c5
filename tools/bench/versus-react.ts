import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { homeLoad, fetchText, type LoadResult } from './load';
import { htmlSize, type HtmlSize } from './html-size';
import { callsByPathOf, COST_PROBE_ARGS, CostTotals, readCalls, readCost, readMetrics, type PageCost } from './page-cost';
import { stop, waitUntilAnswers } from './server';

/**
 * Home render throughput of the shell next to two baselines serving a bare React SSR page of the same size: bare
 * React alone, which makes no back-end call, and the floor of the same work, the same server making first the
 * back-end calls the shell makes for that page (bare-react/home-calls.ts: the shell's client, transport and shared
 * cache, against an embedded fake API thread of its own). Each server is warmed up until its code is optimized (the
 * shell's logged-in path takes ~15 s of load to reach its steady rate, bare React ~2 s), then the three are measured
 * in rounds, taking turns: on a shared two-core machine the speed drifts by ±15 % over tens of seconds, and rounds side
 * by side see the same drift. Each measured round also reads what the server spent (CPU, heap allocation: the cost
 * probe) and, for the shell and the floor, the back-end calls they made (their /metrics), per page served. Before the
 * load, one page on each of the shell and the floor shows whether the floor makes the shell's calls.
 */

/** Throughput targets, shell over bare React serving a page of the same bytes. */
export const TARGETS = { visitor: 0.9, user: 0.6 } as const;
/** Throughput targets, shell over the floor: bare React making the shell's back-end calls before each page. */
export const FLOOR_TARGETS = { visitor: 0.9, user: 0.8 } as const;
const USER = { cookie: 'uid=4242; nickname=bench' };

export interface Versus {
  kind: keyof typeof TARGETS;
  shellPage: HtmlSize;
  /** The page of both baselines. */
  barePage: HtmlSize;
  /** All rounds together (requests over seconds; p50 and p95 the rounds' medians). */
  shell: LoadResult;
  bare: LoadResult;
  floor: LoadResult;
  /** Each round's ratios: shell over bare React, shell over the floor. */
  rounds: { bare: number[]; floor: number[] };
  /** Per page over the measured rounds (the shell's and the floor's with their back-end calls). */
  shellCost: PageCost;
  bareCost: PageCost;
  floorCost: PageCost;
  /** One page's back-end calls on the shell and on the floor, and the paths called differently ('' when none is). */
  pageCalls: { shell: number; floor: number; differences: string };
}

/** A server the bench started with the cost probe (COST_PROBE_ARGS and an IPC channel). */
export interface ProbedServer {
  port: number;
  child: ChildProcess;
}

/** One round of home load on `server`, its spending added to `totals` (and its back-end calls when `calls`). */
async function measuredRound(server: ProbedServer, headers: Record<string, string>, seconds: number, totals: CostTotals, calls: boolean) {
  const callsBefore = calls ? await readCalls(server.port) : undefined;
  const before = await readCost(server.child);
  const run = await homeLoad(server.port, headers, seconds);
  const after = await readCost(server.child);
  const callsAfter = callsBefore ? await readCalls(server.port) : undefined;
  totals.add(before, after, run.requests, callsBefore && callsAfter && { before: callsBefore, after: callsAfter });
  return run;
}

/** Rounds per server and kind, each round starting with the next server in turn. */
export const ROUNDS = 4;

/** The runs of one server as one result. */
function pooled(runs: LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => runs.reduce((n, r) => n + f(r), 0);
  const median = (f: (r: LoadResult) => number) => {
    const v = runs.map(f).sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const byStatus: Record<number, number> = {};
  for (const r of runs) for (const [status, n] of Object.entries(r.byStatus)) byStatus[Number(status)] = (byStatus[Number(status)] ?? 0) + n;
  return {
    requests: sum((r) => r.requests),
    errors: sum((r) => r.errors),
    unexpected: sum((r) => r.unexpected),
    samples: runs.flatMap((r) => r.samples).slice(0, 5),
    byStatus,
    bytes: sum((r) => r.bytes),
    seconds: sum((r) => r.seconds),
    rps: sum((r) => r.requests) / sum((r) => r.seconds),
    p50: median((r) => r.p50),
    p95: median((r) => r.p95),
  };
}

const home = async (port: number, headers: Record<string, string>) => {
  const r = await fetchText(port, { host: 'localhost', path: '/', headers });
  if (r.status !== 200) throw new Error(`home on port ${port} answered ${r.status}`);
  return htmlSize(r.text);
};

/** One home page's back-end calls on the server on `port`, by path: its /metrics before and after. */
async function onePageCalls(port: number, headers: Record<string, string>): Promise<Map<string, number>> {
  const before = callsByPathOf(await readMetrics(port));
  await home(port, headers);
  const after = callsByPathOf(await readMetrics(port));
  const calls = new Map<string, number>();
  for (const [path, n] of after) if (n > (before.get(path) ?? 0)) calls.set(path, n - (before.get(path) ?? 0));
  return calls;
}

/** One page's back-end calls on the shell and on the floor, and the paths they call a different number of times. */
async function comparePageCalls(shellPort: number, floorPort: number, headers: Record<string, string>): Promise<Versus['pageCalls']> {
  const shell = await onePageCalls(shellPort, headers);
  const floor = await onePageCalls(floorPort, headers);
  const total = (calls: Map<string, number>) => [...calls.values()].reduce((a, b) => a + b, 0);
  const differences = [...new Set([...shell.keys(), ...floor.keys()])]
    .filter((path) => shell.get(path) !== floor.get(path))
    .sort()
    .map((path) => `${path} (shell ${shell.get(path) ?? 0}, floor ${floor.get(path) ?? 0})`);
  return { shell: total(shell), floor: total(floor), differences: differences.join(', ') };
}

/**
 * Starts the bare React server with pages sized like the shell's home (visitor and logged in); with `calls`, the
 * floor: it makes the shell's back-end calls of each page before rendering it.
 */
async function startBareReact(port: number, targets: Record<keyof typeof TARGETS, HtmlSize>, calls: boolean): Promise<ProbedServer> {
  const child = spawn(process.execPath, [...COST_PROBE_ARGS, '--import', 'tsx', resolve(import.meta.dirname, 'bare-react/server.ts')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BARE_TARGETS: JSON.stringify(targets), BARE_CALLS: calls ? '1' : '' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await waitUntilAnswers(child, port, '/');
  return { port, child };
}

/** One server measured: whether it calls the back end, its rounds and what they cost. */
interface Contender {
  server: ProbedServer;
  calls: boolean;
  runs: LoadResult[];
  totals: CostTotals;
}

const contender = (server: ProbedServer, calls: boolean): Contender => ({ server, calls, runs: [], totals: new CostTotals() });

/** The order of round `round`: each server starts a round in turn. */
const inTurn = <T>(list: readonly T[], round: number) => [...list.slice(round % list.length), ...list.slice(0, round % list.length)];

/** Each round's ratio of `runs` over `baseline` (the same round of each). */
const ratios = (runs: LoadResult[], baseline: LoadResult[]) => runs.map((r, i) => r.rps / baseline[i].rps);

/** The three servers of one kind of page: `warmUp` seconds of its load on each, then ROUNDS rounds of `seconds`, taking turns. */
async function measureKind(
  kind: Versus['kind'],
  servers: { shell: ProbedServer; bare: ProbedServer; floor: ProbedServer },
  shellPage: HtmlSize,
  o: { seconds: number; warmUp: number },
): Promise<Versus> {
  const headers = kind === 'user' ? USER : {};
  const barePage = await home(servers.bare.port, headers);
  const pageCalls = await comparePageCalls(servers.shell.port, servers.floor.port, headers);
  const [shell, bare, floor] = [contender(servers.shell, true), contender(servers.bare, false), contender(servers.floor, true)];
  for (const c of [shell, bare, floor]) await homeLoad(c.server.port, headers, o.warmUp);
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of inTurn([shell, bare, floor], round)) c.runs.push(await measuredRound(c.server, headers, o.seconds, c.totals, c.calls));
  }
  return {
    kind,
    shellPage,
    barePage,
    shell: pooled(shell.runs),
    bare: pooled(bare.runs),
    floor: pooled(floor.runs),
    rounds: { bare: ratios(shell.runs, bare.runs), floor: ratios(shell.runs, floor.runs) },
    shellCost: shell.totals.perPage(),
    bareCost: bare.totals.perPage(),
    floorCost: floor.totals.perPage(),
    pageCalls,
  };
}

/**
 * Measures the shell against bare React (on `ports.bare`) and the floor (on `ports.floor`), visitor then logged in;
 * stops both baselines at the end. `shell` was started with the cost probe.
 */
export async function versusBareReact(shell: ProbedServer, ports: { bare: number; floor: number }, seconds = 3, warmUp = 8): Promise<Versus[]> {
  const shellPages = { visitor: await home(shell.port, {}), user: await home(shell.port, USER) };
  const bare = await startBareReact(ports.bare, shellPages, false);
  const floor = await startBareReact(ports.floor, shellPages, true).catch(async (err: Error) => {
    await stop(bare.child);
    throw err;
  });
  try {
    const out: Versus[] = [];
    for (const kind of ['visitor', 'user'] as const) out.push(await measureKind(kind, { shell, bare, floor }, shellPages[kind], { seconds, warmUp }));
    return out;
  } finally {
    await Promise.all([stop(bare.child), stop(floor.child)]);
  }
}

const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(9);
const kbCell = (v: number) => `${v.toFixed(0)} KB`.padStart(8);
const us = (v: number) => `${v.toFixed(0)} µs`.padStart(9);
const times = (shell: number, bare: number) => (bare > 0 ? `${(shell / bare).toFixed(1)}x` : '-').padStart(9);
/** Width of a cost line's row name ('shell', 'bare React', ...). */
const NAME = 'shell/(bare + calls) '.length;

/** A cost line's figures: CPU, allocation, GC pauses and back-end calls per page. */
function costLine(kind: string, name: string, c: PageCost): string {
  const calls = c.calls ? `${c.calls.made.toFixed(2)} (+ ${c.calls.shared.toFixed(2)})` : '0 (none)';
  return `  ${kind.padEnd(10)} ${name.padEnd(NAME)}${ms(c.cpuMs)}    ${ms(c.threadCpuMs)}  ${kbCell(c.allocatedKb)}  ${us(c.youngGcMicros)}  ${us(c.oldGcMicros)}   ${calls}`;
}

/** A cost line of ratios: the shell's figures over a baseline's. */
function timesLine(name: string, s: PageCost, b: PageCost): string {
  const gcTimes = `${times(s.youngGcMicros, b.youngGcMicros)}  ${times(s.oldGcMicros, b.oldGcMicros)}`;
  return `  ${''.padEnd(10)} ${name.padEnd(NAME)}${times(s.cpuMs, b.cpuMs)}    ${times(s.threadCpuMs, b.threadCpuMs)}  ${times(s.allocatedKb, b.allocatedKb)}  ${gcTimes}`;
}

/**
 * The per-page cost lines of the SSR section: CPU, allocation, GC pauses and back-end calls of each kind, the shell
 * beside bare React and beside the floor (bare + calls).
 */
export function costLines(rows: Versus[], label: (kind: Versus['kind']) => string): string[] {
  const lines = ['  per page served in the measured rounds: CPU (whole process | main thread), main-thread heap allocated and GC pauses'];
  lines.push('  (young generation | old), back-end calls');
  lines.push(`${''.padEnd(13 + NAME)}CPU process   CPU main   allocated   GC young     GC old   back-end calls made (+ answered by the shared cache)`);
  for (const v of rows) {
    lines.push(costLine(label(v.kind), 'shell', v.shellCost));
    lines.push(costLine('', 'bare React', v.bareCost));
    lines.push(costLine('', 'bare + calls', v.floorCost));
    lines.push(timesLine('shell/bare', v.shellCost, v.bareCost));
    lines.push(timesLine('shell/(bare + calls)', v.shellCost, v.floorCost));
  }
  lines.push("  (the process CPU of the shell and of bare + calls includes their embedded fake API's thread, which answers their back-end calls)");
  return lines;
}
