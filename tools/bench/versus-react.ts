import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { homeLoad, fetchText, type LoadResult } from './load';
import { htmlSize, type HtmlSize } from './html-size';
import { COST_PROBE_ARGS, CostTotals, readCalls, readCost, type PageCost } from './page-cost';
import { waitUntilAnswers } from './server';

/**
 * Home render throughput of the shell next to a bare React SSR page of the same size. Each server is warmed up until
 * its code is optimized (the shell's logged-in path takes ~15 s of load to reach its steady rate, bare React ~2 s),
 * then both are measured in alternating rounds: on a shared two-core machine the speed drifts by ±15 % over tens of
 * seconds, and rounds side by side see the same drift. Each measured round also reads what the server spent (CPU,
 * heap allocation: the cost probe) and, for the shell, the back-end calls it made (its /metrics), per page served.
 */

/** Throughput targets, shell over bare React serving a page of the same bytes. */
export const TARGETS = { visitor: 0.9, user: 0.6 } as const;
const USER = { cookie: 'uid=4242; nickname=bench' };

export interface Versus {
  kind: keyof typeof TARGETS;
  shellPage: HtmlSize;
  barePage: HtmlSize;
  /** All rounds together (requests over seconds; p50 and p95 the rounds' medians). */
  shell: LoadResult;
  bare: LoadResult;
  /** Each round's shell/bare ratio. */
  rounds: number[];
  /** Per page over the measured rounds (the shell's with its back-end calls). */
  shellCost: PageCost;
  bareCost: PageCost;
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

/** Rounds per server and kind, alternating which server goes first. */
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

/** Starts the bare React server with pages sized like the shell's home (visitor and logged in). */
async function startBareReact(port: number, targets: Record<keyof typeof TARGETS, HtmlSize>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...COST_PROBE_ARGS, '--import', 'tsx', resolve(import.meta.dirname, 'bare-react/server.ts')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BARE_TARGETS: JSON.stringify(targets) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await waitUntilAnswers(child, port, '/');
  return child;
}

/**
 * Measures both, visitor then logged in: `warmUp` seconds of that load on each, then ROUNDS rounds of `seconds` on
 * each, alternately; stops the bare server at the end. `shell` was started with the cost probe.
 */
export async function versusBareReact(shell: ProbedServer, barePort: number, seconds = 3, warmUp = 8): Promise<Versus[]> {
  const shellPort = shell.port;
  const shellPages = { visitor: await home(shellPort, {}), user: await home(shellPort, USER) };
  const bareChild = await startBareReact(barePort, shellPages);
  const bare: ProbedServer = { port: barePort, child: bareChild };
  try {
    const out: Versus[] = [];
    for (const kind of ['visitor', 'user'] as const) {
      const headers = kind === 'user' ? USER : {};
      const barePage = await home(barePort, headers);
      await homeLoad(shellPort, headers, warmUp);
      await homeLoad(barePort, headers, warmUp);
      const shellRuns: LoadResult[] = [];
      const bareRuns: LoadResult[] = [];
      const shellTotals = new CostTotals();
      const bareTotals = new CostTotals();
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? [shell, bare] : [bare, shell];
        for (const server of order) {
          if (server === shell) shellRuns.push(await measuredRound(shell, headers, seconds, shellTotals, true));
          else bareRuns.push(await measuredRound(bare, headers, seconds, bareTotals, false));
        }
      }
      out.push({
        kind,
        shellPage: shellPages[kind],
        barePage,
        shell: pooled(shellRuns),
        bare: pooled(bareRuns),
        rounds: shellRuns.map((r, i) => r.rps / bareRuns[i].rps),
        shellCost: shellTotals.perPage(),
        bareCost: bareTotals.perPage(),
      });
    }
    return out;
  } finally {
    bareChild.kill('SIGKILL');
  }
}

const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(9);
const kbCell = (v: number) => `${v.toFixed(0)} KB`.padStart(8);
const us = (v: number) => `${v.toFixed(0)} µs`.padStart(9);
const times = (shell: number, bare: number) => (bare > 0 ? `${(shell / bare).toFixed(1)}x` : '-').padStart(9);

/** The per-page cost lines of the SSR section: CPU, allocation, GC pauses and back-end calls of each kind, shell beside bare React. */
export function costLines(rows: Versus[], label: (kind: Versus['kind']) => string): string[] {
  const lines = ['  per page served in the measured rounds: CPU (whole process | main thread), main-thread heap allocated and GC pauses'];
  lines.push('  (young generation | old), back-end calls');
  lines.push('                          CPU process   CPU main   allocated   GC young     GC old   back-end calls made (+ answered by the shared cache)');
  for (const v of rows) {
    const s = v.shellCost;
    const b = v.bareCost;
    const calls = s.calls ? `${s.calls.made.toFixed(2)} (+ ${s.calls.shared.toFixed(2)})` : 'not read';
    lines.push(
      `  ${label(v.kind).padEnd(10)} shell        ${ms(s.cpuMs)}    ${ms(s.threadCpuMs)}  ${kbCell(s.allocatedKb)}  ${us(s.youngGcMicros)}  ${us(s.oldGcMicros)}   ${calls}`,
    );
    lines.push(
      `  ${''.padEnd(10)} bare React   ${ms(b.cpuMs)}    ${ms(b.threadCpuMs)}  ${kbCell(b.allocatedKb)}  ${us(b.youngGcMicros)}  ${us(b.oldGcMicros)}   0 (none)`,
    );
    const gcTimes = `${times(s.youngGcMicros, b.youngGcMicros)}  ${times(s.oldGcMicros, b.oldGcMicros)}`;
    lines.push(
      `  ${''.padEnd(10)} shell/bare   ${times(s.cpuMs, b.cpuMs)}    ${times(s.threadCpuMs, b.threadCpuMs)}  ${times(s.allocatedKb, b.allocatedKb)}  ${gcTimes}`,
    );
  }
  lines.push("  (the shell's process CPU includes its embedded fake API's thread, which answers its back-end calls)");
  return lines;
}
