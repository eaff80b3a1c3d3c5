import type { Page, Response } from '@playwright/test';
import { collectErrors, expect, hydrated, logIn, settled, test, useScenario } from './support';

/** What identifies lightweight-charts: its lazy chunk's name (build) or module path (dev), or its attribution link. */
const CHART_CHUNK = /lightweight-charts|chart-mount/;
const LWC_SIGNATURE = 'utm_medium=lwc-link';

const widget = (page: Page) => page.locator('[data-plugin="chart"] .chart-widget');

/** Every JavaScript response of the page, with its body. */
function collectScripts(page: Page): Array<Promise<{ url: string; body: string }>> {
  const scripts: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (r: Response) => {
    const type = r.request().resourceType();
    if (type === 'script' || /\.m?[jt]sx?(\?|$)/.test(new URL(r.url()).pathname))
      scripts.push(
        r.text().then(
          (body) => ({ url: r.url(), body }),
          () => ({ url: r.url(), body: '' }),
        ),
      );
  });
  return scripts;
}

/** One record of the shell's local database (IndexedDB 'exchange-shell', table 'table'), where layouts are saved. */
function savedLayout(page: Page, key: string) {
  return localDb(page, 'readonly', key);
}

/** Writes a raw value into the local database (as a malformed layout would be stored). */
function saveRaw(page: Page, key: string, value: string) {
  return localDb(page, 'readwrite', key, value);
}

/** Runs one request on the local database in the page and resolves its result. */
function localDb(page: Page, mode: IDBTransactionMode, key: string, value?: string): Promise<unknown> {
  return page.evaluate(
    ([m, k, v]) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('exchange-shell', 1672531);
        open.onupgradeneeded = () => open.result.createObjectStore('table');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const table = open.result.transaction('table', m).objectStore('table');
          const req = m === 'readonly' ? table.get(k) : table.put(v, k);
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result ?? null);
          };
          req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
        };
      }),
    [mode, key, value] as const,
  );
}

async function readyChart(page: Page, path = '/trade/BTC_USDT') {
  await page.goto(path);
  await expect(widget(page)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
}

/** The price pane's box (the first row's middle cell of lightweight-charts' table). */
async function pricePane(page: Page) {
  const box = await page.locator('[data-plugin="chart"] .chart-canvas table tr').first().locator('td').nth(1).boundingBox();
  if (!box) throw new Error('price pane not found');
  return box;
}

/**
 * Scans a column of the price pane, every 3 px, for the cursor lightweight-charts shows over a primitive's hit: the
 * moves are dispatched in the page (one round trip, the chart redraws once), read back after each one.
 */
async function findCursor(page: Page, x: number, cursor: string): Promise<number[]> {
  const box = await pricePane(page);
  return page.evaluate(
    ({ x, top, bottom, cursor }) => {
      const surface = document.querySelector<HTMLElement>('[data-plugin="chart"] .chart-canvas > div');
      const ys: number[] = [];
      const at = (type: string, y: number) =>
        document.elementFromPoint(x, y)?.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true, view: window }));
      at('mouseenter', top);
      for (let y = top; y < bottom; y += 3) {
        at('mousemove', y);
        if (surface?.style.cursor === cursor) ys.push(y);
      }
      return ys;
    },
    { x, top: box.y + 4, bottom: box.y + box.height - 4, cursor },
  );
}

test.describe('chart plugin', () => {
  test('/trade/BTC_USDT draws canvases inside [data-plugin="chart"] with no console errors', async ({ page }) => {
    const errors = collectErrors(page);
    await readyChart(page);
    await hydrated(page);
    expect(await page.locator('[data-plugin="chart"] canvas').count()).toBeGreaterThan(3);
    await expect(page.locator('[data-plugin="chart"] .chart-skeleton')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Charts by TradingView' })).toHaveAttribute('href', /tradingview\.com/);
    await settled(page);
    expect(errors).toEqual([]);
  });

  test('the server renders a skeleton, not a blank box', async ({ request }) => {
    const html = await (await request.get('/trade/BTC_USDT')).text();
    expect(html).toContain('data-plugin="chart"');
    expect(html).toMatch(/class="chart-skeleton"[^>]*role="status"/);
    expect(html).toContain('data-ready="false"');
  });

  test('the home page never downloads lightweight-charts; the trade page does', async ({ page }) => {
    const scripts = collectScripts(page);
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const home = await Promise.all(scripts);
    expect(home.length).toBeGreaterThan(0);
    expect(home.filter((s) => CHART_CHUNK.test(s.url) || s.body.includes(LWC_SIGNATURE)).map((s) => s.url)).toEqual([]);

    scripts.length = 0;
    await readyChart(page);
    const trade = await Promise.all(scripts);
    expect(trade.some((s) => CHART_CHUNK.test(s.url) && s.body.includes(LWC_SIGNATURE))).toBe(true);
  });

  test('a theme change recolours the same chart and saves the layout', async ({ page }) => {
    await readyChart(page, '/trade/ETH_USDT');
    const canvases = await page.locator('[data-plugin="chart"] canvas').count();
    const pixel = () =>
      page.evaluate(() => {
        const canvas = document.querySelector('[data-plugin="chart"] .chart-canvas tr td:nth-child(2) canvas') as HTMLCanvasElement;
        return Array.from(canvas.getContext('2d')!.getImageData(1, 1, 1, 1).data).join(',');
      });
    // The header sets the body's theme class once hydrated: switch only then, with its own button.
    await hydrated(page);
    await expect.poll(pixel).not.toMatch(/,0$/);
    const before = await pixel();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('body')).toHaveClass(/theme-dark/);
    await expect.poll(() => savedLayout(page, 'chart.layout.v1.ETH_USDT')).not.toBeNull();
    expect(await page.locator('[data-plugin="chart"] canvas').count()).toBe(canvases);
    await expect.poll(pixel).not.toBe(before);
  });

  test('indicators, inputs and resolution are saved per symbol and restored; reset restores defaults', async ({ page }) => {
    await readyChart(page, '/trade/SOL_USDT');
    await page.getByRole('button', { name: 'KDJ', exact: true }).click();
    await page.getByRole('button', { name: 'KDJ settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Period').fill('2001');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter a whole number from 1 to 2000.');
    await dialog.getByLabel('Period').fill('14');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Resolution' }).selectOption('15');
    await expect(widget(page)).toHaveAttribute('data-ready', 'true');

    await page.reload();
    await expect(widget(page)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    await expect(page.getByRole('combobox', { name: 'Resolution' })).toHaveValue('15');
    await expect(page.getByRole('button', { name: 'KDJ', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'KDJ settings' }).click();
    await expect(page.getByRole('dialog').getByLabel('Period')).toHaveValue('14');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Reset layout' }).click();
    await expect(page.getByRole('combobox', { name: 'Resolution' })).toHaveValue('60');
    await expect(page.getByRole('button', { name: 'KDJ', exact: true })).toHaveAttribute('aria-pressed', 'false');
  });

  test('a malformed stored layout is ignored', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await saveRaw(page, 'chart.layout.v1.BTC_USDT', '{"v":1,"resolution":"7","indicators":"x"');
    await readyChart(page);
    await expect(page.getByRole('combobox', { name: 'Resolution' })).toHaveValue('60');
    expect(errors).toEqual([]);
  });

  test('position buttons on the canvas show a toast; dragging an order line moves the order', async ({ page, context }) => {
    await logIn(context);
    await readyChart(page);
    await expect(page.locator('.chart-positions tbody tr')).toHaveCount(5);
    await settled(page);
    const pane = await pricePane(page);
    const closeX = pane.x + pane.width - 40 - 10;
    const buttons = await findCursor(page, closeX, 'pointer');
    expect(buttons.length).toBeGreaterThan(0);
    await page.mouse.click(closeX, buttons[0] + 1);
    await expect(page.locator('.shell-toast').last()).toContainText(/requested for (pos|ord)-BTC_USDT/);

    const lines = await findCursor(page, pane.x + 100, 'ns-resize');
    expect(lines.length).toBeGreaterThan(0);
    const priceCells = page.locator('.chart-positions tbody tr td:nth-child(2)');
    const before = await priceCells.allTextContents();
    const y = lines[lines.length - 1];
    await page.mouse.move(pane.x + 100, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(pane.x + 100, y - i * 6);
    await page.mouse.up();
    await expect(page.locator('.shell-toast').last()).toContainText(/Order ord-BTC_USDT-\w+ moved to \d/);
    expect(await priceCells.allTextContents()).not.toEqual(before);
  });

  test('at 1D the fills of a busy trader group by the room of a bar: markers bounded by width / spacing, labels when zoomed in', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'chart-busy-trader');
    await readyChart(page);
    await settled(page);
    const marks = page.waitForResponse((r) => r.url().includes('/chart/marks'));
    await page.getByRole('combobox', { name: 'Resolution' }).selectOption('1D');
    const fills: number = (await (await marks).json()).data.list.length;
    await expect(widget(page)).toHaveAttribute('data-ready', 'true');
    await settled(page);
    const canvas = page.locator('[data-plugin="chart"] .chart-canvas');
    const pane = await pricePane(page);
    // Per side: markers at least `spacing` px apart over the visible width and one bar of slack each side (a bar is
    // narrower than the spacing, or holds one marker), so at most width / spacing + 3.
    const drawn = async () => {
      const { count, spacing } = await canvas.evaluate((el: HTMLElement) => ({ count: Number(el.dataset.markers), spacing: Number(el.dataset.markerSpacing) }));
      expect(spacing).toBeGreaterThanOrEqual(11);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(2 * (Math.floor(pane.width / spacing) + 3));
      return count;
    };
    expect(fills).toBeGreaterThanOrEqual(5000);
    await expect(canvas).toHaveAttribute('data-marker-labels', 'false');
    expect(await drawn()).toBeLessThan(fills / 20);

    // Zoomed in (wider bars) the markers carry their summed quantities, grouped so that labels keep apart.
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, -100);
        return canvas.getAttribute('data-marker-labels');
      })
      .toBe('true');
    await drawn();
  });

  test('symbol search waits for typing to stop, then links to the chart', async ({ page }) => {
    await readyChart(page);
    const searches: number[] = [];
    page.on('request', (r) => r.url().includes('/chart/search') && searches.push(Date.now()));
    const typedAt = Date.now();
    await page.getByRole('searchbox', { name: 'Search symbol' }).pressSequentially('eth', { delay: 50 });
    await expect(page.getByRole('link', { name: /ETH\/USDT/ })).toBeVisible();
    expect(searches).toHaveLength(1);
    expect(searches[0] - typedAt).toBeGreaterThanOrEqual(1000);
    await expect(page.getByRole('link', { name: /ETH\/USDT/ })).toHaveAttribute('href', '/trade/ETH_USDT');
  });

  test('works at 390 px in Arabic (RTL page, LTR canvas)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await readyChart(page, '/ar/trade/BTC_USDT');
    const w = widget(page);
    const box = await w.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await expect(page.locator('[data-plugin="chart"] .chart-canvas')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('combobox', { name: 'الإطار الزمني' })).toBeVisible();
  });

  test('an unknown symbol explains itself and links to the default one', async ({ page }) => {
    await page.goto('/trade/NOPE_USDT');
    await expect(page.locator('[data-plugin="chart"]').getByRole('alert')).toContainText('NOPE_USDT');
    await expect(page.getByRole('link', { name: 'Open the BTC/USDT chart' })).toHaveAttribute('href', '/trade/BTC_USDT');
  });

  test('failing chart data shows an error, not an endless skeleton', async ({ page, context }) => {
    await useScenario(context, 'chart-down');
    await page.goto('/trade/BTC_USDT');
    await expect(widget(page)).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
    await expect(page.locator('[data-plugin="chart"] .chart-message')).toBeVisible();
  });
});
