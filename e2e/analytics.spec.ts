import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, settled, site, test } from './support';

/** Events the fake collectors received for one page path. */
async function eventsFor(request: APIRequestContext, path: string) {
  const res = await request.get(`${site()}/api/web/v1/analytics/recent`);
  const all = (await res.json()).data as Array<{ kind: string; name: string; path: string; id: string; target?: string }>;
  return all.filter((e) => e.path === path);
}

test('main (no consent required, big data on, a pixel id): a page view to the three collectors, and tracked clicks', async ({ page, request }) => {
  const path = `/probe-${Date.now()}-main`;
  await page.goto(path);
  await hydrated(page);
  await expect
    .poll(async () => (await eventsFor(request, path)).map((e) => `${e.kind}:${e.name}:${e.id}`).sort())
    .toEqual(['analytics:page_view:G-4B8KX2M7QD', 'big-data:page_view:gate_main_web', 'pixel:page_view:1092683614771435']);
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('[data-track="header.nav.spot"]')!.addEventListener('click', (e) => e.preventDefault()));
  await page.locator('[data-track="header.nav.spot"]').click();
  await expect
    .poll(async () => (await eventsFor(request, path)).filter((e) => e.name === 'click').map((e) => e.target))
    .toEqual(['header.nav.spot', 'header.nav.spot', 'header.nav.spot']);
});

test('EU (consent required, no big data): nothing is collected until "Accept all"', async ({ page, request }) => {
  const path = `/probe-${Date.now()}-eu`;
  // Events carry the page's route path (without the locale prefix).
  await page.goto(`${site('eu')}/en-eu${path}`);
  await settled(page);
  expect(await eventsFor(request, path)).toEqual([]);
  await page
    .locator('[data-plugin="cookie-consent"]')
    .getByRole('button', { name: /accept all/i })
    .click();
  await expect.poll(async () => (await eventsFor(request, path)).map((e) => `${e.kind}:${e.name}`)).toEqual(['analytics:page_view']);
});
