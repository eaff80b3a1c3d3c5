import type { Browser, Page } from '@playwright/test';
import { hydrated, logIn, registerScenario, site, useScenario, expect, test } from './support';
import { startShell, type ShellProcess } from './support-shell';

/**
 * Spec 001 feature modules, as a user meets them: deep links and the native KYC route inside the app,
 * the exported fund-password flow, the IP check's answer types, the image-only homepage banner, the new-user
 * popup's experiment field, and endpoint paths the spec leaves open as options (a second server with its own
 * region config proves the options are read).
 */

/** An app webview: device_type cookie (spec 000 §4: 1 Android, 2 iOS), the app's user agent with its version. */
async function inApp(browser: Browser, platform: 'android' | 'ios', version: string, origin = site()) {
  const userAgent =
    platform === 'android'
      ? `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ExchangeApp/${version}`
      : `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ExchangeApp/${version}`;
  const context = await browser.newContext({ userAgent, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // The app user answered the cookie bar before (on a phone it would lie over the alpha card).
  await context.addCookies([
    { name: 'device_type', value: platform === 'android' ? '1' : '2', url: origin },
    { name: 'cookie_consent', value: 'necessary', url: origin },
  ]);
  // The app's injected bridge: Android window.gateBridge (JSON strings), iOS webkit.messageHandlers.gateBridge.
  await context.addInitScript(() => {
    const w = window as unknown as { __sent: unknown[]; gateBridge: unknown; webkit: unknown };
    w.__sent = [];
    const postMessage = (m: unknown) => w.__sent.push(typeof m === 'string' ? JSON.parse(m) : m);
    w.gateBridge = { postMessage };
    w.webkit = { messageHandlers: { gateBridge: { postMessage } } };
  });
  return context;
}

const opened = (page: Page) => page.evaluate(() => (window as unknown as { __sent: Array<{ action: string }> }).__sent.filter((m) => m.action === 'openPage'));

test.describe('deep links inside the app (spec 001 §6, §9)', () => {
  test('an alpha link opens the native alpha page when the app meets the gate (Android 658020)', async ({ browser }) => {
    const context = await inApp(browser, 'android', '658020');
    const page = await context.newPage();
    await page.goto(`${site()}/no-such-page`);
    await hydrated(page);
    await page.locator('[data-plugin="not-found"] a[href="/alpha"]').first().click();
    await expect.poll(() => opened(page)).toEqual([{ action: 'openPage', page: 'alpha', params: {} }]);
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
    await context.close();
  });

  test('an older app (Android 658019) gets the fallback: the web alpha page', async ({ browser }) => {
    const context = await inApp(browser, 'android', '658019');
    const page = await context.newPage();
    await page.goto(`${site()}/no-such-page`);
    await hydrated(page);
    await page.locator('[data-plugin="not-found"] a[href="/alpha"]').first().click();
    await page.waitForURL(/\/alpha$/);
    expect(await opened(page)).toEqual([]);
    await context.close();
  });

  test('a back-end card linking to /pilot goes through the pilot gate (iOS 202410300001 native, 202410300000 web)', async ({ browser }) => {
    const context = await inApp(browser, 'ios', '202410300001');
    const page = await context.newPage();
    const scenario = await registerScenario(page, {
      name: 'fm-pilot-card',
      responses: {
        '/api/web/v1/marketing/get-user-plans': {
          body: {
            code: 0,
            data: {
              card_list: [{ id: '77', title: 'Pilot: trade new tokens first', url: '/pilot', img: '/cdn/marketing/alpha-1.svg', sort: 1 }],
              currency: 'USDT',
            },
          },
        },
      },
    });
    await useScenario(context, scenario);
    await page.goto(`${site()}/alpha`);
    await hydrated(page);
    await page.locator('[data-plugin="marketing"] a[href="/pilot"]').click();
    await expect.poll(() => opened(page)).toEqual([{ action: 'openPage', page: 'pilot', params: {} }]);
    await context.close();

    const older = await inApp(browser, 'ios', '202410300000');
    await useScenario(older, scenario);
    const olderPage = await older.newPage();
    await olderPage.goto(`${site()}/alpha`);
    await hydrated(olderPage);
    await olderPage.locator('[data-plugin="marketing"] a[href="/pilot"]').click();
    await olderPage.waitForURL(/\/pilot$/);
    await older.close();
  });

  test('the KYC tip bar takes the legacy native KYC route on an iOS build before 202306151200', async ({ browser }) => {
    const context = await inApp(browser, 'ios', '202306151159');
    await logIn(context);
    await useScenario(context, 'kyc1-user');
    const page = await context.newPage();
    await page.goto(`${site()}/`);
    await hydrated(page);
    await page.locator('[data-plugin="kyc"] .kyc-tipbar').getByRole('link', { name: 'Verify now' }).click();
    await expect.poll(() => opened(page)).toEqual([{ action: 'openPage', page: 'kyc_verify', params: { step: 'kyc_home' } }]);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  test('the KYC upgrade notice takes the new native KYC route from iOS build 202306151200', async ({ browser }) => {
    const context = await inApp(browser, 'ios', '202306151200');
    await logIn(context);
    await useScenario(context, 'kyc-upgrade-due');
    const page = await context.newPage();
    await page.goto(`${site()}/`);
    await hydrated(page);
    const dialog = page.locator('[data-plugin="kyc"] [role="dialog"]');
    await dialog.getByRole('link', { name: 'Verify now' }).click();
    await expect.poll(() => opened(page)).toEqual([{ action: 'openPage', page: 'kyc_center', params: { step: 'kyc2' } }]);
    await context.close();
  });

  test('outside the app the same KYC link is a web link', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'kyc1-user');
    await page.goto(`${site()}/`);
    await hydrated(page);
    await page.locator('[data-plugin="kyc"] .kyc-tipbar').getByRole('link', { name: 'Verify now' }).click();
    await page.waitForURL(/\/myaccount\/kyc_home$/);
  });
});

test.describe('fund-password flow (spec 001 §2, §4, §5)', () => {
  test('any page opens it: confirm hands the password to that page, closes, and the form resets', async ({ page, context }) => {
    await logIn(context);
    await page.goto(`${site()}/`);
    await hydrated(page);
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'withdraw';
      button.textContent = 'Withdraw';
      button.dataset.fundPassword = '';
      button.addEventListener('fund-password:confirm', (e) => ((window as unknown as { __fund: unknown }).__fund = (e as CustomEvent).detail));
      document.querySelector('main')!.append(button);
    });
    const frequency = page.waitForRequest((r) => r.url().includes('/apiweb/v1/user/get_user_frequency'));
    await page.locator('#withdraw').click();
    await frequency;
    const dialog = page.getByRole('dialog', { name: 'Fund password', exact: true });
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Fund password', { exact: true }).fill('my-fund-secret');
    await confirm.click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __fund: unknown }).__fund)).toEqual({ fundpass: 'my-fund-secret', frequency: 1 });
    await page.locator('#withdraw').click();
    await expect(dialog.getByLabel('Fund password', { exact: true })).toHaveValue('');
  });

  test('on the security page the validity change still needs password and code and posts query_safe', async ({ page, context }) => {
    await logIn(context, 'main', '10077', 'fpuser');
    await page.goto(`${site()}/myaccount/security`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Validity period' }).click();
    await page.getByRole('dialog', { name: 'Fund password', exact: true }).getByRole('radio', { name: 'Every time' }).check();
    const change = page.getByRole('dialog', { name: 'Change validity period' });
    await change.getByLabel('Fund password', { exact: true }).fill('pw');
    await change.getByLabel('Authenticator code').fill('123456');
    const posted = page.waitForRequest((r) => r.url().endsWith('/json_svr/query_safe') && r.method() === 'POST');
    await change.getByRole('button', { name: 'Confirm' }).click();
    expect(new URLSearchParams((await posted).postData() ?? '').get('action')).toBe('tradepassfrequency');
    await expect(change).toHaveCount(0);
    await expect(page.getByTestId('fp-validity')).toHaveText('Every time');
  });
});

const ipAnswer = (type: string) => (r: import('@playwright/test').Request) =>
  r.url().endsWith('/api/web/v1/compliance-kyc/ip-penetration/check') && r.method() === 'POST' && new URLSearchParams(r.postData() ?? '').get('type') === type;

test.describe('IP check answers (spec 001 §4, §7: request types 2 and 3)', () => {
  test('accepting the VPN notice sends type 3, then reloads', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'vpn-user');
    await page.goto(`${site()}/`);
    await hydrated(page);
    const dialog = page.locator('[data-plugin="ip-check"] [role="dialog"]');
    await expect(dialog).toContainText('VPN or proxy', { timeout: 15_000 });
    const answer = page.waitForRequest(ipAnswer('3'));
    const reload = page.waitForEvent('framenavigated');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await answer;
    await reload;
  });

  test("'Upgrade verification' sends type 2, then follows the link", async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'ip-upgrade');
    await page.goto(`${site()}/`);
    await hydrated(page);
    const link = page.locator('[data-plugin="ip-check"] [role="dialog"]').getByRole('link', { name: 'Upgrade verification' });
    const answer = page.waitForRequest(ipAnswer('2'));
    await link.click({ timeout: 15_000 });
    await answer;
    await page.waitForURL(/\/myaccount\/kyc2$/);
  });
});

test.describe('homepage banner and new-user popup (spec 001 §4)', () => {
  test('a plan with only an image shows as the banner, with a name', async ({ page, context }) => {
    const scenario = await registerScenario(page, {
      name: 'fm-image-only-plan',
      responses: {
        '/api/web/v1/marketing/targeted-popup-plan/list': {
          body: {
            code: 0,
            data: {
              list: [
                {
                  plan_id: 88,
                  plan_name: 'spring',
                  img: '/cdn/marketing/alpha-2.svg',
                  img_h5: '/cdn/marketing/alpha-3.svg',
                  url: '/rewards_hub',
                  position: 'index',
                },
              ],
            },
          },
        },
      },
    });
    await useScenario(context, scenario);
    await page.goto(`${site()}/`);
    const banner = page.locator('[data-plugin="marketing"] section[data-plan-id="88"]');
    await expect(banner.getByRole('link', { name: 'Current promotion' })).toHaveAttribute('href', '/rewards_hub');
    await expect(banner.locator('img')).toHaveAttribute('src', '/cdn/marketing/alpha-2.svg');
  });

  test('the popup shows for variant 1 and stays hidden for any other value', async ({ page, context }) => {
    await useScenario(context, 'newbie-a');
    await page.goto(`${site()}/`);
    await expect(page.locator('[data-plugin="marketing"] [role="dialog"]')).toBeVisible();
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());

    const other = await registerScenario(page, {
      name: 'fm-newbie-variant-3',
      responses: {
        '/api/web/v1/welfare/newbiePrizePop': {
          body: { code: 0, data: { currency: 'USDT', group_A: { num: 40000 }, group_B: { num_first: 20, num_second: 100 }, newbie_exp: 3 } },
        },
      },
    });
    await useScenario(context, other);
    const pop = page.waitForResponse((r) => r.url().includes('/welfare/newbiePrizePop'));
    const guide = page.waitForResponse((r) => r.url().includes('/welfare/newbiePrizeGuide'));
    await page.goto(`${site()}/`);
    await Promise.all([pop, guide]);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(page.locator('[data-plugin="marketing"] [role="dialog"]')).toHaveCount(0);
  });
});

test.describe('options read from the region config (a second server)', () => {
  let shell: ShellProcess;
  test.beforeAll(async () => {
    shell = await startShell((config) => {
      const plugins = config.plugins as Record<string, { enabled?: boolean; options?: Record<string, unknown> }>;
      const set = (id: string, options: Record<string, unknown>) =>
        (plugins[id] = { ...plugins[id], options: { ...(plugins[id]?.options ?? {}), ...options } });
      set('kyc', { noticePath: '/api/web/v2/kyc/notice-data' });
      set('growth-tabs', {
        endpoints: { rewards: '/api/web/v2/rewards/tasks', competitions: '/api/web/v2/competitions', referral: '/api/web/v2/referral/stats' },
      });
      set('marketing', { newbie: { experimentField: 'ab_group' } });
      set('ip-check', { answerTypes: { vpnAccept: null, vpnCancel: 2, upgradeAccept: 3, upgradeClose: null } });
    });
  });
  test.afterAll(() => shell?.stop());

  test('the KYC notice comes from the configured path', async ({ page, context }) => {
    await page.request.post(`${shell.origin}/__mock/scenarios`, {
      data: {
        name: 'fm-kyc-path',
        extends: 'kyc1-user',
        responses: { '/api/web/v2/kyc/notice-data': { body: { code: 0, data: { show_kyc_upgrade_notice: 1, is_risk_user: 0 } } } },
      },
    });
    await context.addCookies(
      ['uid=10001', 'nickname=alice', 'mock_scenario=fm-kyc-path'].map((c) => ({ name: c.split('=')[0], value: c.split('=')[1], url: shell.origin })),
    );
    const call = page.waitForRequest((r) => r.url().includes('/api/web/v2/kyc/notice-data'));
    await page.goto(`${shell.origin}/`);
    await call;
    await expect(page.getByRole('dialog', { name: 'Upgrade your verification' })).toBeVisible();
  });

  test('the growth pages read their configured endpoints', async ({ page }) => {
    await page.request.post(`${shell.origin}/__mock/scenarios`, {
      data: {
        name: 'fm-growth-paths',
        responses: {
          '/api/web/v2/rewards/tasks': {
            body: {
              code: 0,
              data: {
                list: [
                  {
                    id: 't1',
                    title: 'Make a first deposit',
                    desc: 'Any amount',
                    reward_amount: '10',
                    reward_currency: 'USDT',
                    status: 'todo',
                    url: '/myaccount/deposit/USDT',
                  },
                ],
              },
            },
          },
        },
      },
    });
    await page.context().addCookies([{ name: 'mock_scenario', value: 'fm-growth-paths', url: shell.origin }]);
    const res = await page.goto(`${shell.origin}/rewards_hub`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Make a first deposit' })).toBeVisible();
  });

  test('the new-user popup reads the configured experiment field', async ({ page, context }) => {
    await page.request.post(`${shell.origin}/__mock/scenarios`, {
      data: {
        name: 'fm-ab-group',
        responses: {
          '/api/web/v1/welfare/newbiePrizePop': {
            body: { code: 0, data: { currency: 'USDT', group_A: { num: 40000 }, group_B: { num_first: 20, num_second: 100 }, ab_group: 2 } },
          },
        },
      },
    });
    await context.addCookies([{ name: 'mock_scenario', value: 'fm-ab-group', url: shell.origin }]);
    await page.goto(`${shell.origin}/`);
    await expect(page.locator('[data-plugin="marketing"] [role="dialog"]')).toContainText('100');
  });

  test('the IP check answer mapping is the configured one (VPN cancel sends 2)', async ({ page, context }) => {
    await context.addCookies(
      ['uid=10001', 'nickname=alice', 'mock_scenario=vpn-user'].map((c) => ({ name: c.split('=')[0], value: c.split('=')[1], url: shell.origin })),
    );
    await page.goto(`${shell.origin}/`);
    const dialog = page.locator('[data-plugin="ip-check"] [role="dialog"]');
    await expect(dialog).toContainText('VPN or proxy', { timeout: 15_000 });
    const answer = page.waitForRequest(ipAnswer('2'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await answer;
    await expect(dialog.getByRole('link', { name: 'Upgrade verification' })).toBeVisible();
  });
});
