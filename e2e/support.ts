import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Origin of a region's dev site: main on localhost, others on <key>.localhost. */
export function site(region = 'main'): string {
  return region === 'main' ? `http://localhost:${PORT}` : `http://${region}.localhost:${PORT}`;
}

/** Cookies for a logged-in user (the server's rule: uid and nickname present). */
export async function logIn(context: BrowserContext, region = 'main', uid = '10001', nickname = 'alice') {
  await context.addCookies([
    { name: 'uid', value: uid, url: site(region) },
    { name: 'nickname', value: nickname, url: site(region) },
  ]);
}

/** Picks a fake-API scenario (persona or fault) for every request of this context. */
export async function useScenario(context: BrowserContext, name: string, region = 'main') {
  await context.addCookies([{ name: 'mock_scenario', value: name, url: site(region) }]);
}

/** Registers a scenario on the running fake API; returns its name. */
export async function registerScenario(page: Page, scenario: { name: string; extends?: string; responses: Record<string, unknown> }) {
  const res = await page.request.post(`${site()}/__mock/scenarios`, { data: scenario });
  if (!res.ok()) throw new Error(`registering scenario failed: ${res.status()} ${await res.text()}`);
  return scenario.name;
}

/** Collects console errors and page errors for an assertion at the end of a test. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Waits until the page has hydrated (the client marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * GET a region's page from Node (APIRequestContext): Node cannot resolve *.localhost, so connect to 127.0.0.1
 * and send the region's Host header. Browser pages (page.goto) can use site(region) directly.
 */
export function regionGet(request: APIRequestContext, region: string, path: string, options: { headers?: Record<string, string>; maxRedirects?: number; timeout?: number } = {}) {
  const host = region === 'main' ? `localhost:${PORT}` : `${region}.localhost:${PORT}`;
  return request.get(`http://127.0.0.1:${PORT}${path}`, { ...options, headers: { ...(options.headers ?? {}), host } });
}
