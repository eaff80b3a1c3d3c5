import type { Page } from '@playwright/test';
import { collectErrors, expect, hydrated, site, test } from './support';

/** The 404 page's links as spec 000 §2 and 001 §2 write them, per region; the download guide's more button. */

const hrefs = (page: Page, selector: string) => page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href')));

test('the shell 404 (main, Chinese): only the trade link and the way home carry the language prefix', async ({ page }) => {
  const res = await page.goto('/zh/no-such-page');
  expect(res?.status()).toBe(404);
  const nf = page.locator('[data-plugin="not-found"]');
  await expect(nf.locator('.not-found__hero')).toBeVisible();
  expect(await hrefs(page, '[data-plugin="not-found"] .not-found__cols a')).toEqual([
    '/zh/trade/BTC_USDT',
    '/futures/USDT/BTC_USDT',
    '/alpha',
    '/etf',
    '/convert/USDT/BTC',
    '/buy-sell-crypto',
    '/copytrading',
    '/price',
    '/crypto-market-data',
    '/price-prediction',
    '/how-to-buy',
    '/converter',
    '/news',
    '/learn',
    '/blog',
    '/crypto-wiki',
    '/learn/glossary',
    '/upcoming-event',
    '/help',
  ]);
  expect(await hrefs(page, '[data-plugin="not-found"] .not-found__stories a')).toEqual([
    '/explore/bitcoin-halving-countdown',
    '/explore/ordi',
    '/explore/copy-trading',
  ]);
  await expect(nf.locator('a.shell-btn')).toHaveAttribute('href', '/zh/');
  await page.screenshot({ path: '/tmp/h8-404-shell-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/h8-404-shell-390.png', fullPage: true });
});

test('the UK site selects the module 404: live, NFT and post under the locale prefix, the stories bare', async ({ page }) => {
  const errors = collectErrors(page);
  const res = await page.goto(`${site('uk')}/en-uk/no-such-page`);
  // The document itself answers 404 (Chromium logs that): any other error counts.
  const isPageStatus = (e: string) => e.includes('status of 404');
  expect(res?.status()).toBe(404);
  await hydrated(page);
  const nf = page.locator('[data-plugin="not-found"] .not-found--module');
  await expect(nf.getByRole('heading', { level: 1 })).toBeVisible();
  const [helpful, stories] = await nf
    .locator('.not-found__list')
    .evaluateAll((lists) => lists.map((l) => [...l.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])));
  expect(helpful).toEqual([
    ['/en-uk/learn', 'Learn'],
    ['/en-uk/blog', 'Blog'],
    ['/en-uk/live', 'Live'],
    ['/en-uk/nft', 'NFT'],
    ['/en-uk/post', 'Posts'],
    ['/en-uk/price', 'Prices'],
    ['/en-uk/how-to-buy', 'How to buy'],
  ]);
  expect(stories).toEqual([
    ['/explore/bitcoin-halving-countdown', 'Bitcoin halving countdown'],
    ['/explore/copy-trading', 'Copy trading explained'],
    ['/explore/ordi', 'What is ORDI?'],
  ]);
  await expect(nf.locator('a.shell-btn')).toHaveAttribute('href', '/en-uk/');
  await page.screenshot({ path: '/tmp/h8-404-module-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/h8-404-module-390.png', fullPage: true });
  expect(errors.filter((e) => !isPageStatus(e))).toEqual([]);
});

for (const width of [1280, 390]) {
  test(`the download page's guides show their more button, which leads to the direct downloads (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/appdownload');
    await hydrated(page);
    const more = page.locator('[data-plugin="app-bar"] .app-guide__more');
    await expect(more).toHaveCount(3);
    for (const button of await more.all()) {
      await expect(button).toBeVisible();
      await expect(button).toHaveText('More download options');
      await expect(button).toHaveAttribute('href', '#direct-downloads');
    }
    // Each button stays inside its card, and the page never scrolls sideways.
    for (const card of await page.locator('.app-guide').all()) {
      const [box, button] = [await card.boundingBox(), await card.locator('.app-guide__more').boundingBox()];
      expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/h8-guide-${width}.png`, fullPage: true });
    await more.first().click();
    await expect(page).toHaveURL(`${site()}/appdownload#direct-downloads`);
    const direct = page.getByRole('heading', { level: 2, name: 'Direct downloads' });
    await expect(direct).toBeInViewport();
    // Below the sticky header, not under it.
    const header = await page.locator('header.shell-header').boundingBox();
    expect((await direct.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await expect(page.getByRole('link', { name: 'App Store' })).toBeInViewport();
  });
}
