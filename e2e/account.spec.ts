import http from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';
import { CONFIRM_DEBOUNCE_MS } from '../plugins/fund-password/services/frequency';
import { collectErrors, expect, hydrated, logIn, PORT, settled, site, test, useScenario } from './support';

/** The kyc, fund-password and growth-tabs plugins. */

const kyc = (page: Page) => page.locator('[data-plugin="kyc"]');
const tipBar = (page: Page) => kyc(page).locator('section.kyc-tipbar');
/** A distinct uid per test, so server-side state (saved validity) never leaks between tests. */
const uidFor = (title: string) => String(20_000_000 + ([...title].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 9_000_000));

/** The server-rendered HTML of a region's page (Node cannot resolve *.localhost: connect to 127.0.0.1 with a Host header). */
function serverHtml(region: string, cookie: string, path = '/'): Promise<string> {
  const host = region === 'main' ? `localhost:${PORT}` : `${region}.localhost:${PORT}`;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path, headers: { host, cookie } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${host}${path}: HTTP ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

async function persona(context: BrowserContext, scenario: string, region = 'main', uid = '10001') {
  await useScenario(context, scenario, region);
  await logIn(context, region, uid, 'alice');
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: site(region) }]);
}

test.describe('KYC tip bar', () => {
  test('shows Verify now for a level-1 user on main, server-rendered', async ({ page, context }) => {
    const errors = collectErrors(page);
    await persona(context, 'kyc1-user');
    const html = await serverHtml('main', 'mock_scenario=kyc1-user; uid=10001; nickname=alice');
    expect(html).toMatch(/class="[^"]*\bkyc-tipbar\b/);
    await page.goto('/');
    await hydrated(page);
    const bar = tipBar(page);
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-label', 'Identity verification reminder');
    const verify = bar.getByRole('link', { name: 'Verify now' });
    await expect(verify).toHaveAttribute('href', '/myaccount/kyc_home');
    await expect(bar.getByRole('link', { name: 'About identity verification' })).toHaveAttribute('href', /^\/help\//);
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    expect(errors.filter((e) => !/404|i18n/.test(e))).toEqual([]);
  });

  // The US site always prefixes its locale (/en-us/).
  for (const [name, scenario, region, home] of [
    ['a KYC2 user on main', 'kyc2-user', 'main', '/'],
    ['a level-1 user on the test net', 'kyc1-user', 'testnet', '/'],
    ['a US level-1 user on the US site', 'us-kyc1-user', 'us', '/en-us/'],
  ] as const) {
    test(`is hidden for ${name}`, async ({ page, context }) => {
      await persona(context, scenario, region);
      const html = await serverHtml(region, `mock_scenario=${scenario}; uid=10001; nickname=alice`, home);
      expect(html).toContain(`"key":"${region}"`);
      expect(html).not.toMatch(/class="[^"]*\bkyc-tipbar\b/);
      await page.goto(`${site(region)}${home}`);
      await hydrated(page);
      await expect(page.locator('[data-plugin="kyc"] .kyc-tipbar')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Verify now' })).toHaveCount(0);
    });
  }

  test('closing sets the complete cookie: gone after reload, also on the server', async ({ page, context }) => {
    await persona(context, 'kyc1-user');
    await page.goto('/');
    await hydrated(page);
    await tipBar(page).getByRole('button', { name: 'Close the verification reminder' }).click();
    await expect(tipBar(page)).toHaveCount(0);
    // A page's cookie write reaches the browser's store after the script has gone on: waited for, not assumed.
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'kyc_tips_complete')?.value).toBe('1');
    const html = await (await page.request.get(`${site()}/`)).text();
    expect(html).not.toMatch(/class="[^"]*\bkyc-tipbar\b/);
  });

  test('mobile 390 px and right-to-left on /ar/', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await persona(context, 'kyc1-user');
    const page = await context.newPage();
    await page.goto('/ar/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const bar = tipBar(page);
    await expect(bar.getByRole('link', { name: 'تحقق الآن' })).toHaveAttribute('href', '/ar/myaccount/kyc_home');
    const box = (await bar.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await context.close();
  });
});

test.describe('KYC and risk notices', () => {
  test('risk notice without close control ignores Escape and links to verification', async ({ page, context }) => {
    await persona(context, 'risk-user', 'main', uidFor('risk'));
    await page.goto('/');
    await hydrated(page);
    const dialog = kyc(page).getByRole('dialog', { name: 'Account security notice' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Go to verification' })).toHaveAttribute('href', '/myaccount/kyc_home?source=risk');
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'RISK_IP_USER')).toBe(true);
  });

  test('upgrade notice: KYC links, closable, not again within 12 hours', async ({ page, context }) => {
    await persona(context, 'kyc-upgrade-due', 'main', uidFor('upgrade'));
    await page.goto('/');
    await hydrated(page);
    const dialog = kyc(page).getByRole('dialog', { name: 'Upgrade your verification' });
    await expect(dialog).toBeVisible();
    for (const href of ['/myaccount/kyc_home', '/myaccount/kyc2', '/myaccount/kyc3_v1'])
      await expect(dialog.locator(`a[href="${href}"]`).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(kyc(page).getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('fund password on /myaccount/security', () => {
  test('confirm is disabled until a password is typed; the form resets on close', async ({ page, context }) => {
    await persona(context, 'verified-user', 'main', uidFor('confirm'));
    await page.goto('/myaccount/security');
    await hydrated(page);
    const fund = page.locator('[data-plugin="fund-password"]');
    await expect(fund.getByRole('heading', { name: 'Fund password' })).toBeVisible();
    await fund.getByRole('button', { name: 'Validity period' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fund password' });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Fund password', { exact: true }).fill('secret-pass');
    await expect(confirm).toBeEnabled();
    await expect(dialog.getByRole('link', { name: /Change fund password/ })).toHaveAttribute('target', '_blank');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await fund.getByRole('button', { name: 'Validity period' }).click();
    await expect(page.getByRole('dialog', { name: 'Fund password' }).getByLabel('Fund password', { exact: true })).toHaveValue('');
    await expect(page.getByRole('dialog', { name: 'Fund password' }).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  test('changing the validity asks for password and code; wrong code → server msg, right code → saved', async ({ page, context }) => {
    await persona(context, 'verified-user', 'main', uidFor('change'));
    // A cookie named like axios's default XSRF cookie: the calls carry the shell's csrftoken header, never that one.
    await context.addCookies([{ name: 'XSRF-TOKEN', value: 'not-the-token', url: site('main') }]);
    await page.goto('/myaccount/security');
    await hydrated(page);
    await page.getByRole('button', { name: 'Validity period' }).click();
    await page.getByRole('dialog', { name: 'Fund password' }).getByRole('radio', { name: /Never/ }).check();
    const change = page.getByRole('dialog', { name: 'Change validity period' });
    await expect(change).toBeVisible();
    const confirm = change.getByRole('button', { name: 'Confirm' });
    await change.getByLabel('Fund password', { exact: true }).fill('pw');
    await expect(confirm).toBeDisabled();
    await change.getByLabel('Authenticator code').fill('000000');
    await expect(confirm).toBeEnabled();
    const post = page.waitForRequest((r) => r.url().endsWith('/json_svr/query_safe') && r.method() === 'POST');
    await confirm.click();
    const req = await post;
    expect(req.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    expect(req.headers()['csrftoken']).toBeTruthy();
    expect(req.headers()['x-xsrf-token']).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(req.postData() ?? ''))).toEqual({
      action: 'tradepassfrequency',
      frequency: '0',
      fundpass: 'pw',
      totp: '000000',
    });
    await expect(page.locator('.shell-toast--error')).toContainText('Incorrect two-factor authentication code');
    await expect(change).toBeVisible();
    // The spec's debounce: a second confirm within CONFIRM_DEBOUNCE_MS of the first is dropped on purpose.
    await page.waitForTimeout(CONFIRM_DEBOUNCE_MS + 100);
    await change.getByLabel('Authenticator code').fill('123456');
    await confirm.click();
    await expect(change).toHaveCount(0);
    await expect(page.locator('.shell-toast--success')).toContainText('Validity period updated');
    await expect(page.getByTestId('fp-validity')).toHaveText('Never');
    await page.reload();
    await expect(page.getByTestId('fp-validity')).toHaveText('Never');
  });

  test('fund-update-fails shows "Error"; fund-frequency-never is shown as Never', async ({ page, context }) => {
    await persona(context, 'fund-update-fails', 'main', uidFor('fails'));
    await page.goto('/myaccount/security');
    await hydrated(page);
    await page.getByRole('button', { name: 'Validity period' }).click();
    await page.getByRole('radio', { name: /Every time/ }).check();
    const change = page.getByRole('dialog', { name: 'Change validity period' });
    await change.getByLabel('Fund password', { exact: true }).fill('pw');
    await change.getByLabel('Authenticator code').fill('123456');
    await change.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('.shell-toast--error')).toHaveText('Error');
    await useScenario(context, 'fund-frequency-never');
    await page.goto('/myaccount/security');
    await expect(page.getByTestId('fp-validity')).toHaveText('Never');
  });
});

test.describe('growth tabs', () => {
  test('/rewards_hub shows tabs linking the three growth pages', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/rewards_hub');
    await hydrated(page);
    const nav = page.locator('[data-plugin="growth-tabs"]').getByRole('navigation', { name: 'Rewards and referral' });
    await expect(nav).toBeVisible();
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(3);
    await expect(links.nth(0)).toHaveAttribute('href', '/rewards_hub');
    await expect(links.nth(0)).toHaveAttribute('aria-current', 'page');
    await expect(links.nth(1)).toHaveAttribute('href', '/competition/center?ch=growth_rewards_hub_to_competition');
    await expect(links.nth(2)).toHaveAttribute('href', '/referral?ch=growth_rewards_hub_to_referral');
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards Hub' })).toBeVisible();
    await expect(page.locator('.growth-card')).toHaveCount(4);
    await links.nth(1).click();
    await expect(page).toHaveURL(/\/competition\/center\?ch=growth_rewards_hub_to_competition$/);
    await expect(nav.getByRole('link', { name: 'Competitions' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Competition Center' })).toBeVisible();
    expect(errors.filter((e) => !/404|i18n/.test(e))).toEqual([]);
  });

  test('an affiliate gets the affiliate tab; a partner the broker tab; referral shows the invite link', async ({ page, context }) => {
    await persona(context, 'affiliate', 'main', uidFor('aff'));
    await page.goto('/referral');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Rewards and referral' });
    await expect(nav.getByRole('link', { name: /Affiliate/ })).toHaveAttribute('href', '/affiliate?ch=growth_referral_to_affiliate');
    await expect(nav.getByRole('link', { name: /Affiliate/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByLabel('Invite link')).toHaveValue(/\/signup\?ref=V[0-9A-Z]{7}&ref_type=103$/);
    await useScenario(context, 'partner');
    await page.goto('/rewards_hub');
    await expect(nav.getByRole('link', { name: /Broker/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Affiliate/ })).toHaveCount(0);
  });
});
