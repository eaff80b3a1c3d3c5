import type { AddressInfo } from 'node:net';
import { buildChartBenchPage } from './chart';
import { lighthouseAlternately, LH_VERSION, type LighthouseFigures, type LighthouseResult } from './lighthouse';
import { CPU_SLOWDOWN, launchTraceBrowser, longTaskLines, traceLongTasks } from './long-tasks';
import { serveStatic } from './static-server';
import { buildFloorPages, type FloorPages } from './lighthouse-floor';

/** The Lighthouse targets of every page measured. */
export const LH_TARGETS = { score: 97, tbtMs: 150, longestTaskMs: 100, cls: 0.02 } as const;
/** The targets against a page's baseline measured in the same run: at most this many points and ms of TBT behind. */
export const BASELINE_TARGETS = { points: 3, tbtMs: 100 } as const;
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

/** The pages measured this run: LH_ONLY (a comma-separated list of names' first words, e.g. `trade`) narrows LH_PAGES. */
const measured = () => {
  const only = process.env.LH_ONLY?.split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  return only?.length ? LH_PAGES.filter((p) => only.includes(p.name.split(' ')[0])) : LH_PAGES;
};

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
export async function printLighthouse(port: number, note: string, took: () => string): Promise<void> {
  // Each page's baseline is built and served once: the other pages' React floor, and the trade page's chart baseline,
  // for both the Lighthouse runs and the traced loads.
  const floors = await buildFloorPages(
    port,
    measured()
      .filter((p) => !p.chartBaseline)
      .map((p) => ({ file: floorFile(p.path), path: p.path, cookies: p.cookies })),
  );
  try {
    await withTradeFloor((floorUrl) => printWithBaseline(port, floorUrl, floors, note, took));
  } finally {
    await floors.close();
  }
}

const floorFile = (path: string) => (path === '/' ? 'home' : path.replace(/\W+/g, '-').replace(/^-|-$/g, ''));

async function printWithBaseline(port: number, floorUrl: string, floors: FloorPages, note: string, took: () => string): Promise<void> {
  const lines: string[] = [];
  for (const page of measured()) {
    const url = `http://localhost:${port}${page.path}`;
    const floor = page.chartBaseline ? { url: floorUrl } : floors.pages.get(floorFile(page.path))!;
    const [r, base] = await lighthouseAlternately({ url, cookies: page.cookies }, { url: floor.url }, LH_RUNS);
    lines.push(...pageLines(`${page.name} ${page.path}`, r.median, r.runs));
    lines.push(...(page.chartBaseline ? tradeFloorLines(base) : reactFloorLines(base, floors.pages.get(floorFile(page.path))!.size)));
    lines.push(...againstBaseline(r.median, base.median, !!page.chartBaseline));
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

/** The React floor's medians, printed under its page's. */
function reactFloorLines({ median: m, runs }: LighthouseResult, size: { elements: number; bytes: number; scriptBytes: number }): string[] {
  return [
    `    its baseline, measured alternately: bare React hydrating a page of the same HTML (${size.elements} elements, ${kb(size.bytes)}, ${kb(size.scriptBytes)} of inline script): performance ${m.score} (runs ${runs.map((x) => x.score).join(', ')})`,
    `      TBT ${m.tbt.toFixed(0)} ms   longest task ${m.longestTask.toFixed(0)} ms (runs ${runs.map((x) => x.longestTask.toFixed(0)).join(', ')})   main-thread work ${s(m.mainThread)}`,
  ];
}

/** The page against its baseline: points and TBT behind it (and for the trade page, its longest task against the baseline's). */
function againstBaseline(page: LighthouseFigures, base: LighthouseFigures, chart: boolean): string[] {
  const t = BASELINE_TARGETS;
  const points = base.score - page.score;
  const tbt = page.tbt - base.tbt;
  const parts = [
    `${points === 0 ? 'level' : `${Math.abs(points)} point${Math.abs(points) === 1 ? '' : 's'} ${points > 0 ? 'behind' : 'ahead'}`} (within ${t.points}: ${check(points <= t.points)})`,
    `TBT ${tbt >= 0 ? '+' : ''}${tbt.toFixed(0)} ms (within ${t.tbtMs}: ${check(tbt <= t.tbtMs)})`,
  ];
  if (chart)
    parts.push(
      `longest task ${page.longestTask.toFixed(0)} against ${base.longestTask.toFixed(0)} ms (no longer: ${check(page.longestTask <= base.longestTask)})`,
    );
  return [`    against its baseline: ${parts.join('   ')}`];
}

/** One load of each page in Chromium, CPU 4x slower, phone viewport: its main-thread tasks over 50 ms and their source. */
async function printLongTasks(port: number, floorUrl: string): Promise<void> {
  const browser = await launchTraceBrowser();
  try {
    console.log(`\nLong main-thread tasks, one load each in Chromium (CPU ${CPU_SLOWDOWN}x slower, watched 6 s after load; ms of the throttled CPU)`);
    for (const page of measured()) {
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
