import type { Page } from '@playwright/test';
import { collectErrors, hydrated, logIn, registerScenario, site, useScenario, expect, freshTest, test } from './support';

/** Errors that would be ours: page errors, hydration mismatches, anything naming the growth plugins. */
const ours = (errors: string[]) => errors.filter((e) => /hydrat|marketing|share|\[home\]|Minified React error/i.test(e));

const STATS = {
  trading_volume: '1234567890.12',
  curr_count: 3821,
  user_register_count: '23456789',
  simple_earn_apr_usdt: '7.25',
  max_profit_rate: '999.5',
  lend_earn_max_rate: '11.1',
  total_reserve_rate: '131.42',
};

test.describe('marketing: homepage banner', () => {
  test('a plan returned by the targeted popup plan shows its title, server-rendered', async ({ page, context }) => {
    const errors = collectErrors(page);
    await useScenario(context, 'homepage-banner');
    // A returning browser (a fresh device id in its cookie) gets the banner in the HTML; a new one once its id exists.
    const fingerprint = Math.floor(Date.now() / 1000).toString(16) + 'c'.repeat(32);
    const html = await (await page.request.get(`${site()}/`, { headers: { Cookie: `mock_scenario=homepage-banner; finger_print=${fingerprint}` } })).text();
    expect(html).toContain('Trade to share 50,000 USDT');
    await page.goto('/');
    await hydrated(page);
    const banner = page.locator('[data-plugin="marketing"] .mkt-hb');
    await expect(banner.getByRole('heading', { name: 'Trade to share 50,000 USDT' })).toBeVisible();
    await expect(banner.locator('a')).toHaveAttribute('href', '/competition/center');
    expect(ours(errors)).toEqual([]);
  });

  test('no banner when the back end has none or fails', async ({ page, context }) => {
    await useScenario(context, 'marketing-down');
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('.mkt-hb')).toHaveCount(0);
    await expect(page.locator('#hero-title')).toBeVisible();
  });
});

test.describe('home: statistics', () => {
  test('shows the numbers the back end returns, formatted for the locale', async ({ page, context }) => {
    const name = await registerScenario(page, {
      name: `growth-stats-${test.info().workerIndex}-${Date.now()}`,
      responses: { '/api/web/v1/site/homeStaticTradeData': { body: { code: 0, message: 'success', data: STATS } } },
    });
    await useScenario(context, name);
    await page.goto('/');
    await hydrated(page);
    const stats = page.locator('[data-plugin="home"] .home-stats');
    await expect(stats.getByRole('heading', { name: 'Gate in numbers' })).toBeVisible();
    const value = (key: string) => stats.locator(`[data-stat="${key}"] dd`);
    await expect(value('trading_volume')).toHaveText('$1.23B');
    await expect(value('user_register_count')).toHaveText('23.5M');
    // Not the reply's curr_count: the site's one coin count (site settings currency_count, 3800 in the fake API).
    await expect(value('curr_count')).toHaveText('3,800');
    await expect(value('total_reserve_rate')).toHaveText('131.42%');
    await expect(value('simple_earn_apr_usdt')).toHaveText('7.25%');
    await expect(value('lend_earn_max_rate')).toHaveText('11.1%');
    await expect(value('max_profit_rate')).toHaveText('999.5%');

    await page.goto('/zh/');
    await expect(page.locator('[data-stat="user_register_count"] dd')).toHaveText('2345.7万');
  });

  test('falls back to zeros (section hidden) when the call fails', async ({ page, context }) => {
    await useScenario(context, 'home-stats-down');
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('.home-stats')).toHaveCount(0);
  });
});

test.describe('marketing: new-user popup', () => {
  const noon = () => {
    const d = new Date();
    d.setHours(12, 0, 0, 0);
    return d;
  };
  const popup = (page: Page) => page.getByRole('dialog', { name: 'Welcome gift for new users' });

  freshTest('shows for a visitor in variant A, never more than 4 times a day, 30 minutes apart', async ({ page, context }) => {
    const errors = collectErrors(page);
    const now = noon();
    await page.clock.setFixedTime(now);
    await useScenario(context, 'newbie-a');
    await page.goto('/');
    await hydrated(page);
    await expect(popup(page)).toBeVisible();
    await expect(popup(page)).toContainText('40,000');
    await expect(popup(page).getByRole('link', { name: 'Sign up and claim' })).toHaveAttribute('href', '/signup');
    const counter = () => page.evaluate(() => localStorage.getItem('marketing_newbie_popup:/'));
    expect(await counter()).toBe(`1/${now.getTime()}`);

    // Within 30 minutes of the last show: not again.
    await page.reload();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(popup(page)).toHaveCount(0);

    // Shows 2, 3, 4: each time the last show is moved 31 minutes back.
    for (let shown = 1; shown <= 4; shown++) {
      await page.evaluate(([c, at]) => localStorage.setItem('marketing_newbie_popup:/', `${c}/${at}`), [shown, now.getTime() - 31 * 60_000]);
      await page.reload();
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      if (shown < 4) {
        await expect(popup(page)).toBeVisible();
        expect(await counter()).toBe(`${shown + 1}/${now.getTime()}`);
      } else {
        await expect(popup(page)).toHaveCount(0);
        expect(await counter()).toBe(`4/${now.getTime() - 31 * 60_000}`);
      }
    }

    // A malformed counter is ignored.
    await page.evaluate(() => localStorage.setItem('marketing_newbie_popup:/', 'garbage'));
    await page.reload();
    await hydrated(page);
    await expect(popup(page)).toBeVisible();
    await popup(page).getByRole('button', { name: 'Close' }).click();
    await expect(popup(page)).toHaveCount(0);
    expect(ours(errors)).toEqual([]);
  });

  test('variant B shows two steps; logged-in users and the control group see nothing', async ({ page, context }) => {
    await useScenario(context, 'newbie-b');
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Two-step welcome rewards' })).toContainText('Get 20 USDT when you sign up');

    await page.evaluate(() => localStorage.clear());
    await logIn(context);
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.mkt-newbie')).toHaveCount(0);

    await context.clearCookies();
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.mkt-newbie')).toHaveCount(0);
  });
});

test.describe('marketing: VIP popup and alpha banner', () => {
  freshTest('the VIP popup shows to a logged-in user on main and closes itself after 10 s', async ({ page, context }) => {
    await page.clock.install();
    await useScenario(context, 'vip-upgraded');
    await logIn(context);
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Congratulations! You are now VIP 3' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Explore my benefits' })).toHaveAttribute('href', '/vip');
    await page.clock.runFor(9_000);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(1_100);
    await expect(dialog).toHaveCount(0);
  });

  test('the alpha card rotates between visits and stays away for 24 h after a close', async ({ page, context }) => {
    await useScenario(context, 'alpha-cards');
    await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site() }]);
    await page.goto('/alpha/pepe');
    const card = page.locator('[data-plugin="marketing"] .mkt-alpha');
    await expect(card).toHaveAttribute('data-card-id', '9101');
    await page.goto('/trade/BTC_USDT');
    await expect(card).toHaveAttribute('data-card-id', '9102');
    await card.getByRole('button', { name: 'Close the alpha promotion' }).click();
    await expect(card).toHaveCount(0);
    await page.goto('/alpha');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(card).toHaveCount(0);
    await page.goto('/');
    await expect(page.locator('.mkt-alpha')).toHaveCount(0);
  });
});

test.describe('share modal', () => {
  test('opens with a QR code and copies the link', async ({ page, context }) => {
    const errors = collectErrors(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site() });
    await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site() }]);
    await page.goto('/');
    await hydrated(page);
    const open = page.locator('[data-plugin="share"]').getByRole('button', { name: 'Share' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await expect(dialog).toBeVisible();
    const qr = dialog.getByRole('img', { name: 'QR code of the shared link' });
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(qr).toHaveAttribute('width', '140');
    await expect(dialog.getByLabel('Link')).toHaveValue(`${site()}/`);
    for (const name of ['X', 'Telegram', 'Facebook', 'WhatsApp', 'LINE']) await expect(dialog.getByRole('link', { name: `Share on ${name}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site()}/`);

    const download = page.waitForEvent('download', { timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Download poster' }).click();
    expect((await download).suggestedFilename()).toBe('promo-poster.png');

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    await open.click();
    await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
    expect(ours(errors)).toEqual([]);
  });

  test('works right to left and on a phone', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site() }]);
    const page = await context.newPage();
    await page.goto(`${site()}/ar/`);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('[data-plugin="share"]').getByRole('button', { name: 'مشاركة' }).click();
    const dialog = page.getByRole('dialog', { name: 'مشاركة' });
    await expect(dialog.locator('.share-card')).toHaveAttribute('data-layout', 'vertical');
    const box = await dialog.locator('.share-card').boundingBox();
    expect(box?.width).toBe(240);
    await context.close();
  });
});

test.describe('home: sub-account and transfer', () => {
  test('the transfer page mounts the micro-app with the page state and the amount input rules', async ({ page, context }) => {
    await logIn(context);
    await page.goto('/myaccount/transfer');
    await hydrated(page);
    const amount = page.getByLabel('Amount');
    await amount.fill('-0012.345');
    await expect(amount).toHaveValue('12.34');
    await amount.fill('12.');
    await amount.blur();
    await expect(amount).toHaveValue('12');
    const frame = page.frameLocator('[data-micro-app="funds-transfer"] iframe');
    await expect(frame.locator('h1')).toHaveText('Transfer between accounts');
    await expect(frame.locator('input[name="amount"]')).toHaveValue('12');
    const props = JSON.parse((await frame.locator('pre[data-props]').textContent()) ?? '{}');
    expect(props).toMatchObject({ language: 'en', langPrefix: '', theme: 'light', isUkLimit: false, isItalyLimit: false, sub_website_id: 0 });
    await expect(page.frameLocator('[data-micro-app="sub-account-transfer"] iframe').locator('h1')).toHaveText('Master / sub-account transfer');

    // A theme change reaches the mounted app.
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(frame.locator('body')).toHaveClass('theme-dark');
    await expect(frame.locator('pre[data-props]')).toContainText('"theme":"dark"');
  });

  test('a failing micro-app entry mounts nothing and breaks nothing', async ({ page, context }) => {
    const errors = collectErrors(page);
    await useScenario(context, 'micro-app-down');
    await logIn(context);
    await page.goto('/myaccount/transfer');
    await hydrated(page);
    await expect(page.locator('[data-micro-app="funds-transfer"]')).toHaveAttribute('data-phase', 'failed');
    await expect(page.locator('[data-micro-app] iframe')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Transfer', level: 1 })).toBeVisible();
    expect(errors.filter((e) => !/Failed to load resource/.test(e) && /micro|hydrat/i.test(e))).toEqual([]);
  });

  test('an unknown sub-account warns with the server message, then goes home after 2 s', async ({ page, context }) => {
    await logIn(context);
    await page.goto('/myaccount/sub-account?sub_uid=12345671');
    await expect(page.getByText('alice_sub671')).toBeVisible();
    await page.goto('/myaccount/sub-account?sub_uid=12345670');
    await expect(page.getByText('This sub-account does not exist or does not belong to your account')).toBeVisible();
    const started = Date.now();
    await page.waitForURL(`${site()}/`, { timeout: 6000 });
    expect(Date.now() - started).toBeGreaterThan(1000);
  });
});

test.describe('open-graph head from og_show', () => {
  test('the page head carries og_show data, and the site defaults when it fails', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/cdn\/share\/og\/main\.svg"/);
    const down = await (await request.get('/', { headers: { cookie: 'mock_scenario=share-og-down' } })).text();
    expect(down).toMatch(/<meta property="og:image" content="[^"]+\/static\/og-image\.jpg"/);
    expect(down).toContain('<meta property="og:site_name" content="Gate.com"');
  });
});
