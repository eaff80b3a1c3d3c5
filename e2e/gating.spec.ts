import type { Page } from '@playwright/test';
import { expect, hydrated, logIn, settled, site, test, useScenario } from './support';

/** Uncaught page errors (scripts from server HTML would land here too). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('site-switch', () => {
  test('several region mismatches show exactly one bar, the highest, linking to the target site', async ({ page, context }) => {
    const errors = pageErrors(page);
    await useScenario(context, 'mismatch-several');
    await page.goto(`${site()}/price`);
    const bars = page.locator('[data-plugin="site-switch"] [data-bar]');
    await expect(bars).toHaveCount(1);
    await expect(bars).toHaveAttribute('data-bar', 'main-to-uk');
    await expect(bars).toContainText('You are viewing from the UK region, switch to the UK site');
    await expect(bars.getByRole('link', { name: 'Switch Site' })).toHaveAttribute('href', `${site('uk')}/price`);
    await hydrated(page);
    await expect(bars).toHaveCount(1);

    // Closing it is remembered per bar (cookie): the next bar takes the place, on this page and after a reload.
    await bars.getByRole('button', { name: 'Close' }).click();
    await expect(bars).toHaveCount(1);
    await expect(bars).toHaveAttribute('data-bar', 'main-to-au');
    await page.reload();
    await expect(bars).toHaveCount(1);
    await expect(bars).toHaveAttribute('data-bar', 'main-to-au');
    await expect(bars.getByRole('link', { name: 'Switch Site' })).toHaveAttribute('href', `${site('au')}/price`);
    expect(errors).toEqual([]);
  });

  test('a visitor who belongs on main gets the EU-to-main bar on the EU site', async ({ page, context }) => {
    await useScenario(context, 'mismatch-eu-to-main', 'eu');
    await page.goto(`${site('eu')}/en-eu/`);
    const bar = page.locator('[data-plugin="site-switch"] [data-bar]');
    await expect(bar).toHaveAttribute('data-bar', 'eu-to-main');
    await expect(bar.getByRole('link', { name: 'Switch Site' })).toHaveAttribute('href', `${site()}/`);
  });

  test('no mismatch, no bar', async ({ page }) => {
    await page.goto(`${site()}/`);
    await hydrated(page);
    await expect(page.locator('[data-plugin="site-switch"]')).toHaveCount(0);
  });
});

test.describe('cookie-consent', () => {
  test("on the EU site 'Accept all' hides the cookie bar for good", async ({ page, context }) => {
    const errors = pageErrors(page);
    await page.goto(`${site('eu')}/en-eu/`);
    await hydrated(page);
    const bar = page.locator('[data-plugin="cookie-consent"] .cookie-consent');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/en-eu/legal/privacy-policy');
    await bar.getByRole('button', { name: 'Accept all' }).click();
    await expect(bar).toHaveCount(0);
    const cookies = await context.cookies(site('eu'));
    expect(cookies.find((c) => c.name === 'cookie_consent')?.value).toBe('all');

    const reloaded = await page.reload();
    // The server does not render it either (the answer is in a cookie); the page's inline CSS names the class, so
    // look for an element carrying it.
    expect(await reloaded!.text()).not.toMatch(/class="[^"]*\bcookie-consent__inner\b/);
    await hydrated(page);
    await expect(page.locator('[data-plugin="cookie-consent"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the bar fits a 390 px phone and answers with necessary only', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${site('uk')}/en-uk/`);
    await hydrated(page);
    const bar = page.locator('[data-plugin="cookie-consent"] .cookie-consent');
    const box = (await bar.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844 + 1);
    await bar.getByRole('button', { name: 'Accept necessary' }).tap();
    await expect(bar).toHaveCount(0);
    expect((await context.cookies(site('uk'))).find((c) => c.name === 'cookie_consent')?.value).toBe('necessary');
    await context.close();
  });
});

test.describe('legal', () => {
  test('a pending agreement with hostile HTML shows its text, runs no script, and closes after a code-0 submit', async ({ page, context }) => {
    const errors = pageErrors(page);
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await logIn(context);
    await useScenario(context, 'hostile-agreement');
    await page.goto(`${site()}/`);
    await hydrated(page);
    const modal = page.locator('[data-plugin="legal"] [role="dialog"]');
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('aria-modal', 'true');
    await expect(modal).toContainText('We have updated the User Agreement. Please review the changes.');
    await expect(modal.locator('#hostile-safe')).toHaveAttribute('href', '/legal/user-agreement');
    await expect(modal.locator('script, iframe, [onerror], [onclick], [style]')).toHaveCount(0);
    expect(await modal.locator('#hostile-js').getAttribute('href')).toBeNull();
    expect(await modal.locator('#hostile-offsite').getAttribute('href')).toBeNull();
    await modal.locator('#hostile-js').click();
    await settled(page);
    expect(await page.evaluate(() => (window as { __legalPwned?: unknown }).__legalPwned)).toBeUndefined();
    expect(alerts).toEqual([]);
    // Not closable: no close control, Escape keeps it.
    await expect(modal.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();

    const submitted = page.waitForResponse((r) => r.url().includes('/user-agreement/submit-status'));
    await modal.getByRole('button', { name: 'Agree and continue' }).click();
    expect(((await (await submitted).json()) as { code: number }).code).toBe(0);
    await expect(modal).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the Turkey declaration confirm is disabled until the checkbox is ticked', async ({ page, context }) => {
    await logIn(context, 'tr');
    await useScenario(context, 'tr-declaration', 'tr');
    await page.goto(`${site('tr')}/`);
    await hydrated(page);
    const modal = page.locator('[data-plugin="legal"] [role="dialog"]');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('%20 vergi');
    const confirm = modal.getByRole('button', { name: 'Onayla' });
    await expect(confirm).toBeDisabled();
    await modal.getByRole('checkbox').check();
    await expect(confirm).toBeEnabled();
    await modal.getByRole('checkbox').uncheck();
    await expect(confirm).toBeDisabled();
    await modal.getByRole('checkbox').check();
    await confirm.click();
    await expect(modal.getByRole('button', { name: 'İmzalandı' })).toBeDisabled();
  });

  test("EU coming-soon links open 'Stay tuned!' instead of navigating", async ({ page }) => {
    await page.goto(`${site('eu')}/en-eu/`);
    await hydrated(page);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Copy Trading' }).click();
    const modal = page.locator('[data-plugin="legal"] [role="dialog"]');
    await expect(modal).toContainText('Stay tuned!');
    await expect(modal).toContainText('This feature is upcoming');
    expect(new URL(page.url()).pathname).toBe('/en-eu/');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(modal).toHaveCount(0);
  });
});

test.describe('ip-check', () => {
  test('result 4 is a detection block without a close control', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'detection-blocked');
    await page.goto(`${site()}/`);
    await hydrated(page);
    const modal = page.locator('[data-plugin="ip-check"] [role="dialog"]');
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await expect(modal).toContainText('Dear user');
    await expect(modal).toContainText('restricted by our risk detection');
    await expect(modal.getByRole('button')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(modal).toBeVisible();
  });

  test('a failing IP check blocks nothing', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'ip-check-down');
    const reply = page.waitForResponse((r) => r.url().includes('/ip-penetration/check'), { timeout: 15_000 });
    await page.goto(`${site()}/`);
    await hydrated(page);
    expect((await reply).status()).toBe(500);
    await settled(page);
    await expect(page.locator('[data-plugin="ip-check"]')).toHaveCount(0);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Markets' }).click();
    await expect(page).toHaveURL(/\/price$/);
  });

  test('result 3: the VPN notice offers accept and cancel; cancel leads to the upgrade prompt', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'vpn-user');
    await page.goto(`${site()}/`);
    await hydrated(page);
    const modal = page.locator('[data-plugin="ip-check"] [role="dialog"]');
    await expect(modal).toContainText('VPN or proxy', { timeout: 15_000 });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal.getByRole('link', { name: 'Upgrade verification' })).toHaveAttribute('href', '/myaccount/kyc2');
    await modal.getByRole('button', { name: 'Later' }).click();
    await expect(modal).toHaveCount(0);
  });
});
