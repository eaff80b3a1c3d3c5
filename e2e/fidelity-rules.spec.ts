import { expect, type Page } from '@playwright/test';
import { hydrated, logIn, registerScenario, settled, site, test, useScenario } from './support';

/** The last spec rules with a consumer: monitoring's events and release tags, footer tips, fiat, coin count. */

const unique = (name: string) => `${name}-${test.info().workerIndex}-${Date.now()}`;
const FUNDS = '/apiw/v2/account/total_funds';
const WEB_TIPS = '/api/web/v1/kyc/footerTipsCheck';
const LEGACY_TIPS = '/json_svr/footer_tips_check';
const tips = (show: 0 | 1) => ({ body: { code: 0, result: true, data: { is_show: show, tips_type: 'kyc_upgrade', content: '' } } });

async function releaseOf(page: Page) {
  return (await page.locator('meta[name="release"]').getAttribute('content')) ?? '';
}

test.describe('monitoring (000 §7, §9)', () => {
  test('the page names its release; a back-end default the browser used is reported with it', async ({ page, context }) => {
    const name = await registerScenario(page, { name: unique('funds-down'), responses: { [FUNDS]: { status: 500, body: { code: 500 } } } });
    // A uid of its own: the fake API's monitoring sink is read back by it (a beacon's body is not visible here).
    const uid = `9${test.info().workerIndex}${String(Date.now() % 1e6).padStart(6, '0')}`;
    await logIn(context, 'main', uid);
    await useScenario(context, name);
    await page.goto(`${site()}/`);
    await hydrated(page);
    const [id, date] = (await releaseOf(page)).split(' ');
    expect(id).toMatch(/^\d+\.\d+\.\d+(\+[0-9a-f]{7,})?$/);
    expect(Number.isFinite(Date.parse(date))).toBe(true);
    await page.locator('.shell-user > summary').click();
    const events = async () => {
      const reply = (await (await page.request.get(`${site()}/__mock/monitor?uid=${uid}`)).json()) as { data: Array<{ data: Record<string, unknown> }> };
      return reply.data.map((r) => r.data).filter((d) => d?.name === 'backend_default');
    };
    await expect.poll(events).toHaveLength(1);
    expect((await events())[0]).toMatchObject({ kind: 'event', name: 'backend_default', data: { path: FUNDS }, release: id, releaseDate: date });
  });
});

test.describe('KYC tip bar: one footer-tips check per page', () => {
  for (const [label, web, legacy, home, account] of [
    ['the web check decides outside the account centre', 1, 0, true, false],
    ['the legacy json_svr check decides inside it', 0, 1, false, true],
  ] as const) {
    test(label, async ({ page, context }) => {
      const name = await registerScenario(page, {
        name: unique('tips'),
        extends: 'kyc1-user',
        responses: { [WEB_TIPS]: tips(web), [LEGACY_TIPS]: tips(legacy) },
      });
      await logIn(context);
      await useScenario(context, name);
      for (const [path, shown] of [
        ['/', home],
        ['/myaccount/security', account],
      ] as const) {
        // The bar is rendered on the server: its HTML decides.
        const html = await (await page.goto(`${site()}${path}`))!.text();
        expect(html.includes('class="kyc-tipbar"'), path).toBe(shown);
      }
    });
  }
});

test('after a reload the deposit picker keeps the fiat chosen in the header', async ({ page, context }) => {
  await logIn(context);
  await page.goto(`${site()}/myaccount/deposit/USDT`);
  await hydrated(page);
  const p2p = page.getByTestId('deposit-picker').locator('a[href^="/c2c/"]');
  await expect(p2p).toHaveAttribute('href', '/c2c/USDT_USD');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await page.reload();
  await hydrated(page);
  await expect(p2p).toHaveAttribute('href', '/c2c/USDT_EUR');
  await expect(page.getByTestId('deposit-picker').locator('a[href*="method=card"]')).toHaveAttribute('href', /fiat=EUR$/);
});

test('the hero, the spot card, the meta description and the statistics state one coin count, from the site settings', async ({ page }) => {
  // The fake site settings say 3800; its homeStaticTradeData's curr_count is another number (3600-3999), never shown.
  await page.goto(`${site()}/`);
  await settled(page);
  const count = '3,800';
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`\\b${count}\\+ cryptocurrencies`));
  await expect(page.locator('.shell-hero__lead')).toContainText(`${count}+ cryptocurrencies`);
  await expect(page.locator('.shell-card', { hasText: 'Spot trading' })).toContainText(`Trade ${count}+ coins`);
  await expect(page.locator('[data-plugin="home"] [data-stat="curr_count"] dd')).toHaveText(count);
  const stats = (await (await page.request.get(`${site()}/api/web/v1/site/homeStaticTradeData`)).json()) as { data: { curr_count: number } };
  const other = stats.data.curr_count.toLocaleString('en');
  if (other !== count) expect(await page.locator('body').innerText()).not.toContain(other);
  expect(await page.content()).not.toMatch(/2,700/);
  // German groups with a dot: one number there too.
  await page.goto(`${site()}/de/`);
  await expect(page.locator('.shell-hero__lead')).toContainText('über 3.800 Kryptowährungen');
  await expect(page.locator('[data-plugin="home"] [data-stat="curr_count"] dd')).toHaveText('3.800');
});
