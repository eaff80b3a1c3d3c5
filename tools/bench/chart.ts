/**
 * Chart benchmark (printed, never asserted):
 * - first render of 50 000 and 200 000 one-minute candles with MACD and KDJ, through the chart plugin's runtime
 *   and through bare lightweight-charts with the same data, in one Chromium run (median of RUNS fresh pages), and
 *   how long the plugin takes until the chart holds every bar (it hands older bars over after the first frame);
 * - indicator computation on 1 000 000 bars in Node (KDJ, MACD, TD Sequential) and one live-bar update.
 * The workload (the page, the indicator timings) is the chart plugin's: plugins/chart/bench.ts and bench-page/.
 * Run alone with `npx tsx tools/bench/chart.ts`; stops its server and browser by itself.
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { BENCH_PAGE_ROOT, indicatorFigures } from '../../plugins/chart/bench';
import { serveStatic } from './static-server';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = resolve(ROOT, '.tmp/chart-bench');
const SIZES = [50_000, 200_000];
const RUNS = 3;
/** Targets: first render no slower than bare lightweight-charts; the three indicators on 1M bars under 40 ms. */
const RENDER_AIM = 1.0;
const INDICATORS_AIM_MS = 40;
/** The figures these targets were set against (busy machine, load 2-3): indicator ms, and render ratios per size. */
const BASELINE = {
  indicators: 'KDJ 40 ms, MACD 7.4 ms, TD Sequential 15 ms, 63 ms together',
  render: new Map([
    [50_000, '1.14x / 1.01x'],
    [200_000, '1.29x / 0.97x'],
  ]),
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => `load ${loadavg()[0].toFixed(1)}`;
const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;

/** Builds the chart's bench page (plugins/chart/bench-page) into `.tmp/chart-bench`; the folder to serve. */
export async function buildChartBenchPage(): Promise<string> {
  const { build } = await import('vite');
  await build({
    root: BENCH_PAGE_ROOT,
    configFile: false,
    logLevel: 'warn',
    base: './',
    build: { outDir: OUT, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  return OUT;
}

/** Runs the whole chart benchmark and prints its figures. */
export async function runChartBench(): Promise<void> {
  const [avg] = loadavg();
  if (avg > cpus().length) console.log(`(load average ${avg.toFixed(1)} on ${cpus().length} CPUs: absolute times are inflated; compare the ratios)`);
  const ind = indicatorFigures();
  console.log(`Indicators on 1 000 000 bars (Node, CPU time, best of 5, ${load()})`);
  console.log(
    `  KDJ ${ms(ind.kdj)}   MACD ${ms(ind.macd)}   TD Sequential ${ms(ind.td)}   total ${ms(ind.total)} = ${(ind.total / INDICATORS_AIM_MS).toFixed(2)}x the aim (< ${INDICATORS_AIM_MS} ms)`,
  );
  console.log(`  baseline: ${BASELINE.indicators}`);
  console.log(`  live update of the last bar, all three: ${ind.liveUpdateMicros.toFixed(2)} µs`);

  const server = await serveStatic(await buildChartBenchPage());
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    /** One render in a fresh page: wall time, and the renderer main thread's CPU time (less sensitive to load). */
    const once = async (mode: 'plugin' | 'bare', n: number) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await page.goto(url);
        await page.waitForFunction(() => typeof window.chartBench === 'function');
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Performance.enable');
        const cpu = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN;
        const c0 = await cpu();
        const times = await page.evaluate(([m, size]) => window.chartBench(m, size), [mode, n] as const);
        return { wall: times.firstFrame, cpu: ((await cpu()) - c0) * 1000, allBars: times.allBars };
      } finally {
        await page.close();
      }
    };
    await once('bare', 5000);
    await once('plugin', 5000);
    console.log(`\nFirst render, 1-minute candles + volume + MACD + KDJ (Chromium, 1200x800, median of ${RUNS} fresh pages)`);
    console.log('  wall: creating the chart to its first frame (bare: data prepared before; plugin: from its bar store, indicators included)');
    console.log('  CPU: the renderer main thread over the whole evaluation (bare: data preparation included; plugin: until it holds every bar)');
    console.log('  all bars in: until the plugin holds every bar (its wall against bare lightweight-charts, which has them all at its first frame)');
    console.log(
      `  bars       bare lightweight-charts      plugin runtime           ratio wall / CPU (aim <= ${RENDER_AIM.toFixed(1)}x wall; baseline)   plugin, all bars in`,
    );
    for (const n of SIZES) {
      const bare: Array<{ wall: number; cpu: number }> = [];
      const plugin: Array<{ wall: number; cpu: number; allBars: number }> = [];
      for (let r = 0; r < RUNS; r++) {
        if (r % 2) plugin.push(await once('plugin', n));
        bare.push(await once('bare', n));
        if (!(r % 2)) plugin.push(await once('plugin', n));
      }
      const bw = median(bare.map((x) => x.wall)),
        bc = median(bare.map((x) => x.cpu));
      const pw = median(plugin.map((x) => x.wall)),
        pc = median(plugin.map((x) => x.cpu));
      const cell = (w: number, c: number) => `${ms(w)} (CPU ${ms(c)})`.padStart(24);
      const all = median(plugin.map((x) => x.allBars));
      const ratio = `${(pw / bw).toFixed(2)}x / ${(pc / bc).toFixed(2)}x (was ${BASELINE.render.get(n) ?? '-'})`;
      console.log(
        `  ${n.toLocaleString('en').padEnd(9)}  ${cell(bw, bc)}   ${cell(pw, pc)}   ${ratio.padEnd(42)}  ${ms(all)} = ${(all / bw).toFixed(2)}x   (${load()})`,
      );
    }
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runChartBench().then(
    () => process.exit(0),
    (err: Error) => {
      console.error(err.stack ?? err.message);
      process.exit(1);
    },
  );
}
