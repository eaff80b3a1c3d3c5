import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, logIn, settled, site, test, trackRequests, watchPolicy } from './support';

/**
 * A logged-in page is prerendered once for every user (host/server/prerender.ts) and resumed for each with their own
 * parts. In Chromium: two users in turn on the same page, each sees their own name and not the other's, the page
 * hydrates without a hydration error (the prerendered parts are the same for both: React adopts them) and nothing is
 * blocked by the Content-Security-Policy (the resumed parts' scripts carry the response's nonce).
 */
const PAGES = [
  { label: 'home', region: 'main', path: '/' },
  { label: 'trade', region: 'main', path: '/trade/BTC_USDT' },
  { label: 'account security', region: 'main', path: '/myaccount/security' },
  { label: 'home, right to left', region: 'ae', path: '/ar-dubai/' },
];
const USERS = [
  { uid: '20101', nickname: 'maya' },
  { uid: '20102', nickname: 'omar' },
];
const MONITOR_REPORT = '/api/web/v1/monitor/report';

/** Pages resumed from a prerender so far (/metrics). */
async function resumedPages(request: APIRequestContext): Promise<number> {
  const text = await (await request.get(`${site()}/metrics`)).text();
  return Number(/^shell_prerendered_pages_total\{outcome="resumed"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

/** One user's visit: what the page shows as their name, and every problem seen (the policy, any monitoring report). */
async function visit(browser: Browser, where: (typeof PAGES)[number], user: (typeof USERS)[number], width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  trackRequests(context);
  await logIn(context, where.region, user.uid, user.nickname);
  const page = await context.newPage();
  // What monitoring reports (a hydration error among it): a beacon's body is read where it is routed.
  const reports: string[] = [];
  await page.route(`**${MONITOR_REPORT}`, (route) => {
    reports.push(route.request().postDataBuffer()?.toString() ?? '');
    return route.fulfill({ status: 204 });
  });
  const problems = await watchPolicy(page);
  await page.goto(`${site(where.region)}${where.path}`);
  await settled(page);
  const shown = await page.getByTestId('nickname').textContent();
  const html = await page.content();
  const seen = [...(await problems()), ...reports.map((r) => `monitor: ${r}`)];
  await context.close();
  return { shown, html, seen };
}

for (const where of PAGES) {
  for (const width of [1280, 390]) {
    test(`${where.label} at ${width} px: one prerender, two users, each hydrates their own page`, async ({ browser, request }) => {
      const first = await visit(browser, where, USERS[0], width);
      const resumed = await resumedPages(request);
      const second = await visit(browser, where, USERS[1], width);
      expect(await resumedPages(request)).toBeGreaterThan(resumed);
      expect([first.shown, second.shown]).toEqual(['maya', 'omar']);
      expect(first.html).not.toContain('omar');
      // The uid as a number of its own: the page's coin-icon version is a date and hour (2026120101 holds 20101).
      expect(second.html).not.toMatch(/maya|(?<!\d)20101(?!\d)/);
      expect([...first.seen, ...second.seen]).toEqual([]);
    });
  }
}
