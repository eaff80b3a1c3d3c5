import type { BrowserContext, Page } from '@playwright/test';
import { expect, PORT, settled, site, test } from './support';

/**
 * The anti-phishing warning (host/app/PhishingWarning.tsx): a copy of the site served at another address, as a
 * phishing proxy serves it, warns in the browser; the site's own addresses never do.
 */

const PHISHING_ORIGIN = 'http://gate-login.example';

/**
 * Serves every request to the phishing origin from a region's real site, as a reverse proxy in front of it would
 * (from Node, which cannot resolve *.localhost: to the loopback address, with the region's Host).
 */
async function phishingProxy(context: BrowserContext, region = 'main') {
  const host = new URL(site(region)).host;
  await context.route(`${PHISHING_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const headers = { ...route.request().headers(), host };
    const response = await route.fetch({ url: `http://127.0.0.1:${PORT}${url.pathname}${url.search}`, headers, maxRedirects: 0 });
    await route.fulfill({ response });
  });
}

/** Every plugin loaded and started (what shows after hydration, the warning among it, is in the page). */
async function startedUp(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('shell:started').length > 0);
  await settled(page);
}

const warning = (page: Page) => page.getByRole('alert').filter({ hasText: 'This may be a phishing site.' });

test.describe('anti-phishing warning', () => {
  // The proxy's requests still under way when a test ends are answered before the next test has the tab.
  test.afterEach(({ context }) => context.unrouteAll({ behavior: 'wait' }));

  test('a copy of the site behind another address names that address and the official domains, above the header', async ({ page, context }) => {
    await phishingProxy(context);
    await page.goto(`${PHISHING_ORIGIN}/`);
    const alert = warning(page);
    await expect(alert).toBeVisible();
    // The names sit in Unicode isolates (kept whole in right-to-left text), which the reader does not see.
    const text = (await alert.textContent())!.replace(/[\u2068\u2069]/g, '');
    expect(text).toContain('You are on gate-login.example, which is not an official Gate address. Gate is only at gate.com, gate.io');
    const [bar, header] = [await alert.boundingBox(), await page.getByRole('banner').boundingBox()];
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(header!.y + 1);
  });

  test('it wraps within a 390 px screen, in Arabic right to left', async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await phishingProxy(context, 'ae');
    await page.goto(`${PHISHING_ORIGIN}/ar-dubai/`);
    const alert = page.getByRole('alert').filter({ hasText: 'gate.ae' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('قد يكون هذا موقع تصيّد احتيالي.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await alert.boundingBox())!.width).toBeLessThanOrEqual(390);
  });

  test("the site's own addresses show no warning once every plugin has started", async ({ page }) => {
    for (const region of ['main', 'eu']) {
      await page.goto(`${site(region)}/`);
      await startedUp(page);
      await expect(page.locator('.shell-phishing')).toHaveCount(0);
    }
  });
});
