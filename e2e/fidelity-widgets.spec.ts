import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { collectErrors, hydrated, logIn, registerScenario, settled, site, test, useScenario, expect } from './support';

/** Spec fidelity: compliance menu hiding, translation failure reporting, the shell widgets. */

const COMPLIANCE = '/api/web/v1/compliance/check';
const unique = (name: string) => `${name}-${test.info().workerIndex}-${Date.now()}`;
const complianceWithMenu = (menu: string[]) => ({
  [COMPLIANCE]: { body: { code: 0, message: 'success', data: { menu, business: [], limit: {}, toast: {}, tips: {} } } },
});

async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/**
 * Waits for the frames after hydration: the browser-only slot items (app bar, chat) are decided on hydration and
 * rendered before the second animation frame, so an item still absent then was not shown.
 */
async function afterHydrationRender(page: Page) {
  await hydrated(page);
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
}

const analyticsEvents = (page: Page) => {
  const events: Array<{ name: string; at: number; body: Record<string, unknown> }> = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/web/v1/analytics/') || r.method() !== 'POST') return;
    const body = JSON.parse(r.postData() ?? '{}') as Record<string, unknown>;
    events.push({ name: String(body.name), at: Date.now(), body });
  });
  return events;
};
const isEvent = (name: string) => (r: Request) =>
  r.url().includes('/api/web/v1/analytics/') && r.method() === 'POST' && (r.postData() ?? '').includes(`"name":"${name}"`);

test.describe('header navigation follows the compliance menu list (000 §5)', () => {
  test('Futures and Copy Trading disabled: hidden in the desktop and mobile navigation', async ({ page, context }) => {
    const name = await registerScenario(page, { name: unique('menu-futures-copy'), responses: complianceWithMenu(['futures', 'copy_trading']) });
    await useScenario(context, name);
    await logIn(context);
    await open(page, `${site()}/`);
    const desktop = page.locator('.shell-nav--desktop');
    await expect(desktop.getByRole('link', { name: 'Spot', exact: true })).toBeVisible();
    await expect(desktop.getByRole('link', { name: 'Futures', exact: true })).toHaveCount(0);
    await expect(desktop.getByRole('link', { name: 'Copy Trading', exact: true })).toHaveCount(0);
    await expect(page.locator('.shell-nav--mobile [data-nav="futures"], .shell-nav--mobile [data-nav="copy_trading"]')).toHaveCount(0);
    await expect(page.locator('.shell-nav--mobile [data-nav="spot"]')).toHaveCount(1);
  });

  test('nested entries: a disabled way to pay leaves Buy Crypto; all three disabled hide it (second-nav-hidden)', async ({ page, context }) => {
    const one = await registerScenario(page, { name: unique('menu-card'), responses: complianceWithMenu(['credit_paywith_card']) });
    await useScenario(context, one);
    await open(page, `${site()}/`);
    const buy = page.locator('.shell-nav--desktop .shell-nav__item--group');
    await buy.getByRole('link', { name: 'Buy Crypto' }).hover();
    await expect(buy.getByRole('link', { name: 'Bank transfer' })).toBeVisible();
    await expect(buy.getByRole('link', { name: 'P2P trading' })).toBeVisible();
    await expect(buy.locator('[data-nav="credit_paywith_card"]')).toHaveCount(0);

    const all = await registerScenario(page, {
      name: unique('menu-all-pay'),
      responses: complianceWithMenu(['credit_paywith_card', 'bank_card', 'fiat_trade']),
    });
    await useScenario(context, all);
    await open(page, `${site()}/`);
    await expect(page.locator('.shell-nav--desktop').getByRole('link', { name: 'Markets' })).toBeVisible();
    await expect(page.locator('[data-nav="buy_crypto"]')).toHaveCount(0);
  });
});

test('the last failing translation source is reported to monitoring (000 §4)', async ({ page }) => {
  // The page inlines the namespaces it uses; one left out (as when a bundle is missing on the server) is loaded in the
  // browser, from the CDN bundle, then from the origin path: both fail here.
  await page.route(/\/(cdn\/)?locales\/[^/]+\/[^/]+\.json$/, (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.route(`${site()}/de/`, async (route) => {
    const res = await route.fetch();
    const html = await res.text();
    // The boot state's data block shared by the region and language holds the inline translations.
    const tag = '<script type="application/json" id="shell-boot-shared">';
    const start = html.indexOf(tag) + tag.length;
    const end = html.indexOf('</script>', start);
    const shared = JSON.parse(html.slice(start, end)) as { inline: Record<string, Record<string, unknown>> };
    for (const lng of Object.keys(shared.inline)) delete shared.inline[lng].home;
    await route.fulfill({ response: res, body: html.slice(0, start) + JSON.stringify(shared).replace(/</g, '\\u003c') + html.slice(end) });
  });
  const report = page.waitForRequest((r) => r.url().endsWith('/api/web/v1/monitor/report') && (r.postData() ?? '').includes('translation load failed'));
  await page.goto(`${site()}/de/`);
  const body = JSON.parse((await report).postData() ?? '{}') as { kind: string; data: { source: string; url: string; sources: number } };
  expect(body.kind).toBe('error');
  expect(body.data).toMatchObject({ source: 'i18n', sources: 2 });
  // The origin path is the last source: the report names it, not the CDN.
  expect(body.data.url).toMatch(/^\/locales\/(de|en)\/home\.json/);
  await hydrated(page);
});

// support's `test` tracks requests, which `settled` needs.
test("a page inlines the translations it uses: no translation request, and i18next's http backends are not downloaded", async ({ page }) => {
  const manifest = JSON.parse(readFileSync(resolve(process.env.SHELL_DIST ?? 'dist', 'client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const backends = Object.entries(manifest)
    .filter(([key]) => /node_modules\/i18next-(http|chained)-backend\//.test(key))
    .map(([, c]) => `/${c.file}`);
  expect(backends).toHaveLength(2);
  const loads: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/locales\/[^/]+\/[^/]+\.json$/.test(path) || backends.includes(path)) loads.push(path);
  });
  await open(page, `${site()}/de/`);
  await settled(page);
  expect(loads).toEqual([]);
});

test.describe('floating widgets never cover each other (stack)', () => {
  const cases = [
    { width: 390, height: 844, locale: '', expect: ['.cookie-consent', '.app-bar'] },
    { width: 390, height: 844, locale: '/ar', expect: ['.cookie-consent', '.app-bar'] },
    // The longest button labels: Turkish on the Turkish site, at a phone's width and at the narrowest.
    { width: 390, height: 844, locale: '', region: 'tr', expect: ['.cookie-consent'] },
    { width: 320, height: 700, locale: '', region: 'tr', expect: ['.cookie-consent'] },
    { width: 1280, height: 800, locale: '', expect: ['.cookie-consent', '.chat__launcher', '.shell-floatmenu__toggle'] },
    { width: 1280, height: 800, locale: '/ar', expect: ['.cookie-consent', '.chat__launcher', '.shell-floatmenu__toggle'] },
  ];
  for (const c of cases) {
    const label = c.region ? `${c.region} site` : c.locale ? 'RTL ar' : 'LTR en';
    test(`first visit at ${c.width}x${c.height} ${label}: every floating control is unobstructed and clickable`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.setViewportSize({ width: c.width, height: c.height });
      await open(page, `${site(c.region)}${c.locale}/`);
      for (const selector of c.expect) await expect(page.locator(`[data-floating-stack] ${selector}`).first()).toBeVisible();
      if (c.locale) await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // Entry animations (the app bar slides in) have ended: boxes are where they stay.
      await page.evaluate(async () => {
        await Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished),
        );
      });

      // No two widgets' boxes overlap.
      const boxes = await page
        .locator('[data-floating-stack] :is(.cookie-consent, .app-bar, .chat, .shell-floatmenu)')
        .evaluateAll((els) =>
          els.map(
            (el) =>
              ({ cls: el.className, ...el.getBoundingClientRect().toJSON() }) as { cls: string; left: number; right: number; top: number; bottom: number },
          ),
        );
      expect(boxes.length).toBeGreaterThanOrEqual(c.expect.length);
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1)) {
          const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(overlap, `${a.cls} overlaps ${b.cls}`).toBe(false);
        }

      // Every visible control: the element at its centre is the control itself (or inside it), and a click would land.
      const controls = page.locator('[data-floating-stack] :is(button, a[href])');
      const count = await controls.count();
      let checked = 0;
      for (let i = 0; i < count; i++) {
        const control = controls.nth(i);
        if (!(await control.isVisible())) continue;
        const hit = await control.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const inView = r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
          return { own: !!at && (at === el || el.contains(at)), inView, text: (el.textContent || el.getAttribute('aria-label') || '').trim() };
        });
        expect(hit.own, `"${hit.text}" is covered`).toBe(true);
        expect(hit.inView, `"${hit.text}" is off screen`).toBe(true);
        await control.click({ trial: true });
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(c.expect.length + 1);

      if (c.expect.includes('.app-bar')) {
        // The app bar's close control (not under the cookie bar) really closes it.
        await page.locator('.app-bar__close').click();
        await expect(page.locator('[data-testid="app-bar"]')).toHaveCount(0);
        await expect(page.locator('.cookie-consent')).toBeVisible();
      }
      expect(errors).toEqual([]);
    });
  }
});

test.describe('app-download bar (000 §4)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const APP_LINK = /^https:\/\/download\.example-exchange\.com\//;

  test('the view event goes to analytics 1000 ms after display, with the site marks', async ({ page }) => {
    // Page time: when the bar entered the page and when it marked its view sent (a loaded machine only delays both).
    await page.addInitScript(() => {
      const w = window as unknown as { barTimes: { shown?: number; sent?: number } };
      w.barTimes = {};
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="app-bar"]');
        if (bar && w.barTimes.shown === undefined) w.barTimes.shown = performance.now();
        if (bar?.getAttribute('data-view-event') === 'sent' && w.barTimes.sent === undefined) w.barTimes.sent = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-view-event'] });
    });
    const events = analyticsEvents(page);
    const view = page.waitForRequest(isEvent('app_bar_view'));
    await open(page, `${site()}/`);
    await expect(page.locator('[data-testid="app-bar"]')).toBeVisible();
    await view;
    await expect(page.locator('[data-testid="app-bar"]')).toHaveAttribute('data-view-event', 'sent');
    const times = await page.evaluate(() => (window as unknown as { barTimes: { shown: number; sent: number } }).barTimes);
    expect(times.sent - times.shown).toBeGreaterThanOrEqual(1000);
    const event = events.find((e) => e.name === 'app_bar_view')!;
    expect(event.body).toMatchObject({ data: { path: '/' }, region: 'main', marks: ['main'] });
  });

  test('without analytics consent the view event is not sent', async ({ page, context }) => {
    await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: site() }]);
    const events = analyticsEvents(page);
    await open(page, `${site()}/`);
    // The bar marks its view once the 1000 ms have passed: with "necessary only" nothing went out.
    await expect(page.locator('[data-testid="app-bar"]')).toHaveAttribute('data-view-event', 'no-consent');
    expect(events.filter((e) => e.name === 'app_bar_view')).toEqual([]);
  });

  test('main: the click opens the app link in a new tab, then this tab goes to the download page', async ({ page, context }) => {
    await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site() }]);
    await context.route(APP_LINK, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>app</title>' }));
    await open(page, `${site()}/`);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.locator('.app-bar__open').click()]);
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toMatch(APP_LINK);
    await page.waitForURL(`${site()}/appdownload`);
  });

  test('Turkey: the click opens the app link in the same tab, then goes to /mobileapp', async ({ page, context }) => {
    await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site('tr') }]);
    // Like an app link the phone hands to the app: the page stays (204), so the download page follows.
    await context.route(APP_LINK, (route) => route.fulfill({ status: 204 }));
    const newTabs: Page[] = [];
    context.on('page', (p) => newTabs.push(p));
    await open(page, `${site('tr')}/`);
    const sameTab = page.waitForRequest((r) => APP_LINK.test(r.url()) && r.isNavigationRequest() && r.frame() === page.mainFrame());
    await page.locator('.app-bar__open').click();
    await sameTab;
    // (waitForURL would stop at the app link's aborted navigation: a 204 leaves the page as it is.)
    await expect(page).toHaveURL(`${site('tr')}/mobileapp`);
    // A new tab would have opened at the click, before the same-tab navigations above: none did.
    expect(newTabs).toEqual([]);
  });

  test('a user flagged hidden (user info flag) never sees it', async ({ page, context }) => {
    await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site() }]);
    await logIn(context);
    await useScenario(context, 'default');
    await open(page, `${site()}/`);
    await expect(page.locator('[data-testid="app-bar"]')).toBeVisible();
    await useScenario(context, 'app-download-hidden');
    await page.goto(`${site()}/`);
    await afterHydrationRender(page);
    await expect(page.locator('[data-testid="app-bar"]')).toHaveCount(0);
  });
});

test.describe('referral cookies (000 §4)', () => {
  const VERIFY = '/api/web/v1/rebate/verify_invite_info';
  const cookie = async (context: BrowserContext, name: string) => (await context.cookies(site())).find((c) => c.name === name)?.value;

  test('a first invite is stored without verification', async ({ page, context }) => {
    const verifies: string[] = [];
    page.on('request', (r) => r.url().includes(VERIFY) && verifies.push(r.url()));
    await open(page, `${site()}/?ref=FIRST123&ref_type=1&ch=tw`);
    await expect.poll(() => cookie(context, 'ref_uid')).toBe('FIRST123');
    expect(await cookie(context, 'ref_type')).toBe('1');
    expect(await cookie(context, 'ref_channel')).toBe('tw');
    // The cookies are written after a verification would have answered: none was asked for.
    expect(verifies).toEqual([]);
  });

  test('with a ref cookie already there, the new invite is verified first', async ({ page, context }) => {
    await context.addCookies([
      { name: 'ref_uid', value: 'OLDREF12', url: site() },
      { name: 'ref_type', value: '1', url: site() },
    ]);
    const verify = page.waitForRequest((r) => r.url().includes(VERIFY));
    await page.goto(`${site()}/?ref=NEWREF34&ref_type=2`);
    expect(new URL((await verify).url()).searchParams.get('invite_code')).toBe('NEWREF34');
    await expect.poll(() => cookie(context, 'ref_uid')).toBe('NEWREF34');
    expect(await cookie(context, 'ref_type')).toBe('2');
  });
});

test.describe('site switches and marks (000 §3, §6)', () => {
  test('main: a logged-in user has the notification bell with the unread count; no footer sign-up', async ({ page, context }) => {
    await logIn(context);
    await open(page, `${site()}/`);
    const bell = page.locator('[data-plugin="notifications"] a.notif-bell');
    await expect(bell).toHaveAttribute('href', '/myaccount/notifications');
    await expect(bell).toHaveAccessibleName('Notifications (3 unread)');
    await expect(bell.getByTestId('notif-count')).toHaveText('3');
    await expect(page.getByTestId('footer-signup')).toHaveCount(0);
  });

  test('main: a visitor gets the footer sign-up call to action, and no bell', async ({ page }) => {
    await open(page, `${site()}/`);
    const cta = page.getByTestId('footer-signup');
    await expect(cta.getByRole('heading', { name: 'Start trading on Gate today' })).toBeVisible();
    await expect(cta.getByRole('link', { name: 'Sign up now' })).toHaveAttribute('href', '/signup');
    await expect(page.locator('[data-plugin="notifications"]')).toHaveCount(0);
  });

  test('UK (hiddenNotification, hiddenFooterSignup): no bell for a user, no footer sign-up for a visitor', async ({ page, context }) => {
    await open(page, `${site('uk')}/`);
    await expect(page.locator('.shell-footer')).toBeVisible();
    await expect(page.getByTestId('footer-signup')).toHaveCount(0);
    await logIn(context, 'uk');
    await open(page, `${site('uk')}/`);
    await expect(page.getByTestId('nickname')).toHaveText('alice');
    await expect(page.locator('.notif-bell')).toHaveCount(0);
  });

  test('the bell has no badge without unread notifications', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'notifications-none');
    await open(page, `${site()}/`);
    await expect(page.locator('a.notif-bell')).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('notif-count')).toHaveCount(0);
  });

  for (const [region, marks] of [
    ['main', 'main'],
    ['tr', 'tr'],
  ] as const) {
    test(`${region}: back-end calls carry the site marks, and so do analytics events`, async ({ page, context }) => {
      await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site(region) }]);
      const backend = page.waitForRequest(
        (r) => new URL(r.url()).pathname.startsWith('/api/web/v1/') && !r.url().includes('/analytics/') && !r.url().includes('/monitor/'),
      );
      const pageView = page.waitForRequest(isEvent('page_view'));
      await page.goto(`${site(region)}/`);
      expect((await backend).headers()['x-site-marks']).toBe(marks);
      expect(JSON.parse((await pageView).postData() ?? '{}').marks).toEqual([marks]);
    });
  }
});

test.describe('VIP trial in the user menu (000 §3, §6)', () => {
  test('a running trial shows its tier and end date, linking to the VIP page', async ({ page, context }) => {
    await logIn(context);
    await useScenario(context, 'vip-trial');
    await open(page, `${site()}/`);
    await page.locator('.shell-user summary').click();
    const trial = page.getByTestId('vip-trial');
    await expect(trial).toBeVisible();
    await expect(trial).toContainText('VIP 2 trial');
    await expect(trial).toContainText('Until Jan 1, 2030');
    await expect(trial).toHaveAttribute('href', '/vip');
  });

  test('an ended trial, or none, shows nothing', async ({ page, context }) => {
    await logIn(context);
    for (const scenario of ['vip-trial-expired', 'default']) {
      await useScenario(context, scenario);
      await open(page, `${site()}/`);
      await page.locator('.shell-user summary').click();
      await expect(page.locator('.shell-user .shell-menu')).toBeVisible();
      // The tier is asked for once the page is live: its answer has arrived and been drawn.
      await settled(page);
      await expect(page.getByTestId('vip-trial')).toHaveCount(0);
    }
  });

  test('the tier is asked for once, in the browser: the menu is closed on arrival, so the server does not render the line', async ({ page, context }) => {
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/vip-center/get-user-tier') && asked.push(new URL(r.url()).host));
    await logIn(context);
    await useScenario(context, 'vip-trial');
    const html = await (await page.goto(`${site()}/`))!.text();
    expect(html).not.toContain('data-testid="vip-trial"');
    await page.locator('.shell-user summary').click();
    await expect(page.getByTestId('vip-trial')).toBeVisible();
    expect(asked).toHaveLength(1);
  });
});
