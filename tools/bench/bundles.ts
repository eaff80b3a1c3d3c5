import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { REGION_KEYS } from '../../core/config/region';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Per region: the JavaScript a first visit to home downloads, measured in Chromium, as gzip bytes. */
export async function measureBundles(port: number): Promise<Array<{ region: string; files: number; raw: number; gzip: number }>> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ARGS });
  const out = [];
  try {
    for (const region of REGION_KEYS) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map<string, Buffer>();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script' || !res.ok()) return;
        try {
          scripts.set(res.url(), await res.body());
        } catch {
          /* body gone with a navigation */
        }
      });
      const host = region === 'main' ? 'localhost' : `${region}.localhost`;
      // page.goto follows the regional sites' redirect to their default locale (/en-us/, /en-eu/, …).
      await page.goto(`http://${host}:${port}/`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 }).catch(() => {});
      const bodies = [...scripts.values()];
      out.push({
        region,
        files: bodies.length,
        raw: bodies.reduce((n, b) => n + b.length, 0),
        gzip: bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
