import { collectErrors, expect, hydrated, logIn, site, test, useScenario } from './support';

/**
 * Pages other apps serve (a region's `otherApps.paths`: withdraw, tickets, futures, P2P, legal documents): a link to
 * one is a full page load (the shell has no client-side route for it), and in the demo the fake API's placeholder
 * app page answers it, so no button dead-ends on the shell's 404 page.
 */

test("a restricted user's Withdraw my assets loads the withdraw app's page, not the shell's 404", async ({ page, context }) => {
  const errors = collectErrors(page);
  await useScenario(context, 'blocked-country-notice');
  await logIn(context);
  await page.goto('/');
  await hydrated(page);
  // A mark on this document: a client-side route would keep it, a page load starts a new document without it.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const dialog = page.locator('[data-plugin="compliance"] [role="dialog"]');
  const withdraw = dialog.getByRole('link', { name: 'Withdraw my assets' });
  await expect(withdraw).toHaveAttribute('href', '/myaccount/withdraw/USDT');
  const [document] = await Promise.all([page.waitForResponse((r) => r.request().isNavigationRequest()), withdraw.click()]);
  expect([new URL(document.url()).pathname, document.status()]).toEqual(['/myaccount/withdraw/USDT', 200]);
  await expect(page.getByRole('heading', { level: 1, name: 'This page belongs to another Gate app' })).toBeVisible();
  await expect(page.locator('[data-plugin]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined();
  await page.getByRole('link', { name: 'Back to Gate' }).click();
  await expect(page).toHaveURL(`${site()}/`);
  await hydrated(page);
  expect(errors).toEqual([]);
});

test("the header's Futures link and a locale-prefixed UK withdraw are other apps' pages in the page language", async ({ page }) => {
  await page.goto('/zh/');
  await hydrated(page);
  await page.locator('.shell-nav--desktop').getByRole('link', { name: '合约' }).first().click();
  await expect(page).toHaveURL(`${site()}/zh/futures/USDT/BTC_USDT`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('此页面属于 Gate 的另一个应用');
  await expect(page.getByRole('link', { name: '返回 Gate' })).toHaveAttribute('href', '/zh/');

  const uk = await page.goto(`${site('uk')}/myaccount/withdraw/USDT`);
  expect(uk?.status()).toBe(200);
  await expect(page).toHaveURL(`${site('uk')}/en-uk/myaccount/withdraw/USDT`);
  await expect(page.locator('main[data-other-app="/myaccount/withdraw"]')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/h8-other-app-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/h8-other-app-1280.png' });
});

test('a menu-gated user still goes to the compliance tips page from a futures link', async ({ page, context }) => {
  await useScenario(context, 'menu-gated');
  const res = await page.goto('/futures/USDT/BTC_USDT');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(`${site()}/state_compliance_tips`);
});
