import type { Page } from '@playwright/test';
import { collectErrors, expect, hydrated, logIn, site, test } from './support';

// The entry script is held by a route: a first visit, whose assets no service worker answers.
test.use({ freshContext: true });

/**
 * A click that lands before hydration is not lost. The entry script's response is held until after the
 * click, so the page is server-rendered HTML with no JavaScript when the button is clicked; the action must happen
 * once the page hydrates.
 */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/entry-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the page's start script has run (it ends the document and sets `window.__SHELL__`): the early-click
 * recorder and the held links are there, and the entry script, held, has not hydrated anything.
 */
async function startScriptRan(page: Page): Promise<void> {
  await page.waitForFunction(() => '__SHELL__' in window);
}

test('the theme switch clicked before hydration switches the theme once the page hydrates', async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdEntryScript(page);
  await page.goto(`${site()}/`, { waitUntil: 'commit' });
  await startScriptRan(page);
  const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
  await toggle.click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the Deposit button clicked before hydration opens the drawer once the page hydrates', async ({ page, context }) => {
  await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site() }]);
  await logIn(context);
  const release = await holdEntryScript(page);
  await page.goto(`${site()}/`, { waitUntil: 'commit' });
  await startScriptRan(page);
  await page.locator('[data-plugin="drawer"]').getByRole('button', { name: 'Deposit' }).click();
  release();
  await hydrated(page);
  await expect(page.getByRole('dialog', { name: 'Fund wallet' })).toBeVisible();
});

test("an EU coming-soon link clicked before hydration opens 'Stay tuned!' once legal is active, and the page stays", async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdEntryScript(page);
  await page.goto(`${site('eu')}/en-eu/`, { waitUntil: 'commit' });
  await startScriptRan(page);
  const link = page.getByRole('navigation').first().getByRole('link', { name: 'Copy Trading' });
  await link.click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  expect(new URL(page.url()).pathname).toBe('/en-eu/'); // held, not followed
  release();
  await hydrated(page);
  const modal = page.locator('[data-plugin="legal"] [role="dialog"]');
  await expect(modal).toContainText('Stay tuned!');
  expect(new URL(page.url()).pathname).toBe('/en-eu/');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a phone-width window's side-menu dropdown tapped before hydration opens once the page hydrates", async ({ page }) => {
  // A desktop agent: the server lays the page out for its 1280 px guess, and CSS shows the guess's dropdown here.
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 700, height: 800 });
  const release = await holdEntryScript(page);
  await page.goto(`${site()}/trade/BTC_USDT`, { waitUntil: 'commit' });
  await startScriptRan(page);
  const toggle = page.locator('.shell-sidemenu__dropdown-toggle');
  await expect(page.locator('aside.shell-sidemenu')).toBeHidden();
  await toggle.click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await hydrated(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.shell-sidemenu-dropdown nav')).toBeVisible();
  await expect(page.locator('aside.shell-sidemenu')).toHaveCount(0);
  expect(errors).toEqual([]);
});
