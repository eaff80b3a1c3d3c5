import type { AddressInfo } from 'node:net';
import { buildChartBenchPage } from './chart';
import { lighthouse, lighthouseAlternately, LH_VERSION, type LighthouseFigures, type LighthouseResult } from './lighthouse';
import { CPU_SLOWDOWN, launchTraceBrowser, longTaskLines, traceLongTasks } from './long-tasks';
import { serveStatic } from './static-server';

/** The Lighthouse targets of every page measured. */
export const LH_TARGETS = { score: 97, tbtMs: 150, longestTaskMs: 100, cls: 0.02 } as const;
/** Runs per page; each figure printed is the median of these. */
export const LH_RUNS = 5;

/**
 * The pages measured on main: home and a trade page as a visitor, the account security page logged in (a persona's
 * cookies). `chartBaseline`: measured alternately with its chart's baseline (bare lightweight-charts, `withTradeFloor`),
 * and traced after it.
 */
export const LH_PAGES: ReadonlyArray<{ name: string; path: string; cookies?: Record<string, string>; chartBaseline?: true }> = [
  { name: 'home (visitor)', path: '/' },
  { name: 'trade (visitor)', path: '/trade/BTC_USDT', chartBaseline: true },
  { name: 'security (logged in)', path: '/myaccount/security', cookies: { mock_scenario: 'verified-user', uid: '4242', nickname: 'bench' } },
];

const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const check = (ok: boolean) => (ok ? 'pass' : 'FAIL');

/** The lines of one page's medians, each beside its target. */
function pageLines(name: string, m: LighthouseFigures, runs: LighthouseFigures[]): string[] {
  const t = LH_TARGETS;
  return [
    `  ${name}: performance ${m.score} (>= ${t.score}: ${check(m.score >= t.score)}; runs ${runs.map((r) => r.score).join(', ')})`,
    `    TBT ${m.tbt.toFixed(0)} ms (<= ${t.tbtMs}: ${check(m.tbt <= t.tbtMs)})   longest task ${m.longestTask.toFixed(0)} ms (<= ${t.longestTaskMs}: ${check(m.longestTask <= t.longestTaskMs)}; runs ${runs.map((r) => r.longestTask.toFixed(0)).join(', ')})   CLS ${m.cls.toFixed(3)} (<= ${t.cls}: ${check(m.cls <= t.cls)})`,
    `    FCP ${s(m.fcp)}   LCP ${s(m.lcp)}   main-thread work ${s(m.mainThread)}   unused JavaScript ${kb(m.unusedJs)}   render-blocking: ${m.renderBlocking.length ? m.renderBlocking.map((u) => u.replace(/^https?:\/\/[^/]+/, '')).join(', ') : 'none'}`,
  ];
}

/** Measures every page of LH_PAGES on the shell at `port` and prints its figures (`note`: a busy-machine warning). */
export function printLighthouse(port: number, note: string, took: () => string): Promise<void> {
  // The trade page's chart baseline is built and served once, for both the Lighthouse runs and the traced loads.
  return withTradeFloor((floorUrl) => printWithBaseline(port, floorUrl, note, took));
}

async function printWithBaseline(port: number, floorUrl: string, note: string, took: () => string): Promise<void> {
  const lines: string[] = [];
  for (const page of LH_PAGES) {
    const url = `http://localhost:${port}${page.path}`;
    if (!page.chartBaseline) {
      const r = await lighthouse(url, LH_RUNS, page.cookies);
      lines.push(...pageLines(`${page.name} ${page.path}`, r.median, r.runs));
      continue;
    }
    const [r, floor] = await lighthouseAlternately({ url, cookies: page.cookies }, { url: floorUrl }, LH_RUNS);
    lines.push(...pageLines(`${page.name} ${page.path}`, r.median, r.runs), ...tradeFloorLines(floor));
  }
  console.log(`\nLighthouse ${LH_VERSION}, mobile (simulated throttling), main site, each figure the median of ${LH_RUNS} runs (took ${took()})`);
  process.stdout.write(note);
  for (const line of lines) console.log(line);
  await printLongTasks(port, floorUrl);
}

/**
 * Serves the trade page's chart baseline for `run`: bare lightweight-charts drawing what the trade page's chart shows
 * first on a phone, alone on a page (the chart's bench page, `?floor`).
 */
async function withTradeFloor<T>(run: (url: string) => Promise<T>): Promise<T> {
  const server = await serveStatic(await buildChartBenchPage());
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/?floor`);
  } finally {
    await new Promise((done) => server.close(done));
  }
}

/** The baseline's medians, printed under the trade page's: what a chart drawn on the main thread costs by itself. */
function tradeFloorLines({ median: m, runs }: LighthouseResult): string[] {
  return [
    `    its baseline, measured alternately: bare lightweight-charts alone on a page, the same chart at the same size (500 bars, volume, MACD): performance ${m.score} (runs ${runs.map((x) => x.score).join(', ')})`,
    `      TBT ${m.tbt.toFixed(0)} ms   longest task ${m.longestTask.toFixed(0)} ms (runs ${runs.map((x) => x.longestTask.toFixed(0)).join(', ')})   main-thread work ${s(m.mainThread)}`,
  ];
}

/** One load of each page in Chromium, CPU 4x slower, phone viewport: its main-thread tasks over 50 ms and their source. */
async function printLongTasks(port: number, floorUrl: string): Promise<void> {
  const browser = await launchTraceBrowser();
  try {
    console.log(`\nLong main-thread tasks, one load each in Chromium (CPU ${CPU_SLOWDOWN}x slower, watched 6 s after load; ms of the throttled CPU)`);
    for (const page of LH_PAGES) {
      console.log(`  ${page.name} ${page.path}`);
      for (const line of longTaskLines(await traceLongTasks(browser, `http://localhost:${port}${page.path}`, page.cookies))) console.log(line);
      if (!page.chartBaseline) continue;
      console.log(`  its baseline: bare lightweight-charts alone on a page, the same chart`);
      for (const line of longTaskLines(await traceLongTasks(browser, floorUrl))) console.log(line);
    }
  } finally {
    await browser.close();
  }
}
