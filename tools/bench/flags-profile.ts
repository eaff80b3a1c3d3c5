/**
 * Where the rollout flags' cost in served pages goes: two servers like those of flags-ssr.ts (the same build with the 20
 * BENCH_FLAGS as flags.json, and without a flag file) profiled by V8's sampling profiler (flags-profile-probe.mjs)
 * over the same count of home requests, in windows alternating between the two, and the functions whose main-thread
 * CPU per page differs most between them, self and inclusive. On a busy machine, run it twice: what stays is real.
 * Run alone: `npx tsx tools/bench/flags-profile.ts [visitor|user|visitors|users] [pages]` (SHELL_DIST and BENCH_PORT as the bench;
 * FLAGS_PROFILE_DIR=<folder> also writes each window's profile there, the flagged server's on BENCH_PORT).
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_FLAGS } from './flags';
import { configFolder, KINDS } from './flags-ssr';
import { runLoad } from './load';
import { startBuiltServer, stop } from './server';

/** Functions listed per table. */
const TOP = 25;
/** Pages served before the profile's window counts: a process's throughput climbs for 20-30 s of load (JIT, caches). */
const WARM_UP_PAGES = 8000;

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
/** Per function (name, file, line): µs where it ran itself, and µs with it anywhere on the stack. */
type Costs = Map<string, { self: number; total: number }>;

const PROBE_ARGS = ['--import', pathToFileURL(resolve(import.meta.dirname, 'flags-profile-probe.mjs')).href];

/** Sends `type` to the probe in `child` and resolves with its answer of type `answer`. */
function ask<T>(child: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ${answer} from the profile probe`)), 60_000);
    const onMessage = (m: { type?: string }) => {
      if (m?.type !== answer) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      done(m as T);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

const nameOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${basename(n.callFrame.url) || '-'}:${n.callFrame.lineNumber + 1}`;

/** Self and inclusive time per function of a profile (a function counted once per sample, recursion or not). */
export function costsOf(profile: CpuProfile): Costs {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const costs: Costs = new Map();
  const at = (name: string) => costs.get(name) ?? costs.set(name, { self: 0, total: 0 }).get(name)!;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at(nameOf(byId.get(id)!)).self += delta;
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const name = nameOf(byId.get(n)!);
      if (!seen.has(name)) at(name).total += delta;
      seen.add(name);
    }
  });
  return costs;
}

/** Where each window's profile is written when set (env FLAGS_PROFILE_DIR), to open in Chrome's DevTools. */
const KEEP_DIR = process.env.FLAGS_PROFILE_DIR;
let kept = 0;

/** Adds `more` into `into`. */
function addCosts(into: Costs, more: Costs): void {
  for (const [name, c] of more) {
    const at = into.get(name) ?? into.set(name, { self: 0, total: 0 }).get(name)!;
    at.self += c.self;
    at.total += c.total;
  }
}

/** A server under profile: its process and the costs summed over its profiled windows. */
interface Profiled {
  port: number;
  child: ChildProcess;
  costs: Costs;
}

/**
 * The requests profiled: the bench's visitor (no cookie) and user (one uid), or many users (a new uid each) or many
 * visitors (a new fingerprint each), whose flags bucket them apart.
 */
const LOADS: Record<string, (i: number) => Record<string, string>> = {
  ...Object.fromEntries(Object.entries(KINDS).map(([kind, headers]) => [kind, () => headers])),
  users: (i) => ({ cookie: `uid=${500_000 + i}; nickname=bench` }),
  visitors: (i) => ({ cookie: `finger_print=fp${700_000 + i}` }),
};
type Kind = keyof typeof LOADS;
let sent = 0;

/** `count` home requests of `kind` (failing on any failed one). */
async function load(port: number, kind: Kind, count: number): Promise<void> {
  const next = () => ({ host: 'localhost', path: '/', headers: LOADS[kind](sent++), expect: 200 });
  const run = await runLoad({ port, next, count, seconds: 600 });
  if (run.errors + run.unexpected) throw new Error(`failed requests on port ${port}: ${run.samples.join('; ')}`);
}

/** One profiled window: `count` requests with the server's profiler on, its costs added to the server's. */
async function profiledWindow(server: Profiled, kind: Kind, count: number): Promise<void> {
  await ask(server.child, 'bench:profile-start', 'bench:profile-started');
  await load(server.port, kind, count);
  const { profile } = await ask<{ profile: CpuProfile }>(server.child, 'bench:profile-stop', 'bench:profile');
  addCosts(server.costs, costsOf(profile));
  if (KEEP_DIR) writeFileSync(join(KEEP_DIR, `${server.port}-${++kept}.cpuprofile`), JSON.stringify(profile));
}

function table(title: string, flagged: Costs, plain: Costs, pages: number, field: 'self' | 'total'): string[] {
  const names = new Set([...flagged.keys(), ...plain.keys()]);
  const perPage = (c: Costs, n: string) => (c.get(n)?.[field] ?? 0) / pages;
  const rows = [...names].map((n) => ({ n, f: perPage(flagged, n), p: perPage(plain, n) })).sort((a, b) => Math.abs(b.f - b.p) - Math.abs(a.f - a.p));
  return [
    `  ${title}: µs a page, with the flags / without / difference`,
    ...rows.slice(0, TOP).map((r) => `  ${r.f.toFixed(0).padStart(7)} ${r.p.toFixed(0).padStart(7)} ${(r.f - r.p).toFixed(0).padStart(7)}  ${r.n}`),
  ];
}

/** Profiled windows per server, alternating between the two (a shared machine drifts: both see the same drift). */
const WINDOWS = 4;

async function main(): Promise<void> {
  const kind = process.argv[2] ?? 'visitor';
  if (!Object.hasOwn(LOADS, kind)) throw new Error(`kind: ${Object.keys(LOADS).join(', ')}`);
  const pages = Number(process.argv[3] ?? 2000);
  const port = Number(process.env.BENCH_PORT ?? 3199);
  const dirs = [configFolder(JSON.stringify({ flags: BENCH_FLAGS })), configFolder()];
  const servers: Profiled[] = [];
  try {
    for (const [i, dir] of dirs.entries()) {
      const child = await startBuiltServer(port + i, { nodeArgs: PROBE_ARGS, ipc: true, env: { REGION_CONFIGS_DIR: dir, ACCESS_LOG: '0' } });
      servers.push({ port: port + i, child, costs: new Map() });
    }
    for (const server of servers) await load(server.port, kind, WARM_UP_PAGES);
    const perWindow = Math.ceil(pages / WINDOWS);
    for (let w = 0; w < WINDOWS; w++) for (const server of w % 2 ? [...servers].reverse() : servers) await profiledWindow(server, kind, perWindow);
    const [flagged, plain] = servers.map((s) => s.costs);
    const counted = perWindow * WINDOWS;
    const busy = (c: Costs) => [...c].reduce((sum, [name, v]) => (name.startsWith('(idle)') ? sum : sum + v.self), 0) / counted;
    console.log(
      `${kind}: ${counted} pages profiled per server after ${WARM_UP_PAGES}; main thread busy a page: ${busy(flagged).toFixed(0)} µs with the flags, ${busy(plain).toFixed(0)} µs without`,
    );
    for (const line of [...table('self', flagged, plain, counted, 'self'), ...table('inclusive', flagged, plain, counted, 'total')]) console.log(line);
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main(); // run alone
