import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { sendErrorPage } from '../host/server/error-page';
import { expect, hydrated, logIn, quiet, site, test, useScenario } from './support';

/**
 * Every page and dialog works under the Content-Security-Policy in Chromium: no `securitypolicyviolation` event in
 * any frame and no console message about the policy, logged in and out, desktop and mobile, right to left.
 */
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CSP_MESSAGE = /Content[ -]Security[ -]Policy|Refused to (load|execute|apply|connect|frame|create)/i;

/** Starts recording violations (every frame and document, from the first script on); returns what was recorded. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (m) => CSP_MESSAGE.test(m.text()) && seen.push(`console: ${m.text()}`));
  await page.exposeFunction('__cspViolation', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolation: (line: string) => Promise<void> };
    document.addEventListener(
      'securitypolicyviolation',
      (e) => void w.__cspViolation(`${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
      true,
    );
  });
  return async () => {
    // The error page has no app to hydrate: wait for its requests, not for hydration.
    await quiet(page);
    return [...seen];
  };
}

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
  const violations = await watch(page);
  const hydration: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /hydrat|Minified React error/i.test(m.text()) && hydration.push(m.text()));
  await page.goto(`${site(v.region)}${v.path}`);
  await hydrated(page);
  if (v.dialog) await expect(page.getByRole('dialog').first()).toBeVisible();
  await v.act?.(page);
  expect(await violations()).toEqual([]);
  expect(hydration, 'the page hydrated without a mismatch').toEqual([]);
}

const desktop: Array<[string, Visit]> = [
  ['home, visitor, accepting the cookie bar', { path: '/', consent: false, act: (p) => p.getByRole('button', { name: 'Accept all' }).click() }],
  ['404', { path: '/no-such-page' }],
  ['trade (chart, live stream)', { path: '/trade/BTC_USDT', act: async (p) => void (await expect(p.locator('canvas').first()).toBeVisible()) }],
  ['rewards hub', { path: '/rewards_hub', loggedIn: true }],
  ['account security', { path: '/myaccount/security', loggedIn: true }],
  [
    'deposit page and drawer',
    {
      path: '/myaccount/deposit/BTC',
      loggedIn: true,
      act: async (p) => {
        await p.locator('[data-plugin="drawer"]').getByRole('button', { name: 'Deposit' }).click();
        await expect(p.getByRole('dialog', { name: 'Fund wallet' })).toBeVisible();
      },
    },
  ],
  [
    'transfer micro-apps (frames)',
    {
      path: '/myaccount/transfer',
      loggedIn: true,
      act: async (p) => void (await expect(p.frameLocator('[data-micro-app="funds-transfer"] iframe').locator('h1')).toHaveText('Transfer between accounts')),
    },
  ],
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
  ['signup page', { path: '/signup', dialog: true }],
  [
    'chat room (frame)',
    {
      path: '/',
      loggedIn: true,
      act: async (p) => {
        await p.locator('[data-plugin="chat"]').getByRole('button', { name: 'Support' }).click();
        const room = p.frameLocator('iframe[title="Support chat room"]');
        await room.getByLabel('Message').fill('Hello');
        await room.getByRole('button', { name: 'Send' }).click();
        await expect(room.getByRole('log')).toContainText('Hello');
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
  ['user agreement dialog (pending-agreement)', { path: '/', scenario: 'pending-agreement', loggedIn: true, dialog: true }],
  ['hostile agreement HTML, sanitized (hostile-agreement)', { path: '/', scenario: 'hostile-agreement', loggedIn: true, dialog: true }],
  ['VPN notice (vpn-user)', { path: '/', scenario: 'vpn-user', loggedIn: true, dialog: true }],
  ['compliance notices one by one (several-notices)', { path: '/', scenario: 'several-notices', loggedIn: true, dialog: true }],
  ['business message (business-hostile)', { path: '/', scenario: 'business-hostile', dialog: true }],
  ['new-user popup (newbie-a)', { path: '/', scenario: 'newbie-a', dialog: true }],
  ['VIP popup with images (vip-upgraded)', { path: '/', scenario: 'vip-upgraded', loggedIn: true, dialog: true }],
  ['homepage banner (homepage-banner)', { path: '/', scenario: 'homepage-banner' }],
  ['risk notice (risk-user)', { path: '/', scenario: 'risk-user', loggedIn: true, dialog: true }],
  ['site-switch bar (mismatch-uk)', { path: '/', scenario: 'mismatch-uk' }],
  ['Turkey declaration (tr-declaration)', { path: '/', region: 'tr', scenario: 'tr-declaration', loggedIn: true, dialog: true }],
  ['US site', { path: '/en-us/', region: 'us', loggedIn: true }],
  ['UK site login page', { path: '/en-uk/login', region: 'uk', dialog: true }],
  ['right to left (/ar/), logged in', { path: '/ar/', loggedIn: true }],
];

test('the watch sees what the policy blocks (an injected inline script, an off-site image)', async ({ page, context }) => {
  await prepare(context, { path: '/' });
  const violations = await watch(page);
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
      'home with the app-download bar',
      { path: '/', act: async (p) => void (await expect(p.locator('[data-plugin="app-bar"] [data-testid="app-bar"]')).toBeVisible()) },
    ],
    ['home, logged in', { path: '/', loggedIn: true }],
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
    ['trade', { path: '/trade/ETH_USDT' }],
    ['deposit page', { path: '/myaccount/deposit/USDT', loggedIn: true }],
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
    const violations = await watch(page);
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    const reload = page.waitForRequest((r) => r.url() === url && r.isNavigationRequest());
    await page.getByRole('link', { name: 'Refresh' }).click();
    await reload;
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
