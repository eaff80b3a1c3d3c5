/**
 * `npm run bench`: figures to measure later work against, printed, never asserted.
 * - per region, the gzip bytes of JavaScript a first visit to home downloads (Chromium), all of it and what the HTML
 *   names (critical), against the React floor built in the same run (targets: critical <= floor + 50 KB, all <= floor
 *   + 100 KB, every region <= main + 10 KB);
 * - home render throughput at concurrency 16 (visitor and logged in) of one shell process (WORKERS=1) next to two
 *   baselines serving a bare React page of the same bytes: bare React alone, without back-end calls (targets: visitor
 *   >= 0.9x, logged in >= 0.6x), and the floor of the same work, bare React making first the back-end calls the shell
 *   makes for that page, through the shell's client and shared cache, against a fake API thread of its own (targets:
 *   visitor >= 0.9x, logged in >= 0.8x); plus, for comparison, visitor pages all rendered: PAGE_REUSE=0; per page
 *   served in the measured rounds, for the three servers: CPU time (whole process and main thread), main-thread heap
 *   allocation and GC pauses (young and old generation), and for the shell and the floor the back-end calls made and
 *   answered by the shared cache (`shell_backend_calls_total` delta over pages served);
 * - soak: heap used after a forced GC at 1,000 and 20,000 mixed requests;
 * - reload: 200 config reloads in a row; the heap after a forced GC before and after (target: within 5 %) and the
 *   time from a file write to the new version serving;
 * - the chart benchmark, when the chart plugin provides one.
 * - Lighthouse 12 on main's home and trade page (visitor) and account security page (logged in: a persona's
 *   cookies): mobile, simulated throttling, each figure the median of 5 runs (score, TBT, longest main-thread task,
 *   CLS, FCP, LCP, main-thread work, unused JavaScript, render-blocking resources; targets: score >= 97, TBT <= 150
 *   ms, no task over 100 ms, CLS <= 0.02), each page measured alternately with its baseline (home and security: bare
 *   React hydrating a page of the same HTML; trade: bare lightweight-charts; targets: within 3 points and 100 ms of
 *   TBT, and for trade no task longer than the baseline's longest);
 * - rollout flags: requests per second through the flag evaluator with 20 flags (tools/bench/flags.ts), and their
 *   cost in served pages: home SSR throughput (visitor and logged in) of the same build from a config folder with
 *   those flags and, twice, without a flag file, loaded in turn (target: at most 3 % fewer; tools/bench/flags-ssr.ts);
 * Lighthouse's own knobs: LH_ONLY=trade (first words of the pages' names, comma-separated) measures only those pages;
 *   LH_REPORTS=dir keeps every run's report and trace there, to read its tasks afterwards.
 * `npm run bench -- ssr soak` runs only the named parts (bundles, lighthouse, ssr, soak, reload, flags, chart). Servers listen on
 * 127.0.0.1:BENCH_PORT (default 3199), +1, +2 and +3.
 * `npm run bench -- chaos` (only when named) runs the fuzz and chaos server tests at 5x their load (CHAOS_SCALE) and
 * prints what was tried, what failed and the server's memory before and after.
 * `npm run bench -- side-table` (only when named): GC cost of core/util/side-table.ts against a WeakMap, simulated requests.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { version as reactVersion } from 'react';
import { launchBenchBrowser, measureBundles, type ScriptFigures } from './bundles';
import { measureFloor } from './floor';
import { printLighthouse } from './lighthouse-pages';
import { COST_PROBE_ARGS } from './page-cost';
import type { HtmlSize } from './html-size';
import { homeLoad, type LoadResult } from './load';
import { startBuiltServer, stop } from './server';
import { runChaosBench } from './chaos';
import { printSideTable, measureSideTable } from './side-table';
import { soak } from './soak';
import { runFlagsBench } from './flags';
import { flagCostLines, measureFlagCost } from './flags-ssr';
import { runReloadBench } from './reload';
import { costLines, FLOOR_TARGETS, ROUNDS, TARGETS, versusBareReact, type Versus } from './versus-react';

const PORT = Number(process.env.BENCH_PORT ?? 3199);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const pageCell = (p: HtmlSize) => `${p.elements} elements, ${kb(p.bytes)} (${kb(p.scriptBytes)} inline script)`;
const label = (kind: 'visitor' | 'user') => (kind === 'user' ? 'logged in' : 'visitor');
const runCell = (r: LoadResult) => `${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(0).padStart(4)} ms  p95 ${r.p95.toFixed(0).padStart(4)} ms`;
/** The lowest and highest of the rounds' ratios. */
const spread = (ratios: number[]) => `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`;
const diff = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)} %`;
const PARTS = ['bundles', 'lighthouse', 'ssr', 'soak', 'reload', 'flags', 'chart', 'chaos', 'side-table'] as const;
/** Parts that run only when named. */
const ON_REQUEST: ReadonlyArray<(typeof PARTS)[number]> = ['chaos', 'side-table'];
const parts = process.argv.slice(2);
const wanted = (part: (typeof PARTS)[number]) => (!parts.length && !ON_REQUEST.includes(part)) || parts.includes(part);
const busy = () => {
  const [load] = loadavg();
  return load > cpus().length
    ? `  (load average ${load.toFixed(1)} on ${cpus().length} CPUs: the machine is busy, figures are lower than on a quiet one)\n`
    : '';
};

/** The JavaScript weight targets, in gzip bytes over the React floor (critical, all) and over main's home (other regions). */
export const WEIGHT_TARGETS = { critical: 50 * 1024, all: 100 * 1024, region: 10 * 1024 };
const verdict = (value: number, limit: number) => `${kb(value).padStart(9)} / ${kb(limit).padStart(8)} ${value <= limit ? 'pass' : 'FAIL'}`;

function printBundles(floor: ScriptFigures, bundles: Array<ScriptFigures & { region: string }>, took: string) {
  const main = bundles.find((b) => b.region === 'main') ?? bundles[0];
  console.log(`\nJavaScript of a first visit to home, gzip -9 of each body, measured in Chromium (took ${took})`);
  console.log(
    `  React floor (React + ReactDOM hydrating a trivial page, same React and Vite, production): ${floor.files} files, ${kb(floor.gzip)} (${kb(floor.critical.gzip)} named in its HTML)`,
  );
  console.log(`region    files   raw         all gzip   named in HTML (critical)    critical <= floor + 50 KB   all <= floor + 100 KB   all <= main + 10 KB`);
  for (const r of bundles) {
    console.log(
      `${r.region.padEnd(9)} ${String(r.files).padStart(5)}   ${kb(r.raw).padStart(9)}   ${kb(r.gzip).padStart(9)}   ${String(r.critical.files).padStart(3)} files ${kb(r.critical.gzip).padStart(9)}     ` +
        `${verdict(r.critical.gzip, floor.gzip + WEIGHT_TARGETS.critical)}   ${verdict(r.gzip, floor.gzip + WEIGHT_TARGETS.all)}   ${r === main ? '(main)'.padStart(19) : verdict(r.gzip, main.gzip + WEIGHT_TARGETS.region)}`,
    );
  }
}

/** A ratio line of the SSR section: the shell's throughput over a baseline's, its target, the rounds' spread. */
function ratioLine(kind: string, baseline: string, shell: LoadResult, base: LoadResult, target: number, rounds: number[]) {
  const ratio = shell.rps / base.rps;
  const failed = shell.errors + shell.unexpected + base.errors + base.unexpected;
  const verdict = `>= ${target.toFixed(2)}x ${ratio >= target ? 'met' : 'NOT met'}`;
  return `  ${kind.padEnd(10)} ${baseline.padEnd(13)} ${ratio.toFixed(2)}x  ${verdict.padEnd(15)}  ${spread(rounds)}${failed ? `  (${failed} failed requests)` : ''}`;
}

/** Whether the floor makes the shell's back-end calls: one page's, on each. */
function callsCheckLine(v: Versus) {
  const { shell, floor, differences } = v.pageCalls;
  const same = differences ? `NOT the same: ${differences}` : 'the same paths';
  return `  ${label(v.kind).padEnd(10)} back-end calls of one page: shell ${shell}, bare + calls ${floor}, ${same}`;
}

/** The SSR section's pages and throughput: the shell beside both baselines, and its ratios to each against their targets. */
function printVersus(rows: Versus[], note: string, took: string) {
  console.log(`\nHome SSR throughput, concurrency 16: after an 8 s warm-up each, ${ROUNDS} rounds of 3 s each, the three servers taking turns (took ${took})`);
  console.log(`${note}  shell: one process (WORKERS=1), embedded fake API; bare React: node:http + renderToPipeableStream, React ${reactVersion}`);
  console.log("  bare + calls: the same, making first the shell's back-end calls of the page (the shell's client and shared cache, its own fake API)");
  for (const v of rows) {
    console.log(
      `  ${label(v.kind).padEnd(10)} page: shell ${pageCell(v.shellPage)}; bare ${pageCell(v.barePage)}; bytes differ by ${diff(v.shellPage.bytes, v.barePage.bytes)}`,
    );
  }
  for (const v of rows) console.log(callsCheckLine(v));
  console.log(`${''.padEnd(13)}${'shell'.padEnd(40)}${'bare React'.padEnd(40)}bare + calls`);
  for (const v of rows) console.log(`  ${label(v.kind).padEnd(10)} ${runCell(v.shell)}   ${runCell(v.bare)}   ${runCell(v.floor)}`);
  console.log(`${''.padEnd(13)}${'shell over'.padEnd(14)}${'ratio'.padEnd(7)}${'target'.padEnd(17)}rounds`);
  for (const v of rows) {
    console.log(ratioLine(label(v.kind), 'bare React', v.shell, v.bare, TARGETS[v.kind], v.rounds.bare));
    console.log(ratioLine('', 'bare + calls', v.shell, v.floor, FLOOR_TARGETS[v.kind], v.rounds.floor));
  }
}

async function main() {
  const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}: choose from ${PARTS.join(', ')}`);
  const t0 = Date.now();
  let mark = t0;
  /** Time since the previous part ended. */
  const took = () => `${((Date.now() - mark) / 1000).toFixed(0)} s`;
  if (wanted('bundles') || wanted('lighthouse') || wanted('ssr')) {
    const server = await startBuiltServer(PORT, { nodeArgs: COST_PROBE_ARGS, ipc: true });
    try {
      if (wanted('bundles')) {
        const browser = await launchBenchBrowser();
        try {
          const floor = await measureFloor(browser);
          const bundles = await measureBundles(PORT, browser);
          printBundles(floor, bundles, took());
        } finally {
          await browser.close();
        }
        mark = Date.now();
      }
      if (wanted('lighthouse')) {
        await printLighthouse(PORT, busy(), took);
        mark = Date.now();
      }
      if (wanted('ssr')) {
        const note = busy();
        const rows = await versusBareReact({ port: PORT, child: server }, { bare: PORT + 1, floor: PORT + 2 });
        printVersus(rows, note, took());
        for (const line of costLines(rows, label)) console.log(line);
        // For comparison: the visitor page rendered every time, as before visitor pages were reused.
        const rendering = await startBuiltServer(PORT + 2, { env: { PAGE_REUSE: '0' } });
        try {
          await homeLoad(PORT + 2, {}, 2);
          const run = await homeLoad(PORT + 2, {}, 8);
          const bare = rows.find((v) => v.kind === 'visitor')!.bare;
          console.log(
            `  ${'(PAGE_REUSE=0)'.padEnd(10)} ${runCell(run)}   visitor pages all rendered: ${(run.rps / bare.rps).toFixed(2)}x of the bare figure above`,
          );
        } finally {
          await stop(rendering);
        }
        mark = Date.now();
      }
    } finally {
      await stop(server);
    }
  }

  if (wanted('soak')) {
    const note = busy();
    const s = await soak(PORT + 2);
    const [first, last] = s.points;
    const seconds = s.load.reduce((n, r) => n + r.seconds, 0);
    console.log(
      `\nSoak: one process (WORKERS=1), mixed requests: 7 regions, locales, visitors and distinct users; home, trade, account, 404, redirects (took ${took()})`,
    );
    process.stdout.write(note);
    for (const p of s.points)
      console.log(
        `  heap used after a forced GC at ${p.requests.toLocaleString('en').padStart(6)} requests: ${mb(p.heapUsed).padStart(8)}   (of which compiled code ${mb(p.codeSpace)}; rss ${mb(p.rss)})`,
      );
    if (first && last) {
      const grew = Math.abs(last.heapUsed - first.heapUsed) / first.heapUsed;
      const verdict = s.points.some((p) => p.requests < p.planned) ? 'no verdict: the time cap stopped the load early' : grew <= 0.1 ? 'met' : 'NOT met';
      console.log(
        `  change ${diff(first.heapUsed, last.heapUsed)} (target: within 10 %, ${verdict}); ${s.failures} failed or unexpected answers; ${(last.requests / seconds).toFixed(0)} req/s over ${seconds.toFixed(0)} s`,
      );
      // The target counts V8's optimizing compiler too, which keeps adding code (and its metadata) for a while.
      console.log(`  without the compiled-code space: change ${diff(first.heapUsed - first.codeSpace, last.heapUsed - last.codeSpace)}`);
    }
    mark = Date.now();
  }

  if (wanted('reload')) {
    console.log('\nConfig reloads: 200 in a row, the heap after a forced GC before and after');
    await runReloadBench(PORT + 2);
    console.log(`  (took ${took()})`);
    mark = Date.now();
  }

  if (wanted('flags')) {
    console.log('\nRollout flags: evaluate + applyDecisions for main, one process');
    process.stdout.write(busy());
    await runFlagsBench();
    mark = Date.now();
    const note = busy();
    const rows = await measureFlagCost(PORT + 1);
    console.log(`\nRollout flags in served pages: home SSR throughput at concurrency 16, the same build with and without flags (took ${took()})`);
    process.stdout.write(note);
    for (const line of flagCostLines(rows, label)) console.log(line);
    mark = Date.now();
  }

  const chartBench = resolve(import.meta.dirname, 'chart.ts');
  if (wanted('chart') && existsSync(chartBench)) {
    const { runChartBench } = (await import(chartBench)) as { runChartBench?: () => Promise<void> };
    if (runChartBench) {
      console.log('\nChart');
      await runChartBench();
      console.log(`  (took ${took()})`);
    }
  }
  if (wanted('side-table')) {
    console.log("\nSide table against WeakMap: simulated requests, one value tied to each request's environment (core/util/side-table.ts)");
    process.stdout.write(busy());
    printSideTable(await measureSideTable());
    console.log(`  (took ${took()})`);
    mark = Date.now();
  }
  if (wanted('chaos')) {
    console.log('\nFuzz and chaos (the server tests of npm test, at a larger load)');
    runChaosBench();
  }
  console.log(`\nBench done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
