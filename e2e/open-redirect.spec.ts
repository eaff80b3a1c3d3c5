import type { BrowserContext, Page } from '@playwright/test';
import { expect, hydrated, site, test } from './support';

/**
 * No open redirect in a real browser: a return target given in the URL (the 404 page's `redirect`, the login page's
 * `redirect`) that a browser would read as another host, or that a later locale redirect could turn into `//host`,
 * leaves the browser on the site. Requests to the attacker's host are answered here, so a page that did go there
 * would load and be seen.
 */
const ATTACKER = 'evil.example';

/** Answers every request to the attacker's host with a page and records it. */
async function trapAttacker(context: BrowserContext): Promise<string[]> {
  const reached: string[] = [];
  await context.route(
    (url) => url.hostname === ATTACKER || url.hostname.endsWith(`.${ATTACKER}`),
    (route) => {
      reached.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>phished</h1>' });
    },
  );
  await context.addCookies([{ name: 'cookie_consent', value: 'all', url: site() }]);
  return reached;
}

/** Clicks `link` and waits for the page it leads to (after every redirect) to load. */
async function follow(page: Page, link: ReturnType<Page['locator']>, from: string) {
  await Promise.all([page.waitForURL((url) => url.href !== from, { waitUntil: 'load' }), link.click()]);
}

const NOT_FOUND_CASES: Array<[target: string, lands: string]> = [
  ['/en//evil.example/phish', '/evil.example/phish'],
  ['/\\evil.example/phish', '/'],
  ['/en/\\evil.example/phish', '/evil.example/phish'],
  ['/\t/evil.example/phish', '/'],
];

for (const [target, lands] of NOT_FOUND_CASES) {
  test(`the 404 page's way home for redirect=${JSON.stringify(target)} stays on the site`, async ({ page, context }) => {
    const reached = await trapAttacker(context);
    const from = `${site()}/404?redirect=${encodeURIComponent(target)}`;
    await page.goto(from);
    await hydrated(page);
    await follow(page, page.locator('[data-plugin="not-found"] a.shell-btn'), from);
    expect(new URL(page.url()).origin).toBe(site());
    expect(new URL(page.url()).pathname).toBe(lands);
    expect(reached).toEqual([]);
  });
}

test('the 404 page on the UK site keeps its return target on the UK site', async ({ page, context }) => {
  const reached = await trapAttacker(context);
  const from = `${site('uk')}/en-uk/404?redirect=/en-uk//evil.example/phish`;
  await page.goto(from);
  await follow(page, page.locator('[data-plugin="not-found"] a.shell-btn'), from);
  expect(new URL(page.url()).origin).toBe(site('uk'));
  expect(new URL(page.url()).pathname).toBe('/en-uk/evil.example/phish');
  expect(reached).toEqual([]);
});

for (const [target, lands] of [
  ['/en//evil.example/phish', '/evil.example/phish'],
  ['/\\evil.example/phish', '/'],
] as const) {
  test(`logging in from /login?redirect=${JSON.stringify(target)} returns to the site`, async ({ page, context }) => {
    const reached = await trapAttacker(context);
    const from = `${site()}/login?redirect=${encodeURIComponent(target)}`;
    await page.goto(from);
    await hydrated(page);
    const modal = page.getByRole('dialog', { name: 'Log in to Gate' });
    await modal.getByLabel('Email or phone number').fill('reviewer@example.com');
    await modal.getByLabel('Password', { exact: true }).fill('Secret123');
    await follow(page, modal.getByRole('button', { name: 'Log in', exact: true }), from);
    expect(new URL(page.url()).origin).toBe(site());
    expect(new URL(page.url()).pathname).toBe(lands);
    expect(reached).toEqual([]);
  });
}
