import type { Page } from '@playwright/test';
import { builtOwners } from '../tools/budgets';
import { beforeHydration, collectErrors, expect, hydrated, settled, site, test } from './support';

// First renders: first visits, with nothing cached.
test.use({ freshContext: true });

/**
 * Pages served with their views' chunks named in the head and their CSS inline hydrate without a mismatch
 * or error, and nothing moves once painted (layout shifts summed as CLS counts them, without recent input).
 */
async function layoutShift(page: Page): Promise<{ cls: number; shifts: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ cls: number; shifts: string[] }>((resolve) => {
        let cls = 0;
        const shifts: string[] = [];
        // Each shift with what moved (element, class, from and to), so a failure names its cause.
        type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        const name = (n: Node | null | undefined) => (n instanceof Element ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}` : String(n?.nodeName));
        const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] }>) {
            if (e.hadRecentInput) continue;
            cls += e.value;
            shifts.push(
              `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${e.sources.map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`).join('; ')}`,
            );
          }
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve({ cls, shifts })));
      }),
  );
}

/** Asserts the page's layout shifts sum to at most `limit`, naming each shift when they do not. */
async function expectStill(page: Page, limit = 0.02) {
  const { cls, shifts } = await layoutShift(page);
  expect(cls, shifts.join('\n')).toBeLessThanOrEqual(limit);
}

// A desktop agent: the server lays the page out for 1280 px; at 700 and 390 px the window is the side menu's dropdown band.
for (const width of [1280, 700, 390]) {
  test(`the trade page at ${width} px draws the chart with no layout shift and hydrates without an error`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${site()}/trade/BTC_USDT`);
    await hydrated(page);
    await expect(page.locator('[data-ready="true"]').first()).toBeVisible({ timeout: 20_000 });
    await expectStill(page);
    expect(errors).toEqual([]);
  });
}

/** Where the HTML parser may stop and paint: just after the `count`-th bar of the chart's skeleton. */
function cutAfterSkeletonBars(html: string, count: number): string {
  let at = html.indexOf('class="chart-skeleton__bars"');
  for (let i = 0; i < count; i++) at = html.indexOf('</span>', at) + '</span>'.length;
  return html.slice(0, at);
}

test.describe('a page painted half parsed', () => {
  test.use({ javaScriptEnabled: false });

  test("the chart's skeleton has its final geometry before its last bar and pane are parsed", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const url = `${site()}/trade/BTC_USDT`;
    const html = await (await page.request.get(url)).text();
    const geometry = async (body: string) => {
      await page.route(url, (route) => route.fulfill({ body, contentType: 'text/html; charset=utf-8' }), { times: 1 });
      await page.goto(url);
      return page
        .locator('.chart-skeleton__bars span')
        .first()
        .evaluate((bar) => bar.getBoundingClientRect().toJSON());
    };
    const half = await geometry(cutAfterSkeletonBars(html, 3));
    expect(await page.locator('.chart-skeleton__bars span').count()).toBe(3);
    expect(half).toEqual(await geometry(html));
  });
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
    const linked = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled="" type="text\/x-inlined"\/>/g)].map((m) => m[1]);
    expect(linked.length).toBeGreaterThan(0);
    expect(html).toContain('<style id="shell-css">');
    expect(sheets.filter((s) => linked.includes(s))).toEqual([]);
    await expectStill(page);
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

/**
 * Loads home and checks the part at `selector`, whose code is the chunk `chunk`: that chunk is not named in the HTML,
 * and once it arrives the element the server sent is the one React hydrates (adopted, not replaced). Returns the HTML.
 */
async function expectHydratedInPlace(page: Page, selector: string, chunk: RegExp): Promise<string> {
  const chunkResponse = page.waitForResponse((r) => chunk.test(new URL(r.url()).pathname));
  await beforeHydration(page, (sel) => ((window as unknown as { serverPart: Element | null }).serverPart = document.querySelector(sel)), selector);
  const html = (await (await page.goto(`${site()}/`))!.text()) ?? '';
  expect(html).not.toContain(new URL((await chunkResponse).url()).pathname);
  await hydrated(page);
  await page.waitForFunction((sel) => {
    const part = document.querySelector(sel);
    return !!part && Object.keys(part).some((k) => k.startsWith('__reactFiber'));
  }, selector);
  const serverPart = await page.evaluate((sel) => (window as unknown as { serverPart: Element | null }).serverPart === document.querySelector(sel), selector);
  expect(serverPart).toBe(true);
  return html;
}

test('the footer is in the HTML, its code is not named for hydration, and it hydrates in place once that code arrives', async ({ page }) => {
  const errors = collectErrors(page);
  const html = await expectHydratedInPlace(page, 'footer.shell-footer', /\/assets\/Footer-[\w-]+\.js$/);
  expect(html).toContain('<footer class="shell-footer"');
  await settled(page);
  expect(errors).toEqual([]);
});

test("home's sections below the fold are in the HTML with their CSS, their views' code is not named, and they hydrate in place", async ({ page }) => {
  const errors = collectErrors(page);
  const html = await expectHydratedInPlace(page, '.home-stats', /\/assets\/HomeStatsSection-[\w-]+\.js$/);
  expect(html).toContain('<section class="home-stats"');
  expect(html).toMatch(/\.home-stats\b[^{]*\{/); // its CSS is inline
  expect(html).toMatch(/rel="modulepreload" href="\/assets\/home-/); // the plugin itself is activated before hydrating
  await settled(page);
  expect(errors).toEqual([]);
});

test("a visitor's home never loads the plugins with nothing to do there; an invite in the address brings the referral plugin", async ({ page, context }) => {
  const errors = collectErrors(page);
  const owners = builtOwners();
  const loaded = new Set<string>();
  page.on('request', (r) => {
    const owner = owners.get(new URL(r.url()).pathname.slice(1));
    if (r.resourceType() === 'script' && owner) loaded.add(owner);
  });
  const serverOnly = () => page.evaluate(() => (window as unknown as { __SHELL__: { serverOnly: string[] } }).__SHELL__.serverOnly);

  const html = (await (await page.goto(`${site()}/`))!.text()) ?? '';
  await settled(page);
  const skipped = await serverOnly();
  // Pages only (chart, growth tabs, 404), logged-in features (kyc, fund password, bell, deposit drawer, the IP check,
  // the legal dialogs where no coming-soon link is held), the app bridge outside the app, invites where the address
  // has none.
  expect([...skipped].sort()).toEqual([
    'chart',
    'deep-links',
    'drawer',
    'fund-password',
    'growth-tabs',
    'ip-check',
    'kyc',
    'legal',
    'not-found',
    'notifications',
    'referral',
  ]);
  expect([...loaded].filter((owner) => skipped.includes(owner))).toEqual([]);
  expect(loaded).toContain('compliance'); // the other plugins still activate after hydration
  // Nor is their CSS in the page (it would style nothing); that of plugins activated after hydration is.
  const inlined = [...html.matchAll(/<link rel="stylesheet" href="\/([^"]+)" disabled=""/g)].map((m) => owners.get(m[1]));
  expect(inlined).toContain('marketing');
  expect(inlined.filter((owner) => owner && skipped.includes(owner))).toEqual([]);

  loaded.clear();
  await page.goto(`${site()}/?ref=AB12CD&ref_type=1`);
  await settled(page);
  expect(await serverOnly()).not.toContain('referral');
  expect(loaded).toContain('referral');
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'ref_uid')?.value).toBe('AB12CD');
  expect(errors).toEqual([]);
});
