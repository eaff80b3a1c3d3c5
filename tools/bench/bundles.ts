import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { REGION_KEYS } from '../../core/config/region';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/** JavaScript of one first visit: every script (all) and those the document names (critical). */
export interface ScriptFigures {
  files: number;
  raw: number;
  /** gzip -9 of each body, summed. */
  gzip: number;
  /** Scripts the HTML names (`<script src>` and `<link rel="modulepreload">`): what the first render waits for. */
  critical: { files: number; gzip: number };
}

export const launchBenchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** Script URLs a document names: `<script src>` and `<link rel="modulepreload" href>`, resolved against `base`. */
export function namedScripts(html: string, base: string): Set<string> {
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const ref = new RegExp(`\\b${isScript ? 'src' : 'href'}=["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (ref) urls.add(new URL(ref.replace(/&amp;/g, '&'), base).href);
  }
  return urls;
}

/** Loads `url` in a fresh context until hydrated (or 15 s) and network-idle; sums the JavaScript it downloaded. */
export async function measureScripts(browser: Browser, url: string): Promise<ScriptFigures> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  let html = '';
  let docUrl = url;
  page.on('response', async (res) => {
    if (!res.ok()) return;
    const type = res.request().resourceType();
    try {
      if (type === 'script') scripts.set(res.url(), await res.body());
      else if (type === 'document' && res.request().frame() === page.mainFrame()) {
        docUrl = res.url();
        html = await res.text();
      }
    } catch {
      /* body gone with a navigation */
    }
  });
  try {
    // page.goto follows the regional sites' redirect to their default locale (/en-us/, /en-eu/, …).
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 }).catch(() => {});
    await page.waitForLoadState('networkidle');
  } finally {
    await context.close();
  }
  const named = namedScripts(html, docUrl);
  const gz = new Map([...scripts].map(([u, b]) => [u, gzipSync(b, { level: 9 }).length]));
  const critical = [...gz].filter(([u]) => named.has(u));
  return {
    files: scripts.size,
    raw: [...scripts.values()].reduce((n, b) => n + b.length, 0),
    gzip: [...gz.values()].reduce((n, b) => n + b, 0),
    critical: { files: critical.length, gzip: critical.reduce((n, [, b]) => n + b, 0) },
  };
}

/** Per region: the JavaScript a first visit to home downloads, measured in Chromium, as gzip bytes. */
export async function measureBundles(port: number, browser?: Browser): Promise<Array<ScriptFigures & { region: string }>> {
  const own = browser ?? (await launchBenchBrowser());
  const out = [];
  try {
    for (const region of REGION_KEYS) {
      const host = region === 'main' ? 'localhost' : `${region}.localhost`;
      out.push({ region, ...(await measureScripts(own, `http://${host}:${port}/`)) });
    }
  } finally {
    if (!browser) await own.close();
  }
  return out;
}
