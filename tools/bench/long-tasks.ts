/**
 * The long main-thread tasks of a page load in Chromium with a 4x throttled CPU (as Lighthouse's mobile profile), a
 * phone's viewport and agent, found in a performance trace (Tracing with the CPU profiler), until the page is quiet.
 */
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { longTasksOf, type LongTask, type TraceEvent } from './trace-tasks';

export const CPU_SLOWDOWN = 4;
/** How long the page is watched after its load event: the work after hydration lands in it. */
const WATCH_AFTER_LOAD_MS = 6000;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'toplevel',
];
/** Lighthouse's mobile device (a Moto G Power): its viewport and agent, so the server renders the phone page. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

export function launchTraceBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Loads `url` once (with `cookies` for its origin) and returns its main-thread tasks over `thresholdMs`. */
export async function traceLongTasks(browser: Browser, url: string, cookies: Record<string, string> = {}, thresholdMs = 50): Promise<LongTask[]> {
  const context = await browser.newContext(PHONE);
  try {
    const origin = new URL(url).origin;
    const jar = Object.entries(cookies).map(([name, value]) => ({ name, value, url: origin }));
    if (jar.length) await context.addCookies(jar);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES });
    let trace: Buffer;
    try {
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(WATCH_AFTER_LOAD_MS);
    } finally {
      trace = await browser.stopTracing();
    }
    const events = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    return longTasksOf(events, origin, resolve(import.meta.dirname, '../..', process.env.SHELL_DIST ?? 'dist', 'client'), thresholdMs);
  } finally {
    await context.close();
  }
}

const list = (figures: Array<{ what: string; ms: number }>) => figures.map((f) => `${f.what} ${f.ms.toFixed(0)}`).join('; ');

/**
 * A load's figures by CPU time (a busy machine stretches a task's duration, not its CPU time): the longest task, the
 * CPU time over 50 ms summed (the blocking time the page would have with nothing else running) and the JavaScript-only
 * longest task (one with application functions in it).
 */
function cpuFigures(tasks: LongTask[]): { longest: number; blocking: number; longestScript: number } {
  const cpus = tasks.map((t) => t.cpu);
  return {
    longest: Math.max(0, ...cpus),
    blocking: cpus.reduce((sum, cpu) => sum + Math.max(0, cpu - 50), 0),
    longestScript: Math.max(0, ...tasks.filter((t) => t.functions.length).map((t) => t.cpu)),
  };
}

/** Tasks listed per page: the longest ones. */
const LISTED = 6;

/** The lines describing one page's long tasks: a count, then the longest, each with its parts, functions and files. */
export function longTaskLines(tasks: LongTask[]): string[] {
  if (!tasks.length) return ['    no task over 50 ms'];
  const over100 = tasks.filter((t) => t.duration > 100).length;
  const longest = [...tasks].sort((a, b) => b.duration - a.duration).slice(0, LISTED);
  const cpu = cpuFigures(tasks);
  return [
    `    ${tasks.length} tasks over 50 ms, ${over100} over 100 ms; by CPU time: longest ${cpu.longest.toFixed(0)} ms, with application code ${cpu.longestScript.toFixed(0)} ms, over 50 ms summed ${cpu.blocking.toFixed(0)} ms; the ${longest.length} longest:`,
    ...longest.flatMap((t) => [
      `    ${t.duration.toFixed(0)} ms task (CPU ${t.cpu.toFixed(0)} ms) at ${t.start.toFixed(0)} ms: ${list(t.parts) || '(no trace event inside)'}`,
      ...(t.functions.length ? [`      in: ${list(t.functions)}`] : []),
      ...(t.files.length ? [`      own time by file: ${list(t.files)}`] : []),
    ]),
  ];
}
