import { lighthouse, LH_VERSION, type LighthouseFigures } from './lighthouse';
import { CPU_SLOWDOWN, launchTraceBrowser, longTaskLines, traceLongTasks } from './long-tasks';

/** The Lighthouse targets of every page measured. */
export const LH_TARGETS = { score: 97, tbtMs: 150, longestTaskMs: 100, cls: 0.02 } as const;
/** Runs per page; each figure printed is the median of these. */
export const LH_RUNS = 5;

/** The pages measured on main: home and a trade page as a visitor, the account security page logged in (a persona's cookies). */
export const LH_PAGES: ReadonlyArray<{ name: string; path: string; cookies?: Record<string, string> }> = [
  { name: 'home (visitor)', path: '/' },
  { name: 'trade (visitor)', path: '/trade/BTC_USDT' },
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
export async function printLighthouse(port: number, note: string, took: () => string): Promise<void> {
  const lines: string[] = [];
  for (const page of LH_PAGES) {
    const r = await lighthouse(`http://localhost:${port}${page.path}`, LH_RUNS, page.cookies);
    lines.push(...pageLines(`${page.name} ${page.path}`, r.median, r.runs));
  }
  console.log(`\nLighthouse ${LH_VERSION}, mobile (simulated throttling), main site, each figure the median of ${LH_RUNS} runs (took ${took()})`);
  process.stdout.write(note);
  for (const line of lines) console.log(line);
  await printLongTasks(port);
}

/** One load of each page in Chromium, CPU 4x slower, phone viewport: its main-thread tasks over 50 ms and their source. */
async function printLongTasks(port: number): Promise<void> {
  const browser = await launchTraceBrowser();
  try {
    console.log(`\nLong main-thread tasks, one load each in Chromium (CPU ${CPU_SLOWDOWN}x slower, watched 6 s after load; ms of the throttled CPU)`);
    for (const page of LH_PAGES) {
      console.log(`  ${page.name} ${page.path}`);
      for (const line of longTaskLines(await traceLongTasks(browser, `http://localhost:${port}${page.path}`, page.cookies))) console.log(line);
    }
  } finally {
    await browser.close();
  }
}
