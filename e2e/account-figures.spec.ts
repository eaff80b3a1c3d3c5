import { expect, type Page } from '@playwright/test';
import { hydrated, logIn, registerScenario, settled, site, test, useScenario } from './support';

/** The account figures in the user menu (spec 000 §3, §7): balance with BTC, KYC level, VIP tier, on demand. */

const FUNDS = '/apiw/v2/account/total_funds';
const KYC_STATUS = '/api/web/v1/usercenter/get_kyc_status';
const ACCOUNT_PATHS = [FUNDS, '/api/web/v1/usercenter/get_user_tier', '/api/web/v1/vip-center/get-user-tier', KYC_STATUS];

/** Account-figure requests the page makes, as they go out. */
function accountRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (ACCOUNT_PATHS.includes(path)) asked.push(path);
  });
  return asked;
}

async function openMenu(page: Page) {
  await page.locator('.shell-user > summary').click();
  await expect(page.getByTestId('account-summary')).toBeVisible();
}

test.describe('user menu account figures', () => {
  test('a logged-in user opens the menu and sees balance, KYC level and VIP tier, asked for only then', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'verified-user');
    const asked = accountRequests(page);
    await page.goto(`${site()}/`);
    // Hydrated and every request answered, the menu closed: the page asked for no figure (the server never does).
    await settled(page);
    expect(asked).toEqual([]);
    await openMenu(page);
    await expect(page.getByTestId('balance-usd')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByTestId('balance-btc')).toHaveText(/^\d+\.\d{8} BTC$/);
    await expect(page.getByTestId('kyc-level')).toHaveText('Level 2');
    await expect(page.getByTestId('vip-tier')).toHaveText(/^VIP \d+$/);
    await expect(page.getByTestId('vip-tier').getByRole('link')).toHaveAttribute('href', '/vip');
    expect([...asked].sort()).toEqual([...ACCOUNT_PATHS].sort());
  });

  test('a KYC level 1 user is offered verification', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'kyc1-user');
    await page.goto(`${site()}/`);
    await hydrated(page);
    await openMenu(page);
    await expect(page.getByTestId('kyc-level')).toHaveText('Level 1');
    await expect(page.getByRole('link', { name: 'Verify now' }).first()).toHaveAttribute('href', '/myaccount/kyc_home');
  });

  test('a user whose verification is under review sees it beside the level, in the menu and the KYC tip bar', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'kyc-pending');
    await page.goto(`${site()}/`);
    await hydrated(page);
    // The tip bar is server-rendered with the status.
    const bar = page.getByRole('region', { name: 'Identity verification reminder' });
    await expect(bar.locator('[data-status="pending"]')).toHaveText('Under review');
    await expect(bar).toContainText('Your identity verification is under review.');
    await expect(bar.getByRole('link', { name: 'View status' })).toHaveAttribute('href', '/myaccount/kyc_home');
    await openMenu(page);
    await expect(page.getByTestId('kyc-level')).toHaveText('Level 1');
    await expect(page.getByTestId('kyc-status')).toHaveText('Under review');
    await expect(page.getByTestId('kyc-verify')).toHaveCount(0);
  });

  test('a user whose verification was not approved is told so and offered to verify again', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'kyc-rejected');
    await page.goto(`${site()}/de/`);
    await hydrated(page);
    const bar = page.locator('[data-plugin="kyc"] .kyc-tipbar');
    await expect(bar.locator('[data-status="rejected"]')).toHaveText('Nicht genehmigt');
    await expect(bar.getByRole('link', { name: 'Erneut verifizieren' })).toHaveAttribute('href', '/de/myaccount/kyc_home');
    await openMenu(page);
    await expect(page.getByTestId('kyc-level')).toHaveText('Stufe 1');
    await expect(page.getByTestId('kyc-status')).toHaveText('Nicht genehmigt');
    await expect(page.getByTestId('kyc-verify')).toHaveText('Erneut verifizieren');
  });

  test('when the KYC status call fails the level shows alone, with the usual tip bar', async ({ page, context }) => {
    const name = await registerScenario(page, {
      name: `kyc-status-down-${test.info().workerIndex}-${Date.now()}`,
      extends: 'kyc-pending',
      responses: { [KYC_STATUS]: { status: 500, body: { code: 500, message: 'Internal Server Error', data: null } } },
    });
    await logIn(context);
    await useScenario(context, name);
    const status = page.waitForResponse((r) => new URL(r.url()).pathname === KYC_STATUS);
    await page.goto(`${site()}/`);
    await hydrated(page);
    const bar = page.getByRole('region', { name: 'Identity verification reminder' });
    await expect(bar).toContainText('Complete Advanced Verification (KYC2)');
    await expect(bar.locator('[data-status]')).toHaveCount(0);
    await openMenu(page);
    expect((await status).status()).toBe(500);
    await expect(page.getByTestId('kyc-level')).toHaveText('Level 1');
    await expect(page.getByTestId('kyc-status')).toHaveCount(0);
    await expect(page.getByTestId('kyc-verify')).toHaveText('Verify now');
  });

  test('the balance hidden with the eye toggle stays hidden after a reload', async ({ page, context }) => {
    await logIn(context);
    await page.goto(`${site()}/`);
    await hydrated(page);
    await openMenu(page);
    const eye = page.getByRole('button', { name: 'Hide balance' });
    await expect(eye).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('balance-usd')).toHaveAttribute('data-state', 'ready');
    await eye.click();
    await expect(eye).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('balance-usd')).toHaveText('******Balance hidden');
    await page.reload();
    await hydrated(page);
    await openMenu(page);
    await expect(page.getByRole('button', { name: 'Hide balance' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('balance-usd')).toHaveAttribute('data-state', 'hidden');
    await expect(page.getByTestId('balance-btc')).toHaveCount(0);
  });

  test('when the funds call fails the balance shows a dash, never a zero', async ({ page, context }) => {
    const name = await registerScenario(page, {
      name: `funds-down-${test.info().workerIndex}-${Date.now()}`,
      responses: { [FUNDS]: { status: 500, body: { code: 500, message: 'Internal Server Error', data: null } } },
    });
    await logIn(context);
    await useScenario(context, name);
    const funds = page.waitForResponse((r) => new URL(r.url()).pathname === FUNDS);
    await page.goto(`${site()}/`);
    await hydrated(page);
    await openMenu(page);
    expect((await funds).status()).toBe(500);
    await expect(page.getByTestId('balance-usd')).toHaveAttribute('data-state', 'unavailable');
    await expect(page.getByTestId('balance-usd')).toHaveText('—Not available');
    await expect(page.getByTestId('balance-btc')).toHaveCount(0);
    // The other figures are unaffected.
    await expect(page.getByTestId('kyc-level')).toHaveText('Level 2');
  });
});
