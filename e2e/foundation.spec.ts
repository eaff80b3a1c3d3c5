import { collectErrors, hydrated, regionGet, registerScenario, site, expect, test } from './support';

const REGIONS = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
const NAMES: Record<string, string> = { main: 'www.gate.com', tr: 'www.gate.tr', uk: 'www.gate.uk', testnet: 'testnet.gate.com' };
/** The regional sites prefix every path: their home is the default locale's (e2e/locale-paths.spec.ts). */
const PREFIXED_HOME: Record<string, string> = { eu: '/en-eu/', us: '/en-us/', uk: '/en-uk/', jp: '/ja-jp/', ae: '/en-dubai/', au: '/en-au/' };

test.describe('regions by host', () => {
  for (const region of REGIONS) {
    test(`${region} is server-rendered with its own config`, async ({ request }) => {
      const res = await regionGet(request, region, '/', { maxRedirects: 0 });
      const home = PREFIXED_HOME[region];
      if (home) expect(res.headers().location).toBe(home);
      const page = home ? await regionGet(request, region, home) : res;
      expect(page.status()).toBe(200);
      const html = await page.text();
      expect(html).toContain(`/static/logos/${region}-light.svg`);
      if (NAMES[region]) expect(html).toContain(NAMES[region]);
      expect(html).toContain('window.__SHELL__');
    });
  }
});

test('home hydrates without console errors, logged out and in', async ({ page, context }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Sign up' }).first()).toBeVisible();
  await context.addCookies([
    { name: 'uid', value: '777', url: site() },
    { name: 'nickname', value: 'zoe', url: site() },
  ]);
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('nickname')).toHaveText('zoe');
  expect(errors).toEqual([]);
});

test('an unknown path answers 404 with the not-found plugin and its links', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  const nf = page.locator('[data-plugin="not-found"]');
  await expect(nf.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(nf.locator('a[href="/trade/BTC_USDT"]')).toBeVisible();
  await expect(nf.locator('a[href="/explore/bitcoin-halving-countdown"]')).toBeVisible();
  await expect(nf.locator('a[href="/help"]')).toBeVisible();
  await expect(nf.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
});

test('the 404 page keeps the language prefix and refuses off-site redirects', async ({ page }) => {
  await page.goto('/zh/nope?redirect=//evil.example/x');
  await expect(page.locator('[data-plugin="not-found"] a.shell-btn')).toHaveAttribute('href', '/zh/');
});

test('/zh/ is Chinese with red-rise; /ar-dubai/ on ae is right-to-left', async ({ page }) => {
  await page.goto('/zh/');
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/);
  await expect(page.locator('body')).toHaveClass(/red-rise/);
  await page.goto(`${site('ae')}/ar-dubai/`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('body')).toHaveClass(/green-rise/);
});

test('nl is noindex on main; canonical and x-default are present', async ({ request }) => {
  const nl = await (await request.get('/nl/')).text();
  expect(nl).toMatch(/<meta name="robots" content="noindex/);
  const en = await (await request.get('/price')).text();
  expect(en).not.toMatch(/name="robots"/);
  expect(en).toMatch(/<link rel="canonical" href="[^"]+\/price"/);
  expect(en).toMatch(/hrefLang="x-default"/);
  expect(en).toMatch(/hrefLang="en-TR" href="[^"]+\/en\/price"/);
});

test('US paths get /en-us except /login and /signup', async ({ request }) => {
  const home = await regionGet(request, 'us', '/price', { maxRedirects: 0 });
  expect(home.status()).toBe(302);
  expect(home.headers().location).toBe('/en-us/price');
  const login = await regionGet(request, 'us', '/login', { maxRedirects: 0 });
  expect(login.status()).not.toBe(302);
});

test('an unsupported locale resets the lang cookie and redirects', async ({ request }) => {
  const res = await regionGet(request, 'tr', '/ja-jp/price', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/price');
  expect(res.headers()['set-cookie']).toMatch(/lang=tr/);
  const forged = await request.get('/price', { maxRedirects: 0, headers: { cookie: 'lang=%3Cscript%3E' } });
  expect(forged.status()).toBe(302);
  expect(forged.headers()['set-cookie']).toMatch(/lang=en/);
});

test('a registered scenario answers per cookie, raw and status included', async ({ page, request }) => {
  const name = await registerScenario(page, {
    name: `e2e-raw-${Date.now()}`,
    responses: {
      '/api/web/v1/site/settings': { raw: '{"code":0,"data":' },
      '/api/web/v1/compliance/check': { status: 503, body: { code: 503 } },
    },
  });
  const raw = await request.get('/api/web/v1/site/settings', { headers: { cookie: `mock_scenario=${name}` } });
  expect(await raw.text()).toBe('{"code":0,"data":');
  const status = await request.get('/api/web/v1/compliance/check?lang=en', { headers: { cookie: `mock_scenario=${name}` } });
  expect(status.status()).toBe(503);
  const other = await request.get('/api/web/v1/site/settings');
  expect((await other.json()).code).toBe(0);
  const page2 = await request.get('/', { headers: { cookie: `mock_scenario=${name}` } });
  expect(page2.status()).toBe(200);
});

for (const scenario of ['all-500', 'all-malformed', 'all-nonzero']) {
  test(`pages still render when every endpoint answers ${scenario}`, async ({ page, context }) => {
    await context.addCookies([
      { name: 'mock_scenario', value: scenario, url: site() },
      { name: 'uid', value: '5', url: site() },
      { name: 'nickname', value: 'eve', url: site() },
    ]);
    for (const path of ['/', '/zh/', '/no-such-page']) {
      const res = await page.goto(path);
      expect(res?.status()).toBeLessThan(500);
      await expect(page.locator('header.shell-header')).toBeVisible();
      await expect(page.locator('footer.shell-footer')).toBeVisible();
    }
  });
}

test.describe('mobile width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('home lays out without horizontal scroll and keeps the menu reachable', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.locator('.shell-nav-toggle summary').click();
    await expect(page.locator('.shell-nav--mobile')).toBeVisible();
  });
});

test('the server refuses to start on an invalid region config, printing the CLI message', async () => {
  const { mkdtempSync, cpSync, symlinkSync, readFileSync, writeFileSync } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  const { join, resolve } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const root = resolve(import.meta.dirname, '..');
  const dir = mkdtempSync(join(tmpdir(), 'shell-bad-'));
  for (const name of ['locales', 'plugins', process.env.SHELL_DIST ?? 'dist']) symlinkSync(join(root, name), join(dir, name));
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  cpSync(join(root, 'region-configs'), join(dir, 'region-configs'), { recursive: true });
  const file = join(dir, 'region-configs/main.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"hiddenReferral": false,', '"hiddenReferral": false, "colour": 1,'));
  const run = spawnSync(process.execPath, [join(root, process.env.SHELL_DIST ?? 'dist', 'server/entry.js')], {
    env: { ...process.env, SHELL_ROOT: dir, PORT: '0' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/Refusing to start: .*\n.*main\.json:\d+:\d+ {2}\/colour {2}unknown field 'colour'/);
});
