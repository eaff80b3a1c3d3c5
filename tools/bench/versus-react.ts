import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { homeLoad, fetchText, type LoadResult } from './load';
import { htmlSize, type HtmlSize } from './html-size';
import { waitUntilAnswers } from './server';

/**
 * Home render throughput of the shell next to a bare React SSR page of the same size. Each server is warmed up until
 * its code is optimized (the shell's logged-in path takes ~15 s of load to reach its steady rate, bare React ~2 s),
 * then both are measured in alternating rounds: on a shared two-core machine the speed drifts by ±15 % over tens of
 * seconds, and rounds side by side see the same drift.
 */

export const TARGETS = { visitor: 0.35, user: 0.25 } as const;
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
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'bare-react/server.ts')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BARE_TARGETS: JSON.stringify(targets) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilAnswers(child, port, '/');
  return child;
}

/**
 * Measures both, visitor then logged in: `warmUp` seconds of that load on each, then ROUNDS rounds of `seconds` on
 * each, alternately; stops the bare server at the end.
 */
export async function versusBareReact(shellPort: number, barePort: number, seconds = 3, warmUp = 8): Promise<Versus[]> {
  const shellPages = { visitor: await home(shellPort, {}), user: await home(shellPort, USER) };
  const bare = await startBareReact(barePort, shellPages);
  try {
    const out: Versus[] = [];
    for (const kind of ['visitor', 'user'] as const) {
      const headers = kind === 'user' ? USER : {};
      const barePage = await home(barePort, headers);
      await homeLoad(shellPort, headers, warmUp);
      await homeLoad(barePort, headers, warmUp);
      const shell: LoadResult[] = [];
      const bareRuns: LoadResult[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? ([shellPort, barePort] as const) : ([barePort, shellPort] as const);
        for (const port of order) (port === shellPort ? shell : bareRuns).push(await homeLoad(port, headers, seconds));
      }
      out.push({
        kind,
        shellPage: shellPages[kind],
        barePage,
        shell: pooled(shell),
        bare: pooled(bareRuns),
        rounds: shell.map((r, i) => r.rps / bareRuns[i].rps),
      });
    }
    return out;
  } finally {
    bare.kill('SIGKILL');
  }
}
