import type { Page } from '@playwright/test';
import { expect, hydrated, settled, site, test, useScenario } from './support';

/**
 * The compliance limit modal counts a show when it is seen (spec 001 §4, §9): on /login it waits in the modal queue
 * behind the login dialog, uncounted, and is counted once it comes to the front.
 */

const COUNTER = 'compliance_limit_modal_login';
const loginDialog = (page: Page) => page.locator('[data-plugin="auth"] [role="dialog"]');
const limitModal = (page: Page) => page.locator('[data-plugin="compliance"] [role="dialog"]');
const shownToday = (page: Page) => page.evaluate((key) => localStorage.getItem(key), COUNTER);

/**
 * Opens /login and waits until the limit modal has joined the queue: the plugin asks for the business check right
 * after deciding it (one synchronous start), then until the page is quiet (the modal's code has arrived too).
 */
async function openLogin(page: Page) {
  const business = page.waitForResponse((r) => r.url().includes('/compliance/business-check'));
  await page.goto('/login');
  await hydrated(page);
  await business;
  await settled(page);
}

test.beforeEach(async ({ context }) => {
  // A visitor on main whose compliance check carries an enabled tip for register, home and login (maxCount 3).
  await useScenario(context, 'menu-gated-tips');
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: site() }]);
});

test('on /login the limit modal is not counted behind the login dialog, and counted once it shows', async ({ page }) => {
  await openLogin(page);
  await expect(loginDialog(page)).toBeVisible();
  await expect(limitModal(page)).toHaveCount(0);
  expect(await shownToday(page)).toBeNull();

  await loginDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(limitModal(page)).toBeVisible();
  await expect(limitModal(page)).toContainText('Service notice');
  await expect.poll(() => shownToday(page)).toMatch(/^1\/\d+$/);

  await openLogin(page);
  await expect(loginDialog(page)).toBeVisible();
  await expect(limitModal(page)).toHaveCount(0);
  expect(await shownToday(page)).toMatch(/^1\/\d+$/);
  await loginDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(limitModal(page)).toBeVisible();
  await expect.poll(() => shownToday(page)).toMatch(/^2\/\d+$/);
});
