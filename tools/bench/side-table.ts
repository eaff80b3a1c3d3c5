/**
 * `npm run bench -- side-table` (only when named): what core/util/side-table.ts saves over a WeakMap. The same
 * simulated requests (tools/bench/side-table-probe.ts: ~50 KB of fresh objects each, 16 in flight, each living across
 * 3 awaited turns of the event loop, one value tied to its environment object) run three ways, each in a child Node of
 * its own, so the bench's own heap stays out of it: through `SideTable`, through a module-level WeakMap, and without a
 * side value (the floor). The variants take turns in rounds (A B C, B C A, ...), so machine load touches all alike;
 * each figure is the median over the rounds, per 10,000 requests, with the side table over the WeakMap of the same round.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { ProbeAnswer, ProbeVariant } from './side-table-probe';

const PROBE = resolve(import.meta.dirname, 'side-table-probe.ts');
/** The server's V8 flag (host/server/entry.ts), and the probe's needs. */
const PROBE_ARGS = ['--expose-gc', '--no-allocation-site-pretenuring', '--import', 'tsx'];
const VARIANTS: readonly ProbeVariant[] = ['side-table', 'weakmap', 'none'];
const LABELS: Record<ProbeVariant, string> = { 'side-table': 'side table', weakmap: 'WeakMap', none: 'no side value' };
const PER = 10_000;

/** One variant's figures per 10,000 requests. */
interface VariantFigures {
  /** Bytes V8 promoted to the old generation (scavenges and mark-compacts), from `--trace-gc-nvp`. */
  promotedBytes: number;
  scavenges: number;
  scavengeMs: number;
  markCompacts: number;
  markCompactMs: number;
  wallMs: number;
}

export interface SideTableFigures {
  node: string;
  rounds: number;
  warmUp: number;
  requests: number;
  /** Bytes one request's objects hold (median over all runs). */
  graphBytes: number;
  /** Load average over 1 minute at the start. */
  load: number;
  /** Each variant's figures, one entry per round. */
  runs: Record<ProbeVariant, VariantFigures[]>;
}

/** Runs the probe once: its answer, with the promoted bytes added up from its `--trace-gc-nvp` lines. */
function runProbe(variant: ProbeVariant, warmUp: number, requests: number): Promise<{ figures: VariantFigures; graphBytes: number }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...PROBE_ARGS, PROBE, variant, String(warmUp), String(requests)], {
      cwd: resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let stdout = '';
    let answer: ProbeAnswer | undefined;
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('message', (m: ProbeAnswer) => m?.type === 'side-table' && (answer = m));
    child.on('error', fail);
    child.on('close', (code) => {
      const promoted = [...stdout.matchAll(/\bgc=\w+ .*?\bpromoted=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
      if (code !== 0 || !answer) return fail(new Error(`side-table probe (${variant}) exited with ${code} without an answer`));
      const scale = PER / answer.requests;
      done({
        graphBytes: answer.graphBytes,
        figures: {
          promotedBytes: promoted * scale,
          scavenges: answer.scavenges * scale,
          scavengeMs: answer.scavengeMs * scale,
          markCompacts: answer.markCompacts * scale,
          markCompactMs: answer.markCompactMs * scale,
          wallMs: answer.wallMs * scale,
        },
      });
    });
  });
}

/** Measures the three variants in `rounds` rounds of one child process each (about 1-2 s a child). */
export async function measureSideTable(rounds = 5, warmUp = 2_000, requests = 10_000): Promise<SideTableFigures> {
  const runs: SideTableFigures['runs'] = { 'side-table': [], weakmap: [], none: [] };
  const sizes: number[] = [];
  const load = loadavg()[0];
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the next variant (A B C, B C A, C A B, ...): none always runs first or last.
    for (const variant of VARIANTS.map((_, i) => VARIANTS[(i + round) % VARIANTS.length])) {
      const { figures, graphBytes } = await runProbe(variant, warmUp, requests);
      runs[variant].push(figures);
      sizes.push(graphBytes);
    }
  }
  return { node: process.version, rounds, warmUp, requests, graphBytes: median(sizes), load, runs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const ROWS: ReadonlyArray<{ figure: string; key: keyof VariantFigures; cell: (n: number) => string }> = [
  { figure: 'promoted to old space', key: 'promotedBytes', cell: (n) => `${(n / 1024 / 1024).toFixed(1)} MB` },
  { figure: 'scavenges', key: 'scavenges', cell: (n) => n.toFixed(0) },
  { figure: 'scavenge time', key: 'scavengeMs', cell: (n) => `${n.toFixed(0)} ms` },
  { figure: 'mark-compacts', key: 'markCompacts', cell: (n) => n.toFixed(0) },
  { figure: 'mark-compact time', key: 'markCompactMs', cell: (n) => `${n.toFixed(0)} ms` },
  { figure: 'wall time', key: 'wallMs', cell: (n) => `${n.toFixed(0)} ms` },
];

/** A ratio, with two significant digits below 0.1. */
const times = (r: number) => `${r >= 0.1 ? r.toFixed(2) : r.toPrecision(2)}x`;

/** Variant a over variant b in `key`: the median of the rounds' ratios and, with `range`, their lowest and highest. */
function versus(f: SideTableFigures, a: ProbeVariant, b: ProbeVariant, key: keyof VariantFigures, range: boolean) {
  const ratios = f.runs[a].flatMap((run, i) => (f.runs[b][i][key] ? [run[key] / f.runs[b][i][key]] : []));
  if (!ratios.length) return median(f.runs[a].map((run) => run[key])) ? 'inf' : '-';
  return `${times(median(ratios))}${range ? ` (${times(Math.min(...ratios))}-${times(Math.max(...ratios))})` : ''}`;
}

/** The table: medians per variant, the side table over the WeakMap and over the floor (median of the rounds' ratios, their range). */
function sideTableLines(f: SideTableFigures): string[] {
  const row = (cells: string[]) => `  ${cells[0].padEnd(22)}${[15, 15, 15, 31, 29, 17].map((width, i) => cells[i + 1].padStart(width)).join('')}`;
  const lines = [
    `  Node ${f.node}, --no-allocation-site-pretenuring (as the server); ${f.rounds} rounds of the three variants in turn, each run a child process:`,
    `  ${f.warmUp.toLocaleString('en')} requests of warm-up, then ${f.requests.toLocaleString('en')} measured; a request's objects ${(f.graphBytes / 1024).toFixed(1)} KB, 16 in flight, 3 awaited turns each`,
    `  load average ${f.load.toFixed(2)} on ${cpus().length} CPUs at the start; figures per 10,000 requests, medians of the rounds`,
    row(['', ...VARIANTS.map((v) => LABELS[v]), 'side table / WeakMap (rounds)', 'side table / floor (rounds)', 'WeakMap / floor']),
  ];
  for (const { figure, key, cell } of ROWS) {
    const medians = VARIANTS.map((v) => cell(median(f.runs[v].map((r) => r[key]))));
    lines.push(
      row([
        figure,
        ...medians,
        versus(f, 'side-table', 'weakmap', key, true),
        versus(f, 'side-table', 'none', key, true),
        versus(f, 'weakmap', 'none', key, false),
      ]),
    );
  }
  const better = (key: keyof VariantFigures) => median(f.runs['side-table'].map((r) => r[key])) < median(f.runs.weakmap.map((r) => r[key]));
  if (!better('promotedBytes') || !better('scavengeMs'))
    lines.push('  The side table is NOT better than a WeakMap in this run: it promoted as much, or its scavenges took as long.');
  return lines;
}

export function printSideTable(f: SideTableFigures): void {
  for (const line of sideTableLines(f)) console.log(line);
}
