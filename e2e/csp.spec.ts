import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { sendErrorPage } from '../host/server/error-page';
import { expect, hydrated, logIn, site, test, useScenario, watchPolicy } from './support';

/**
 * Every page and dialog works under the Content-Security-Policy in Chromium: no `securitypolicyviolation` event in
 * any frame and no console message about the policy, logged in and out, desktop and mobile, right to left. The
 * accessibility sweep (accessibility.spec.ts) checks the same on each of its ~80 pages, widgets and dialogs; here are
 * the states it does not reach (flows with actions: consent, logging in, a poster download) and the policy's edges.
 */
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface Visit {
  path: string;
  region?: string;
  scenario?: string;
  loggedIn?: boolean;
  /** Answer the cookie bar up front (default true). */
  consent?: boolean;
  /** Wait for a dialog to show. */
  dialog?: boolean;
  /** What to do on the page once it hydrated. */
  act?: (page: Page) => Promise<void>;
}

async function prepare(context: BrowserContext, v: Visit) {
  const region = v.region ?? 'main';
  if (v.consent !== false) await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site(region) }]);
  if (v.scenario) await useScenario(context, v.scenario, region);
  if (v.loggedIn) await logIn(context, region);
}

/** Visits, hydrates, acts, lets effects run (analytics, device-id SDK, prefetch), then expects no violation. */
async function expectNoViolation(page: Page, context: BrowserContext, v: Visit) {
  await prepare(context, v);
  const problems = await watchPolicy(page);
  await page.goto(`${site(v.region)}${v.path}`);
  await hydrated(page);
  if (v.dialog) await expect(page.getByRole('dialog').first()).toBeVisible();
  await v.act?.(page);
  expect(await problems()).toEqual([]);
}

const desktop: Array<[string, Visit]> = [
  ['home, visitor, accepting the cookie bar', { path: '/', consent: false, act: (p) => p.getByRole('button', { name: 'Accept all' }).click() }],
  [
    'login modal from the header: signup, login, logged in',
    {
      path: '/',
      act: async (p) => {
        await p.locator('header').getByRole('link', { name: 'Log in' }).click();
        const login = p.getByRole('dialog', { name: 'Log in to Gate' });
        await login.getByRole('button', { name: 'Sign up', exact: true }).click();
        const signup = p.getByRole('dialog', { name: 'Create your Gate account' });
        await signup.getByRole('button', { name: 'Log in', exact: true }).click();
        await login.getByLabel('Email or phone number').fill('reviewer@example.com');
        await login.getByLabel('Password', { exact: true }).fill('Secret123');
        await login.getByRole('button', { name: 'Log in', exact: true }).click();
        await expect(p.getByTestId('nickname')).toHaveText('reviewer');
        await hydrated(p);
      },
    },
  ],
  [
    'share modal and poster capture',
    {
      path: '/',
      act: async (p) => {
        await p.locator('[data-plugin="share"]').getByRole('button', { name: 'Share' }).click();
        const dialog = p.getByRole('dialog', { name: 'Share' });
        await expect(dialog.getByRole('img', { name: 'QR code of the shared link' })).toHaveAttribute('src', /^data:image\/png/);
        const download = p.waitForEvent('download', { timeout: 15_000 });
        await dialog.getByRole('button', { name: 'Download poster' }).click();
        await download;
      },
    },
  ],
  ['hostile agreement HTML, sanitized (hostile-agreement)', { path: '/', scenario: 'hostile-agreement', loggedIn: true, dialog: true }],
  ['VIP popup with images (vip-upgraded)', { path: '/', scenario: 'vip-upgraded', loggedIn: true, dialog: true }],
  ['homepage banner (homepage-banner)', { path: '/', scenario: 'homepage-banner' }],
  ['site-switch bar (mismatch-uk)', { path: '/', scenario: 'mismatch-uk' }],
  ['UK site login page', { path: '/en-uk/login', region: 'uk', dialog: true }],
];

test('the watch sees what the policy blocks (an injected inline script, an off-site image)', async ({ page, context }) => {
  await prepare(context, { path: '/' });
  const violations = await watchPolicy(page);
  await page.goto(`${site()}/`);
  await hydrated(page);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = 1';
    document.body.append(s);
    const img = document.createElement('img');
    img.src = 'https://evil.example/pixel.png';
    document.body.append(img);
  });
  await expect.poll(async () => (await violations()).join('\n')).toMatch(/: script-src-elem blocked inline/);
  await expect.poll(async () => (await violations()).join('\n')).toMatch(/: img-src blocked https:\/\/evil\.example/);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
});

test('the Intl warm-up worker starts under the policy, runs and ends', async ({ page, context }) => {
  // Registered before the page loads: the worker is started as the entry runs and is over in a few milliseconds.
  const ended = new Promise<string>((resolve) =>
    page.on('worker', (w) => {
      if (/intl-warm-up/.test(w.url())) w.on('close', () => resolve(w.url()));
    }),
  );
  await expectNoViolation(page, context, { path: '/', act: async () => expect(await ended).toMatch(/^https?:\/\/[^/]+\/assets\/intl-warm-up/) });
});

test.describe('no CSP violation, desktop', () => {
  for (const [name, visit] of desktop) test(name, ({ page, context }) => expectNoViolation(page, context, visit));
});

test.describe('no CSP violation, mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA });
  const mobile: Array<[string, Visit]> = [
    [
      'right to left (/ar/) with the share modal',
      {
        path: '/ar/',
        act: async (p) => {
          await p.locator('[data-plugin="share"]').getByRole('button', { name: 'مشاركة' }).click();
          await expect(p.getByRole('dialog', { name: 'مشاركة' })).toBeVisible();
        },
      },
    ],
    ['new-user popup (newbie-a)', { path: '/', scenario: 'newbie-a', dialog: true }],
  ];
  for (const [name, visit] of mobile) test(name, ({ page, context }) => expectNoViolation(page, context, visit));
});

test.describe('the 500 page', () => {
  let server: Server;
  let url: string;
  test.beforeAll(async () => {
    server = createServer((_req, res) => sendErrorPage(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oops?x=1`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('shows, reloads through its link and breaks no policy', async ({ page }) => {
    const violations = await watchPolicy(page);
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    const reload = page.waitForRequest((r) => r.url() === url && r.isNavigationRequest());
    await page.getByRole('link', { name: 'Refresh' }).click();
    await reload;
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
