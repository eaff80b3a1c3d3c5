import type { Page } from '@playwright/test';
import { collectErrors, expect, hydrated, settled, site, test } from './support';

/**
 * Issue 10: pages served with their views' chunks named in the head and their CSS inline hydrate without a mismatch
 * or error, and nothing moves once painted (layout shifts summed as CLS counts them, without recent input).
 */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

test('the trade page draws the chart with no layout shift and hydrates without an error', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${site()}/trade/BTC_USDT`);
  await hydrated(page);
  await expect(page.locator('[data-ready="true"]').first()).toBeVisible({ timeout: 20_000 });
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  expect(errors).toEqual([]);
});

for (const [name, width] of [
  ['desktop', 1280],
  ['mobile', 390],
] as const) {
  test(`home (${name}) paints from the inline CSS without fetching the page's stylesheets, shifts nothing, hydrates cleanly`, async ({ page }) => {
    const errors = collectErrors(page);
    const sheets: string[] = [];
    page.on('request', (r) => r.resourceType() === 'stylesheet' && sheets.push(new URL(r.url()).pathname));
    await page.setViewportSize({ width, height: 800 });
    const res = await page.goto(`${site()}/`);
    const html = (await res?.text()) ?? '';
    await settled(page);
    const linked = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled=""\/>/g)].map((m) => m[1]);
    expect(linked.length).toBeGreaterThan(0);
    expect(html).toContain('<style id="shell-css">');
    expect(sheets.filter((s) => linked.includes(s))).toEqual([]);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    expect(errors).toEqual([]);
  });
}

test('home names only the chunks of the plugins its first render shows; the others activate after hydration', async ({ page }) => {
  const errors = collectErrors(page);
  const collected = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/analytics/collect'));
  const res = await page.goto(`${site()}/`);
  const html = await res!.text();
  const firstRender = await page.evaluate(() => (window as unknown as { __SHELL__: { firstRender: string[] } }).__SHELL__.firstRender);
  expect(firstRender).toContain('home');
  // Plugins that show nothing on a visitor's home: the trade page's, and analytics (an effect, no view).
  for (const id of ['chart', 'analytics']) {
    expect(firstRender).not.toContain(id);
    expect(html).not.toMatch(new RegExp(`rel="modulepreload" href="/assets/${id}-`));
  }
  await hydrated(page);
  await collected; // analytics, activated after hydration, sends the page view
  await settled(page);
  expect(errors).toEqual([]);
});
