import type { BrowserContext, Page } from '@playwright/test';
import { collectErrors, expect, hydrated, logIn, registerScenario, settled, site, freshTest, test, useScenario } from './support';

/**
 * Spec fidelity (data items): coin icons wherever a coin is shown, the local database for chart layouts,
 * the trade side-menu layout, the deposit picker as a modal, the chart's trading overlay, and rise/fall text colours
 * that reach WCAG AA.
 */

const chart = (page: Page) => page.locator('[data-plugin="chart"]');
const ready = (page: Page) => expect(chart(page).locator('.chart-widget')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
const ICON = (coin: string) => new RegExp(`^/cdn/coin-icons/${coin}\\.png\\?w=\\d+&q=75(&v=\\d{10})?$`);

/** A scenario whose coin-icon whitelist has the given coins (so their icons carry the hourly version). */
async function whitelist(page: Page, context: BrowserContext, coins: string[]) {
  const name = await registerScenario(page, {
    name: `icons-${coins.join('-')}-${Date.now()}`,
    responses: { '/js/tool/coin_icon_whitelist.json': { body: { coinIconVersionWhiteList: coins } } },
  });
  await useScenario(context, name);
}

/** Reads one record of the local database (IndexedDB 'exchange-shell', table 'table', version 1672531). */
function readLocalDb(page: Page, key: string) {
  return page.evaluate(
    (k) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('exchange-shell', 1672531);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onupgradeneeded = () => open.result.createObjectStore('table');
        open.onsuccess = () => {
          const get = open.result.transaction('table').objectStore('table').get(k);
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result ?? null);
          };
        };
      }),
    key,
  );
}

/** WCAG contrast of an element's text colour against the first opaque background behind it. */
function contrastOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = ([r, g, b]: number[]) => {
        const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      let bg: number[] = [255, 255, 255];
      for (let n: Element | null = el; n; n = n.parentElement) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] === 1)) {
          bg = c.slice(0, 3);
          break;
        }
      }
      const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    });
}

test.describe('coin icons (CoinIcon)', () => {
  test('the trade page symbol and the symbol search show coin icons', async ({ page }) => {
    await page.goto('/trade/ETH_USDT');
    await expect(chart(page).getByRole('heading', { level: 1 }).locator('img')).toHaveAttribute('src', ICON('eth'));
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search symbol' }).fill('sol');
    const result = chart(page).getByRole('link', { name: /SOL\/USDT/ });
    await expect(result.locator('img')).toHaveAttribute('src', ICON('sol'));
  });

  test('the deposit page, the drawer and the home stats show coin icons', async ({ page, context }) => {
    await logIn(context);
    await page.goto('/myaccount/deposit/BTC');
    const deposit = page.locator('[data-plugin="drawer"]');
    await expect(deposit.getByRole('heading', { level: 1 }).locator('img')).toHaveAttribute('src', ICON('btc'));
    await expect(deposit.getByRole('link', { name: 'ETH' }).locator('img')).toHaveAttribute('src', ICON('eth'));
    await hydrated(page);
    await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click();
    const drawer = page.getByRole('dialog', { name: 'Fund wallet' });
    await expect(drawer.getByRole('link', { name: /On-chain deposit/ }).locator('img')).toHaveAttribute('src', ICON('usdt'));

    await page.goto('/');
    await expect(page.locator('[data-stat="simple_earn_apr_usdt"] img')).toHaveAttribute('src', ICON('usdt'));
  });

  freshTest("the hourly version is the server render's, whatever the browser clock says, and moves on at the next hour", async ({ page, context }) => {
    await whitelist(page, context, ['usdt', 'btc']);
    await logIn(context);
    // The browser's clock is 5 hours ahead of the server's: a version computed in the browser would differ.
    await page.clock.install({ time: Date.now() + 5 * 3_600_000 });
    const errors = collectErrors(page);
    const response = await page.goto('/myaccount/deposit/BTC');
    const served = /<img[^>]*class="shell-coin-icon[^"]*"[^>]*src="(\/cdn\/coin-icons\/btc\.png\?[^"]+)"/.exec((await response!.text()).replace(/&amp;/g, '&'));
    expect(served?.[1]).toMatch(/&v=\d{10}$/);
    const heading = page.locator('[data-plugin="drawer"]').getByRole('heading', { level: 1 }).locator('img');
    await hydrated(page);
    await expect(heading).toHaveAttribute('src', served![1]);
    expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);

    // The clock moves once the icon itself is React's: React may hydrate the page's part after the root (the document
    // is marked hydrated first), and the icon's hourly timer starts when its part hydrates (then a frame and a task, for
    // React's effects to run).
    await heading.evaluate(
      (img) =>
        new Promise((resolve) => {
          const hydratedIcon = () => Object.keys(img).some((k) => k.startsWith('__reactFiber'));
          const check = () => (hydratedIcon() ? requestAnimationFrame(() => setTimeout(resolve, 0)) : setTimeout(check, 20));
          check();
        }),
    );
    await page.clock.runFor(3_600_000);
    const next = await page.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}`;
    });
    await expect(heading).toHaveAttribute('src', served![1].replace(/v=\d{10}$/, `v=${next}`));
  });
});

test.describe('local database for chart layouts', () => {
  const KEY = 'chart.layout.v1.SOL_USDT';

  test('a saved layout lives in IndexedDB (not localStorage) and comes back after a reload', async ({ page }) => {
    await page.goto('/trade/SOL_USDT');
    await ready(page);
    await page.getByRole('combobox', { name: 'Resolution' }).selectOption('15');
    await expect.poll(async () => JSON.parse(String((await readLocalDb(page, KEY)) ?? '{}')).resolution).toBe('15');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('chart.layout')))).toEqual([]);
    await page.reload();
    await ready(page);
    await expect(page.getByRole('combobox', { name: 'Resolution' })).toHaveValue('15');
  });

  test('without IndexedDB the layout falls back to localStorage and still comes back', async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { indexedDB?: unknown }).indexedDB;
      if ('indexedDB' in window && window.indexedDB) Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
    });
    const errors = collectErrors(page);
    await page.goto('/trade/SOL_USDT');
    await ready(page);
    await page.getByRole('combobox', { name: 'Resolution' }).selectOption('240');
    await expect.poll(() => page.evaluate((k) => JSON.parse(localStorage.getItem(`localdb.${k}`) ?? 'null'), KEY)).toContain('"resolution":"240"');
    await page.reload();
    await ready(page);
    await expect(page.getByRole('combobox', { name: 'Resolution' })).toHaveValue('240');
    expect(errors).toEqual([]);
  });

  test('a layout stored in localStorage before the database is moved into it', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(
      (k) =>
        localStorage.setItem(
          k,
          JSON.stringify({ v: 1, resolution: '5', indicators: [], overlays: { volume: true, liquidation: true }, paneHeights: [], visible: null, savedAt: 1 }),
        ),
      KEY,
    );
    await page.goto('/trade/SOL_USDT');
    await ready(page);
    await expect(page.getByRole('combobox', { name: 'Resolution' })).toHaveValue('5');
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
    expect(JSON.parse(String(await readLocalDb(page, KEY))).resolution).toBe('5');
  });
});

test.describe('trade side-menu layout', () => {
  test('wraps the trade page: expanded 288 px at 1280, collapsible, current page marked', async ({ page }) => {
    await page.goto('/trade/BTC_USDT');
    const nav = page.getByRole('navigation', { name: 'Trade' });
    await expect(nav.getByRole('link', { name: 'Spot' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Futures' })).toHaveAttribute('href', '/futures/USDT/BTC_USDT');
    expect(Math.round((await page.locator('.shell-sidemenu-layout--trade .shell-sidemenu').boundingBox())!.width)).toBe(288);
    await hydrated(page);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(page.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => Math.round((await page.locator('.shell-sidemenu-layout--trade .shell-sidemenu').boundingBox())!.width)).toBe(96);
  });

  test('is a dropdown at 390 px and hides entries the compliance menu disables', async ({ page, context }) => {
    await useScenario(context, 'menu-gated');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/trade/BTC_USDT');
    await hydrated(page);
    await page.getByRole('button', { name: /Menu: Spot/ }).click();
    const nav = page.getByRole('navigation', { name: 'Trade' });
    await expect(nav.getByRole('link', { name: 'Copy trading' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Futures' })).toHaveCount(0);
  });

  test('hides by the same core menu rule as the header (menu-gated, desktop, logged in)', async ({ page, context }) => {
    await useScenario(context, 'menu-gated');
    await logIn(context);
    await page.goto('/trade/BTC_USDT');
    await settled(page);
    const side = page.getByRole('navigation', { name: 'Trade' });
    const header = page.locator('header .shell-nav--desktop');
    await expect(side.getByRole('link')).toHaveText(['Spot', 'Alpha', 'Pre-market', 'Copy trading', 'Trading bots']);
    await expect(header.getByRole('link', { name: 'Futures' })).toHaveCount(0);
    for (const name of ['Spot', 'Copy Trading']) await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    // Without the persona the same page lists Futures in both menus: the rule, not the page, hides it.
    await context.clearCookies({ name: 'mock_scenario' });
    await page.reload();
    await settled(page);
    await expect(side.getByRole('link', { name: 'Futures' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Futures' })).toBeVisible();
  });
});

test.describe('deposit picker modal', () => {
  test("the trade page's Deposit button opens the picker as a modal for the quote coin", async ({ page, context }) => {
    await logIn(context);
    await page.goto('/trade/BTC_USDT');
    await hydrated(page);
    const open = chart(page).getByRole('button', { name: 'Deposit USDT' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Choose a deposit method' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('link', { name: /On-chain deposit/ })).toHaveAttribute('href', '/myaccount/deposit/USDT');
    await expect(dialog.getByRole('link')).toHaveCount(5);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    await open.click();
    await expect(page.getByRole('dialog', { name: 'Choose a deposit method' })).toBeVisible();
  });

  test('visitors get no Deposit button on the trade page', async ({ page }) => {
    await page.goto('/trade/BTC_USDT');
    await settled(page);
    await expect(chart(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(chart(page).getByRole('button', { name: 'Deposit USDT' })).toHaveCount(0);
  });
});

test.describe('chart trading overlay (fake API)', () => {
  test('visitors see no overlay and never ask for positions or orders', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => /\/chart\/(positions|orders|marks)/.test(r.url()) && asked.push(r.url()));
    await page.goto('/trade/BTC_USDT');
    await ready(page);
    await settled(page);
    await expect(page.getByTestId('chart-positions')).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('a logged-in user gets the demo overlay, in the server render already', async ({ page, context }) => {
    await logIn(context);
    const response = await page.goto('/trade/BTC_USDT');
    expect(await response!.text()).toContain('data-testid="chart-positions"');
    await expect(page.getByTestId('chart-positions').locator('tbody tr')).toHaveCount(5);
    await expect(page.getByTestId('chart-positions').getByRole('button', { name: 'Close' })).toBeVisible();
  });
});

test.describe('rise/fall text colours (WCAG AA 4.5:1)', () => {
  for (const [label, cookies] of [
    ['light, green rise', []],
    ['dark, green rise', [{ name: 'theme', value: 'dark' }]],
  ] as const) {
    test(`the positions table P&L in ${label}`, async ({ page, context }) => {
      await logIn(context);
      if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: site() })));
      await page.goto('/trade/BTC_USDT');
      await hydrated(page);
      const pnl = page.getByTestId('chart-positions').locator('td.chart-up, td.chart-down');
      await expect(pnl.first()).toBeVisible();
      expect(await contrastOf(page, '[data-testid="chart-positions"] td.chart-up, [data-testid="chart-positions"] td.chart-down')).toBeGreaterThanOrEqual(4.5);
    });
  }

  test('both text shades reach 4.5:1 with red rise (Chinese) in light and dark themes', async ({ page }) => {
    await page.goto('/zh/trade/BTC_USDT');
    await hydrated(page);
    const ratios = await page.evaluate(() => {
      const out: number[] = [];
      for (const dark of [false, true]) {
        document.body.classList.toggle('theme-dark', dark);
        for (const cls of ['chart-up', 'chart-down']) {
          const el = document.createElement('span');
          el.className = cls;
          el.textContent = '+1.00';
          document.body.append(el);
          const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
          const lum = ([r, g, b]: number[]) => {
            const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
          };
          const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(getComputedStyle(document.body).backgroundColor))].sort((x, y) => y - x);
          out.push((a + 0.05) / (b + 0.05));
          el.remove();
        }
      }
      return { red: document.body.classList.contains('red-rise'), out };
    });
    expect(ratios.red).toBe(true);
    for (const r of ratios.out) expect(r).toBeGreaterThanOrEqual(4.5);
  });
});
