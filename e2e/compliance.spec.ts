import type { Page } from '@playwright/test';
import { expect, hydrated, logIn, settled, site, freshTest, test, useScenario, watchPolicy } from './support';

/** Compliance plugin: redirects, notice dialogs, business messages, the modal queue. */

const DAY = 86_400_000;
const compliance = (page: Page) => page.locator('[data-plugin="compliance"]');
const dialogs = (page: Page) => page.locator('[role="dialog"]');
const complianceDialog = (page: Page) => compliance(page).locator('[role="dialog"]');

/** Loads a page and waits for hydration and the business check (the last thing the plugin asks for). */
async function open(page: Page, path = '/') {
  const business = page.waitForResponse((r) => r.url().includes('/compliance/business-check'), { timeout: 15_000 }).catch(() => null);
  await page.goto(path);
  await hydrated(page);
  await business;
}

/** Asserts that no dialog is up once the page has settled. */
async function expectNoComplianceDialog(page: Page) {
  await settled(page);
  await expect(complianceDialog(page)).toHaveCount(0);
}

test.describe('compliance', () => {
  test('limit_country: HTTP 302 to /state_compliance_tips on the server, and the tips page renders', async ({ page, context }) => {
    const headers = { cookie: 'mock_scenario=restricted-country' };
    for (const [from, to] of [
      ['/', '/state_compliance_tips'],
      ['/trade/BTC_USDT', '/state_compliance_tips'],
      ['/ar/', '/ar/state_compliance_tips'],
    ]) {
      const res = await page.request.get(`${site()}${from}`, { headers, maxRedirects: 0 });
      expect(res.status(), from).toBe(302);
      expect(new URL(res.headers().location, site()).pathname).toBe(to);
    }
    const tips = await page.request.get(`${site()}/state_compliance_tips`, { headers, maxRedirects: 0 });
    expect(tips.status()).toBe(200);

    await useScenario(context, 'restricted-country');
    await open(page, '/');
    await expect(page).toHaveURL(/\/state_compliance_tips$/);
    await expect(page.locator('#tips-title')).toBeVisible();
    await expectNoComplianceDialog(page);
  });

  test('restricted location: the dialog shows its text and the countries, I Acknowledge closes it', async ({ page, context }) => {
    await useScenario(context, 'blocked-country-notice');
    await open(page);
    const dialog = complianceDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toContainText('It seems that you are attempting to access our services from a Restricted Location');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'North Korea' })).toBeVisible();
    await dialog.getByRole('button', { name: 'I Acknowledge' }).click();
    await expect(complianceDialog(page)).toHaveCount(0);
  });

  test('UK-limited visitor sees the UK notice', async ({ page, context }) => {
    await useScenario(context, 'uk-limited');
    await open(page);
    await expect(complianceDialog(page)).toContainText('this website is not directed at UK persons and we are not accepting new UK customers');
  });

  freshTest('Hong Kong notice: not shown again until 24 h after its stored timestamp', async ({ page, context }) => {
    const t0 = Date.UTC(2025, 4, 1, 9, 0, 0);
    await page.clock.setFixedTime(t0);
    await useScenario(context, 'hk-user');
    await logIn(context);
    await open(page);
    const dialog = complianceDialog(page);
    await expect(dialog).toContainText('Hong Kong');
    await dialog.getByRole('button', { name: 'I Acknowledge' }).click();
    await expect(complianceDialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('compliance_notice_at_hk'))).toBe(String(t0));

    await open(page);
    await expectNoComplianceDialog(page);

    await page.clock.setFixedTime(t0 + DAY - 60_000);
    await open(page);
    await expectNoComplianceDialog(page);

    await page.clock.setFixedTime(t0 + DAY);
    await open(page);
    await expect(complianceDialog(page)).toContainText('Hong Kong');
  });

  test('withdraw-only: the create-a-ticket control reaches /myaccount/tickets', async ({ page, context }) => {
    await useScenario(context, 'withdraw-only');
    await logIn(context);
    await open(page);
    const dialog = complianceDialog(page);
    await expect(dialog).toBeVisible();
    const ticket = dialog.getByRole('link', { name: 'Create a ticket' });
    await expect(ticket).toHaveAttribute('href', '/myaccount/tickets');
    await ticket.click();
    await expect(page).toHaveURL(`${site()}/myaccount/tickets`);
  });

  test('hostile business message: its text shows, no script runs, nothing navigates off-site', async ({ page, context }) => {
    const offSite: string[] = [];
    await context.route(/evil\.example\.com/, (route) => {
      offSite.push(route.request().url());
      return route.abort();
    });
    page.on('dialog', (d) => {
      offSite.push(`native dialog: ${d.message()}`);
      void d.dismiss();
    });
    await useScenario(context, 'business-hostile');
    await open(page);
    const dialog = complianceDialog(page);
    await expect(dialog).toContainText('Your account is subject to an enhanced compliance review.');
    await expect(dialog.getByRole('heading')).toHaveText('Compliance review');
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { __compliancePwned?: string }).__compliancePwned)).toBeUndefined();
    await expect(dialog.locator('script, [onerror], [onclick], a[href^="javascript:"], a[href*="evil.example.com"]')).toHaveCount(0);

    for (const text of ['Review the terms', 'claim compensation', 'Support']) {
      await dialog.getByText(text, { exact: true }).click();
      expect(new URL(page.url()).origin, text).toBe(site());
    }
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(complianceDialog(page)).toHaveCount(0);
    await settled(page);
    expect(new URL(page.url()).origin).toBe(site());
    expect(await page.evaluate(() => (window as unknown as { __compliancePwned?: string }).__compliancePwned)).toBeUndefined();
    expect(offSite).toEqual([]);
  });

  test('floating bars hydrate as the server sent them, then show the closable ones, at both widths', async ({ page, context }) => {
    // Their boundary hydrates after the page's root; the page counts as hydrated (and the closable bars may show)
    // only once it has: a bar hydrated later would meet other bars than the server's, a hydration error.
    await useScenario(context, 'compliance-bars');
    const problems = await watchPolicy(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page);
      await settled(page);
      await expect(page.locator('.compliance-bars')).toBeVisible();
    }
    expect(await problems()).toEqual([]);
  });

  test('several notices due at once: one dialog at a time, in priority order', async ({ page, context }) => {
    await useScenario(context, 'several-notices');
    await logIn(context);
    await open(page);
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await expect(complianceDialog(page)).toHaveCount(1);
      await settled(page);
      await expect(dialogs(page)).toHaveCount(1);
      const title = (await complianceDialog(page).getByRole('heading').textContent()) ?? '';
      seen.push(title);
      await complianceDialog(page).getByRole('button', { name: 'I Acknowledge' }).click();
    }
    expect(seen).toEqual(['Restricted Location', 'Withdrawal-Only Account', 'Notice for Hong Kong Users']);
    await expectNoComplianceDialog(page);
  });

  test('mobile width 390: the notice is a bottom sheet that fits the screen', async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useScenario(context, 'blocked-country-notice');
    await open(page);
    const dialog = complianceDialog(page);
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390.5);
    expect(Math.abs(box.y + box.height - 844)).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'I Acknowledge' }).click();
    await expect(complianceDialog(page)).toHaveCount(0);
  });

  test('RTL: /ar/ on main shows the notice in Arabic, right to left', async ({ page, context }) => {
    await useScenario(context, 'uk-limited');
    await open(page, '/ar/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const dialog = complianceDialog(page);
    await expect(dialog).toContainText('هذا الموقع غير موجّه إلى الأشخاص في المملكة المتحدة');
    expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await dialog.getByRole('button', { name: 'أُقرّ بذلك' }).click();
    await expect(complianceDialog(page)).toHaveCount(0);
  });
});
