/**
 * Lighthouse 12 (mobile, simulated throttling, performance only) on a page, RUNS runs, each figure's median. Drives
 * Debian's Chromium: a fresh profile per run, started through Playwright so a logged-in page can have its cookies
 * before Lighthouse connects (`--port`); Lighthouse keeps cookies when it clears the origin's storage. Each run ~30 s here.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { browserPid, untilBrowserSettled } from './settled-browser';

const BIN = resolve(import.meta.dirname, '../../node_modules/lighthouse/cli/index.js');
export const LH_VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../node_modules/lighthouse/package.json'), 'utf8')) as { version: string })
  .version;
/** A run that takes longer is stopped (its Chromium too). */
const RUN_TIMEOUT_MS = 180_000;

export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The longest main-thread task (ms, as the `long-tasks` audit simulates it; 0 when none reaches 50 ms). */
  longestTask: number;
  /** Main-thread work in all (ms, `mainthread-work-breakdown`). */
  mainThread: number;
  /** "Reduce unused JavaScript": bytes it says could be saved (transfer size). */
  unusedJs: number;
  /** Render-blocking resources it lists. */
  renderBlocking: string[];
}

interface Audit {
  numericValue?: number;
  details?: { overallSavingsBytes?: number; items?: Array<{ url?: string; duration?: number }> };
}

/** A free loopback port for Chromium's DevTools endpoint. */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

/** Runs the Lighthouse CLI against the Chromium listening on `port`; the report's JSON. */
function runCli(url: string, port: number, out: string): Promise<void> {
  return new Promise<void>((ok, fail) => {
    // Kept reports come with the run's trace (`--save-assets`), to read its observed tasks afterwards.
    const assets = process.env.LH_REPORTS ? ['--save-assets'] : [];
    const child = spawn(
      process.execPath,
      [BIN, url, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${out}`, `--port=${port}`, ...assets],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) ok();
      else fail(new Error(`lighthouse exited ${code ?? signal}: ${err.slice(-500)}`));
    });
  });
}

function figures(report: string): LighthouseFigures {
  const lhr = JSON.parse(readFileSync(report, 'utf8')) as { categories: { performance: { score: number } }; audits: Record<string, Audit> };
  const a = lhr.audits;
  const tasks = (a['long-tasks']?.details?.items ?? []).map((i) => i.duration ?? 0);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: a['first-contentful-paint']?.numericValue ?? NaN,
    lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: a['total-blocking-time']?.numericValue ?? NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    longestTask: Math.max(0, ...tasks),
    mainThread: a['mainthread-work-breakdown']?.numericValue ?? NaN,
    unusedJs: a['unused-javascript']?.details?.overallSavingsBytes ?? 0,
    renderBlocking: (a['render-blocking-resources']?.details?.items ?? []).map((i) => i.url ?? '').filter(Boolean),
  };
}

/** Lighthouse's own trace failures (`NO_NAVSTART`): the run is made again, and the retry is printed. */
const TOOL_FAILURE = /Runtime error encountered: Something went wrong with recording the trace|NO_NAVSTART/;
const ATTEMPTS = 3;

async function runOnce(url: string, cookies: Record<string, string>): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runInFreshBrowser(url, cookies);
    } catch (err) {
      if (attempt >= ATTEMPTS || !TOOL_FAILURE.test((err as Error).message)) throw err;
      console.log(`  (Lighthouse failed to record ${url}, attempt ${attempt} of ${ATTEMPTS}: run again)`);
    }
  }
}

/** One run on `url` in a fresh Chromium profile holding `cookies` (name → value) for the page's origin. */
async function runInFreshBrowser(url: string, cookies: Record<string, string>): Promise<LighthouseFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'shell-lh-'));
  const port = await freePort();
  // viewport null: no Playwright emulation beside Lighthouse's own (mobile).
  const profile = join(dir, 'profile');
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    viewport: null,
  });
  try {
    await settle(profile);
    const origin = new URL(url).origin;
    const jar = Object.entries(cookies).map(([name, value]) => ({ name, value, url: origin }));
    if (jar.length) await browser.addCookies(jar);
    const report = join(dir, 'report.json');
    await runCli(url, port, report);
    keepReport(report, url);
    return figures(report);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lets the browser finish starting up before the run (settled-browser.ts); says so when it did not within the limit. */
async function settle(profile: string): Promise<void> {
  const pid = browserPid(profile);
  if (pid === null) throw new Error(`no Chromium process found for the profile ${profile}`);
  const { waitedMs, settled } = await untilBrowserSettled(pid);
  if (!settled) console.log(`  (Chromium was still busy ${Math.round(waitedMs / 1000)} s after it started: measured as it is)`);
}

/**
 * LH_REPORTS=dir keeps each run's report there (named by page and time), with its trace beside it (`.trace.json`, what
 * Lighthouse observed before simulating), to read a run's tasks afterwards.
 */
function keepReport(report: string, url: string): void {
  const dir = process.env.LH_REPORTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = join(dir, `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}`);
  copyFileSync(report, `${name}.json`);
  const trace = report.replace(/\.json$/, '-0.trace.json');
  if (existsSync(trace)) copyFileSync(trace, `${name}.trace.json`);
}

const median = (values: number[]) => {
  const v = [...values].sort((x, y) => x - y);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

/** Every run's figures and each figure's median (render-blocking resources: the median-score run's). */
export interface LighthouseResult {
  runs: LighthouseFigures[];
  median: LighthouseFigures;
}

/** Runs Lighthouse `runs` times on `url` (with `cookies`, for a logged-in page); each figure's median. */
export async function lighthouse(url: string, runs = 5, cookies: Record<string, string> = {}): Promise<LighthouseResult> {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(url, cookies));
  return medians(all);
}

/**
 * Runs Lighthouse `runs` times on each of two pages, one after the other (a, b, a, b, …), so a page and its baseline
 * see the same machine; each page's medians.
 */
export async function lighthouseAlternately(
  a: { url: string; cookies?: Record<string, string> },
  b: { url: string; cookies?: Record<string, string> },
  runs = 5,
): Promise<[LighthouseResult, LighthouseResult]> {
  const ofA: LighthouseFigures[] = [];
  const ofB: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    ofA.push(await runOnce(a.url, a.cookies ?? {}));
    ofB.push(await runOnce(b.url, b.cookies ?? {}));
  }
  return [medians(ofA), medians(ofB)];
}

function medians(all: LighthouseFigures[]): LighthouseResult {
  const byScore = [...all].sort((x, y) => x.score - y.score)[Math.floor(all.length / 2)];
  const m = (f: (r: LighthouseFigures) => number) => median(all.map(f));
  return {
    runs: all,
    median: {
      score: m((r) => r.score),
      fcp: m((r) => r.fcp),
      lcp: m((r) => r.lcp),
      tbt: m((r) => r.tbt),
      cls: m((r) => r.cls),
      longestTask: m((r) => r.longestTask),
      mainThread: m((r) => r.mainThread),
      unusedJs: m((r) => r.unusedJs),
      renderBlocking: byScore.renderBlocking,
    },
  };
}
