import type { BrowserContext, Page } from '@playwright/test';
import { collectErrors, expect, hydrated, logIn, settled, site, test, trackRequests, useScenario } from './support';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Answers the cookie bar up front so it never covers the widgets under test. */
async function consent(context: BrowserContext, region = 'main') {
  await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site(region) }]);
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

const appBar = (page: Page) => page.locator('[data-plugin="app-bar"] [data-testid="app-bar"]');

test.describe('app-download bar (mobile, 390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const region of ['main', 'tr']) {
    test(`shows on ${region}, and its close control hides it for good`, async ({ page, context }) => {
      const errors = collectErrors(page);
      await consent(context, region);
      await open(page, `${site(region)}/`);
      const bar = appBar(page);
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('button', { name: /open|aç/i })).toBeVisible();
      await bar.getByRole('button', { name: /close|kapat/i }).click();
      await expect(bar).toHaveCount(0);
      await page.reload();
      await settled(page);
      await expect(appBar(page)).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  // Paths the shell renders (on main and Turkey /futures is another app's page: handed off, otherApps).
  for (const path of ['/trade/BTC_USDT', '/futures-delivery', '/price/bitcoin', '/login']) {
    test(`is never shown on ${path}`, async ({ page, context }) => {
      await consent(context);
      await open(page, `${site()}${path}`);
      await settled(page);
      await expect(appBar(page)).toHaveCount(0);
    });
  }

  test('is not shown on the UK site nor to a UK-limited user', async ({ page, context }) => {
    await consent(context, 'uk');
    await open(page, `${site('uk')}/en-uk/`);
    await expect(page.locator('[data-plugin="app-bar"]')).toHaveCount(0);
    await consent(context);
    await useScenario(context, 'uk-limited');
    await open(page, `${site()}/`);
    await settled(page);
    await expect(appBar(page)).toHaveCount(0);
  });

  test('is never shown to a main-site user of country 233 with KYC', async ({ page, context }) => {
    await consent(context);
    await useScenario(context, 'country-233-verified');
    await logIn(context);
    await open(page, `${site()}/`);
    await settled(page);
    await expect(appBar(page)).toHaveCount(0);
  });
});

test('the app-download bar is not shown on desktop', async ({ page, context }) => {
  await consent(context);
  await open(page, `${site()}/`);
  await settled(page);
  await expect(appBar(page)).toHaveCount(0);
});

test.describe('deposit drawer', () => {
  test('the Deposit button opens the drawer with the five spec links; Escape closes it', async ({ page, context }) => {
    const errors = collectErrors(page);
    await consent(context);
    await logIn(context);
    await open(page, `${site()}/`);
    await page.locator('[data-plugin="drawer"]').getByRole('button', { name: 'Deposit' }).click();
    const drawer = page.getByRole('dialog', { name: 'Fund wallet' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute('aria-modal', 'true');
    const hrefs = await drawer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/myaccount/deposit/USDT',
      '/myaccount/deposit_gatecode',
      '/crypto/buy/with-credit-card?method=card',
      '/crypto/buy/with-bank-account?method=bank',
      '/c2c/market',
    ]);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the three compliance codes hide the 'don't have assets' group (menu-gated)", async ({ page, context }) => {
    await consent(context);
    await useScenario(context, 'menu-gated');
    await logIn(context);
    await open(page, `${site()}/`);
    await page.locator('[data-plugin="drawer"]').getByRole('button', { name: 'Deposit' }).click();
    const drawer = page.getByRole('dialog', { name: 'Fund wallet' });
    await expect(drawer.getByRole('link')).toHaveCount(2);
    await expect(drawer.getByRole('heading', { name: "I don't have crypto assets" })).toHaveCount(0);
  });

  test('the deposit page shows an address and the method picker', async ({ page, context }) => {
    await consent(context);
    await logIn(context);
    await open(page, `${site()}/myaccount/deposit/USDT`);
    await expect(page.getByTestId('deposit-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByLabel('Network').selectOption('ETH');
    await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-f]{40}$/);
    await expect(page.getByTestId('deposit-picker').getByRole('link')).toHaveCount(5);
  });
});

test.describe('chat widget', () => {
  test('shows on main desktop and opens the room in a frame', async ({ page, context }) => {
    await consent(context);
    await open(page, `${site()}/`);
    const launcher = page.locator('[data-plugin="chat"]').getByRole('button', { name: 'Support' });
    await expect(launcher).toBeVisible();
    await launcher.click();
    const room = page.frameLocator('iframe[title="Support chat room"]');
    await room.getByLabel('Message').fill('How long does a withdrawal take?');
    await room.getByRole('button', { name: 'Send' }).click();
    await expect(room.getByRole('log')).toContainText('30 minutes');
  });

  test('is not shown for a mobile user agent', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 1280, height: 800 } });
    trackRequests(context);
    await consent(context);
    const page = await context.newPage();
    await open(page, `${site()}/`);
    await settled(page);
    await expect(page.locator('[data-plugin="chat"] .chat__launcher')).toHaveCount(0);
    await context.close();
  });

  test('is not shown on the UK site', async ({ page, context }) => {
    await consent(context, 'uk');
    await open(page, `${site('uk')}/en-uk/`);
    await settled(page);
    await expect(page.locator('[data-plugin="chat"]')).toHaveCount(0);
  });
});

test.describe('login modal', () => {
  test('/login opens the login modal with Google, MetaMask and Apple on main', async ({ page, context }) => {
    await consent(context);
    await open(page, `${site()}/login`);
    const modal = page.getByRole('dialog', { name: 'Log in to Gate' });
    await expect(modal).toBeVisible();
    for (const name of ['Continue with Google', 'Continue with MetaMask', 'Continue with Apple'])
      await expect(modal.getByRole('button', { name })).toBeVisible();
  });

  test('/login on the UK site has no third-party login', async ({ page, context }) => {
    await consent(context, 'uk');
    await open(page, `${site('uk')}/en-uk/login`);
    const modal = page.getByRole('dialog', { name: 'Log in to Gate UK' });
    await expect(modal).toBeVisible();
    await expect(modal.locator('[data-provider]')).toHaveCount(0);
  });

  test('validation messages show, then logging in shows the nickname in the header', async ({ page, context }) => {
    const errors = collectErrors(page);
    await consent(context);
    await open(page, `${site()}/myaccount/deposit/BTC`);
    await page.locator('header').getByRole('link', { name: 'Log in' }).click();
    await hydrated(page);
    const modal = page.getByRole('dialog', { name: 'Log in to Gate' });
    await modal.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(modal.getByText('Enter your email or phone number.')).toBeVisible();
    await modal.getByLabel('Email or phone number').fill('reviewer@example.com');
    await modal.getByLabel('Password', { exact: true }).fill('Secret123');
    await modal.getByRole('button', { name: 'Log in', exact: true }).click();
    // Back on the page the user came from, logged in.
    await page.waitForURL(`${site()}/myaccount/deposit/BTC`);
    await hydrated(page);
    await expect(page.getByTestId('nickname')).toHaveText('reviewer');
    await expect(page.getByTestId('deposit-address')).toHaveText(/^bc1q/);
    expect(errors).toEqual([]);
  });

  test('a server error is shown in the modal', async ({ page, context }) => {
    await consent(context);
    await useScenario(context, 'login-locked');
    await open(page, `${site()}/login`);
    const modal = page.getByRole('dialog', { name: 'Log in to Gate' });
    await modal.getByLabel('Email or phone number').fill('reviewer@example.com');
    await modal.getByLabel('Password', { exact: true }).fill('Secret123');
    await modal.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(modal.getByRole('alert')).toContainText('locked');
  });
});
