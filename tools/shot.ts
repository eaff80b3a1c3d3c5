// A Chromium screenshot of a page: npx tsx tools/shot.ts <url> <out.png> [width] ['cookie=value;cookie2=value']
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
const [url, out, width = '1280', cookies = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const ctx = await browser.newContext({
  viewport: { width: Number(width), height: 900 },
  ...(Number(width) < 600
    ? {
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
        isMobile: true,
        hasTouch: true,
      }
    : {}),
});
if (cookies)
  await ctx.addCookies(
    cookies.split(';').map((c) => {
      const [name, value] = c.split('=');
      return { name, value, url: new URL(url).origin };
    }),
  );
const page = await ctx.newPage();
const logs: string[] = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
page.on('requestfailed', (r) => logs.push(`requestfailed: ${r.url()}`));
await page.goto(url, { waitUntil: 'load' });
await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15000 }).catch(() => {});
await page.waitForTimeout(800);
console.log('hydrated:', await page.evaluate(() => document.documentElement.dataset.hydrated));
await page.screenshot({ path: out, fullPage: true });
console.log(logs.join('\n'));
await browser.close();
