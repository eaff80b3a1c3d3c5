import type { Browser, BrowserContext, Page } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { expect, logIn, returningVisitor, settled, site, still, test, useScenario, watchPolicy } from './support';

/**
 * Accessibility sweep: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules on every region's home, logged
 * out and in, the 404, trade, account, growth and download pages, header menus and widgets, each kind of dialog,
 * at 390 px, right to left and in the dark theme. Any violation of impact "serious" or "critical" fails, listed one a
 * line as `page: rule (impact) target [why] | target [why]`. Nothing is excluded: the chart's canvas and the
 * micro-app and chat frames (the fake API's pages, same origin here) pass as they are. Each visit is also watched
 * for what the Content-Security-Policy blocks and for hydration errors (`watchPolicy`), listed the same way: the
 * policy's own spec (csp.spec.ts) covers the states this sweep does not reach.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const REGIONS = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** axe-core, set to take the answers of same-origin frames (the micro-app and chat frames are on the site's origin). */
const AXE = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/** Runs axe on the page as it is; returns one line per serious or critical violation. */
async function audit(page: Page, label: string): Promise<string[]> {
  // axe in every frame, each parsed once (@axe-core/playwright parses its 550 KB twice in the top frame, then once per
  // frame: ~40 % of an audit here). The top frame runs the rules; each frame answers it through axe's own messages.
  // The source goes in through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  for (const frame of page.frames()) {
    await frame.evaluate(AXE).catch((err: unknown) => {
      if (!frame.isDetached()) throw err; // a frame that went away meanwhile has nothing left to audit
    });
  }
  // Only violations are needed: skipping the node details of passes and inapplicable rules saves ~30 %.
  const violations = await page.evaluate(
    async (tags) =>
      (await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations,
    TAGS,
  );
  const why = (n: AxeResults['violations'][number]['nodes'][number]) => [...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ');
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} [${why(n)}]`).join(' | ')}`);
}

interface Visit {
  label: string;
  path: string;
  region?: string;
  scenario?: string;
  loggedIn?: boolean;
  /** Answer the cookie bar up front (default true); false keeps the bar on the page. */
  consent?: boolean;
  /** The dark theme (the header's switch stores it in the `theme` cookie). */
  dark?: boolean;
  /** Opens what should be audited (a dialog, a menu) once the page has settled. */
  open?: (page: Page) => Promise<void>;
}

/** Waits until entry animations (a bar sliding in, a dialog fading in) ended: colours are measured as they finally are. */
async function animationsDone(page: Page) {
  // Endless animations (spinners) never finish; wait only for the finite ones.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
}

/**
 * Waits until every plugin of the page is loaded, active and started (host/client/after-hydration.ts marks
 * `shell:started` last, tasks after the renders that hydration's state asks for). A view such a plugin shows (the app
 * bar) may still load after the mark: the sweep then waits for the document to stop changing (`still`).
 */
async function startedUp(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('shell:started').length > 0);
  await settled(page);
}

/** Waits until a dialog is up and its entry animations ended. */
async function dialogShown(page: Page, name?: string | RegExp) {
  await expect(page.getByRole('dialog', name ? { name } : {}).first()).toBeVisible();
  await animationsDone(page);
}

/**
 * Visits each page in one tab (`returningVisitor`: cookies and site storage cleared between visits), audits it, and
 * expects no serious or critical violation and nothing blocked by the policy on any of them.
 */
async function sweep({ context, page: tab }: Tab, visits: Visit[]) {
  const found: string[] = [];
  const { page, reset } = await returningVisitor(context, tab);
  // Colours are measured as they finally are: no entry animation (a bar fading in) is caught half-way, however late
  // its view arrives.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const policy = await watchPolicy(page);
  let reported = 0;
  for (const v of visits) {
    await reset();
    const region = v.region ?? 'main';
    if (v.consent !== false) await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site(region) }]);
    if (v.dark) await context.addCookies([{ name: 'theme', value: 'dark', url: site(region) }]);
    if (v.scenario) await useScenario(context, v.scenario, region);
    if (v.loggedIn) await logIn(context, region);
    await page.goto(`${site(region)}${v.path}`);
    await settled(page);
    await startedUp(page);
    await v.open?.(page);
    await still(page);
    await animationsDone(page);
    found.push(...(await audit(page, v.label)));
    const problems = await policy();
    found.push(...problems.slice(reported).map((line) => `${v.label}: ${line}`));
    reported = problems.length;
  }
  expect(found, `axe or the policy watch found problems:\n${found.join('\n')}`).toEqual([]);
}

/** Where a sweep visits: the worker's returning tab (desktop), or a tab of a context of its own (the phone). */
interface Tab {
  context: BrowserContext;
  page?: Page;
}

/** A phone's tab: a context of its own (a context's mobile emulation cannot change), closed after the sweep. */
async function onPhone(browser: Browser, run: (tab: Tab) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA });
  try {
    await run({ context });
  } finally {
    await context.close();
  }
}

const homes = (loggedIn: boolean, regions: string[]): Visit[] =>
  regions.map((region) => ({ label: `${region} home${loggedIn ? ', logged in' : ' with the cookie bar'}`, path: '/', region, loggedIn, consent: loggedIn }));

const clickIn = (plugin: string, name: string | RegExp) => (page: Page) =>
  page.locator(`[data-plugin="${plugin}"]`).getByRole('button', { name }).first().click();

const withDialog = (open: (page: Page) => Promise<unknown>, name?: string | RegExp) => async (page: Page) => {
  await open(page);
  await dialogShown(page, name);
};

const PAGES: Visit[] = [
  { label: '404', path: '/no-such-page' },
  { label: 'trade (chart drawn, live stream)', path: '/trade/BTC_USDT', open: (p) => expect(p.locator('canvas').first()).toBeVisible() },
  { label: 'trade, chart down (chart-down)', path: '/trade/BTC_USDT', scenario: 'chart-down' },
  { label: 'state compliance tips', path: '/state_compliance_tips' },
  { label: 'app download', path: '/appdownload' },
  { label: 'account security', path: '/myaccount/security', loggedIn: true },
  { label: 'deposit', path: '/myaccount/deposit/BTC', loggedIn: true },
  { label: 'rewards hub', path: '/rewards_hub', loggedIn: true },
  { label: 'competition center', path: '/competition/center', loggedIn: true },
  { label: 'referral', path: '/referral', loggedIn: true },
];

const WIDGETS: Visit[] = [
  {
    label: 'user menu with a VIP trial',
    path: '/',
    scenario: 'vip-trial',
    loggedIn: true,
    open: async (p) => {
      await p.locator('.shell-user > summary').click();
      await expect(p.getByTestId('vip-trial')).toBeVisible();
    },
  },
  {
    label: 'KYC tip bar and user menu with an application not approved (kyc-rejected)',
    path: '/',
    scenario: 'kyc-rejected',
    loggedIn: true,
    open: async (p) => {
      await p.locator('.shell-user > summary').click();
      await expect(p.getByTestId('kyc-status')).toBeVisible();
    },
  },
  { label: 'notification badge (notifications-many)', path: '/', scenario: 'notifications-many', loggedIn: true },
  { label: 'site-switch bar (mismatch-several)', path: '/', scenario: 'mismatch-several' },
  { label: 'compliance bars', path: '/', scenario: 'compliance-bars', loggedIn: true },
  {
    label: 'transfer page with micro-app frames',
    path: '/myaccount/transfer',
    loggedIn: true,
    open: async (p) => {
      await expect(p.frameLocator('[data-micro-app="funds-transfer"] iframe').locator('h1')).toHaveText('Transfer between accounts');
    },
  },
  {
    label: 'chat room (frame) with a message sent',
    path: '/',
    loggedIn: true,
    open: async (p) => {
      await clickIn('chat', 'Support')(p);
      const room = p.frameLocator('iframe[title="Support chat room"]');
      await expect(room.getByRole('log')).not.toBeEmpty();
      await room.getByLabel('Message').fill('Hello');
      await room.getByRole('button', { name: 'Send' }).click();
      await expect(room.getByRole('log')).toContainText('Hello');
    },
  },
];

const DIALOGS: Visit[] = [
  { label: 'login modal', path: '/', open: withDialog((p) => p.locator('header').getByRole('link', { name: 'Log in' }).click(), 'Log in to Gate') },
  { label: 'signup modal', path: '/signup', open: (p) => dialogShown(p, 'Create your Gate account') },
  { label: 'compliance notice (blocked-country-notice)', path: '/', scenario: 'blocked-country-notice', open: (p) => dialogShown(p) },
  { label: 'compliance notices (several-notices)', path: '/', scenario: 'several-notices', loggedIn: true, open: (p) => dialogShown(p) },
  { label: 'business message (business-hostile)', path: '/', scenario: 'business-hostile', open: (p) => dialogShown(p) },
  { label: 'legal agreement (pending-agreement)', path: '/', scenario: 'pending-agreement', loggedIn: true, open: (p) => dialogShown(p) },
  { label: 'Turkey declaration (tr-declaration)', path: '/', region: 'tr', scenario: 'tr-declaration', loggedIn: true, open: (p) => dialogShown(p) },
  { label: 'share modal', path: '/', open: withDialog(clickIn('share', 'Share'), 'Share') },
  { label: 'deposit drawer', path: '/myaccount/deposit/BTC', loggedIn: true, open: withDialog(clickIn('drawer', 'Deposit'), 'Fund wallet') },
  { label: 'deposit picker', path: '/trade/BTC_USDT', loggedIn: true, open: withDialog(clickIn('chart', 'Deposit USDT'), 'Choose a deposit method') },
  { label: 'KYC risk notice (risk-user)', path: '/', scenario: 'risk-user', loggedIn: true, open: (p) => dialogShown(p) },
  { label: 'KYC upgrade notice (kyc-upgrade-due)', path: '/', scenario: 'kyc-upgrade-due', loggedIn: true, open: (p) => dialogShown(p) },
  { label: 'VPN notice (vpn-user)', path: '/', scenario: 'vpn-user', loggedIn: true, open: (p) => dialogShown(p) },
  { label: 'new-user popup (newbie-a)', path: '/', scenario: 'newbie-a', open: (p) => dialogShown(p) },
  { label: 'fund password', path: '/myaccount/security', loggedIn: true, open: withDialog(clickIn('fund-password', 'Validity period'), 'Fund password') },
];

const MOBILE: Visit[] = [
  {
    label: '390 px home with cookie and app bars',
    path: '/',
    consent: false,
    open: (p) => expect(p.locator('[data-plugin="app-bar"] [data-testid="app-bar"]')).toBeVisible(),
  },
  { label: '390 px home, logged in', path: '/', loggedIn: true },
  { label: '390 px navigation open', path: '/', open: (p) => p.locator('header summary[aria-label="Menu"]').click() },
  { label: '390 px trade with its menu open', path: '/trade/BTC_USDT', open: (p) => p.getByRole('button', { name: /Menu: Spot/ }).click() },
  { label: '390 px deposit', path: '/myaccount/deposit/USDT', loggedIn: true },
  { label: '390 px login modal', path: '/login', open: (p) => dialogShown(p) },
];

const RTL: Visit[] = [
  { label: '/ar/ home with the cookie bar', path: '/ar/', consent: false },
  { label: '/ar/ home, logged in', path: '/ar/', loggedIn: true },
  { label: '/ar/ trade', path: '/ar/trade/BTC_USDT' },
  { label: '/ar/ share modal', path: '/ar/', open: withDialog(clickIn('share', 'مشاركة'), 'مشاركة') },
  { label: 'ae /ar-dubai/ home with the cookie bar', path: '/ar-dubai/', region: 'ae', consent: false },
  { label: 'ae /ar-dubai/ home, logged in', path: '/ar-dubai/', region: 'ae', loggedIn: true },
];

const DARK: Visit[] = (
  [
    { label: 'dark home with the cookie bar', path: '/', consent: false },
    { label: 'dark home, logged in', path: '/', loggedIn: true },
    { label: 'dark trade', path: '/trade/BTC_USDT', loggedIn: true },
    { label: 'dark 404', path: '/no-such-page' },
    { label: 'dark deposit drawer', path: '/myaccount/deposit/BTC', loggedIn: true, open: withDialog(clickIn('drawer', 'Deposit'), 'Fund wallet') },
    { label: 'dark login modal', path: '/login', open: (p) => dialogShown(p) },
    { label: 'dark rewards hub', path: '/rewards_hub', loggedIn: true },
  ] as Visit[]
).map((v) => ({ ...v, dark: true }));

test('the audit reports what it must: a nameless button, grey-on-white text and a problem inside a frame, with page, rule, impact and target', async ({
  page,
}) => {
  await page.goto(`${site()}/no-such-page`);
  await settled(page);
  await page.evaluate(() => {
    document
      .querySelector('main')!
      .insertAdjacentHTML('beforeend', '<button id="axe-probe-btn"></button><p id="axe-probe-text" style="color:#bbb;background:#fff">faint</p>');
  });
  // A frame of the page's origin (as the micro-app and chat frames are) holding a link without a name.
  await page.evaluate(
    (src) =>
      new Promise((loaded) => {
        const frame = Object.assign(document.createElement('iframe'), { id: 'axe-probe-frame', title: 'probe', src });
        frame.onload = loaded;
        document.querySelector('main')!.append(frame);
      }),
    `${site()}/healthz`,
  );
  await page
    .frameLocator('#axe-probe-frame')
    .locator('body')
    .evaluate((body) => body.insertAdjacentHTML('beforeend', '<a id="axe-probe-link" href="/"></a>'));
  const lines = await audit(page, 'probe');
  expect(lines).toContainEqual(expect.stringMatching(/^probe: button-name \(critical\) #axe-probe-btn \[/));
  expect(lines).toContainEqual(expect.stringMatching(/^probe: color-contrast \(serious\) .*#axe-probe-text \[.*contrast/));
  expect(lines).toContainEqual(expect.stringMatching(/^probe: link-name \(serious\) #axe-probe-frame #axe-probe-link \[/));
});

test.describe('axe finds nothing serious', () => {
  // Each test visits 5 to 8 pages (a page with its audit takes 2-3 s, up to 8 s on a loaded 2-core machine).
  test.describe.configure({ timeout: 180_000 });
  test('region homes, logged out (first half)', ({ context, page }) => sweep({ context, page }, homes(false, REGIONS.slice(0, 6))));
  test('region homes, logged out (second half)', ({ context, page }) => sweep({ context, page }, homes(false, REGIONS.slice(6))));
  test('region homes, logged in (first half)', ({ context, page }) => sweep({ context, page }, homes(true, REGIONS.slice(0, 6))));
  test('region homes, logged in (second half)', ({ context, page }) => sweep({ context, page }, homes(true, REGIONS.slice(6))));
  test('pages (first half)', ({ context, page }) => sweep({ context, page }, PAGES.slice(0, 5)));
  test('pages (second half)', ({ context, page }) => sweep({ context, page }, PAGES.slice(5)));
  test('header menus and widgets', ({ context, page }) => sweep({ context, page }, WIDGETS));
  test('dialogs (first half)', ({ context, page }) => sweep({ context, page }, DIALOGS.slice(0, 8)));
  test('dialogs (second half)', ({ context, page }) => sweep({ context, page }, DIALOGS.slice(8)));
  test('390 px', ({ browser }) => onPhone(browser, (tab) => sweep(tab, MOBILE)));
  test('right to left', ({ context, page }) => sweep({ context, page }, RTL));
  test('dark theme', ({ context, page }) => sweep({ context, page }, DARK));
});
