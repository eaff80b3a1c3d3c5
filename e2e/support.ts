import {
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type Request,
  type TestType,
} from '@playwright/test';
import { clearVisited, ReturningTabs } from './returning-tab';

export { expect } from '@playwright/test';

/** Requests in flight per page (long-lived streams excluded), for `settled()`. */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackPage(page: Page) {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => r.resourceType() !== 'eventsource' && r.resourceType() !== 'websocket' && open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/** Follows the requests of every page the context opens (call it before `newPage()` on a context a test made). */
export function trackRequests(context: BrowserContext) {
  context.on('page', trackPage);
}

/** Playwright's own fixtures (internal in 1.65, the version package-lock.json holds): its factory of fresh contexts and their options. */
interface ContextInternals {
  _contextFactory: () => Promise<{ context: BrowserContext; close: () => Promise<void> }>;
  _combinedContextOptions: BrowserContextOptions;
}
const withInternals = base as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & ContextInternals,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/**
 * Playwright's `test` whose pages have their requests followed, so `settled()` can wait on them. Its `page` and
 * `context` are the worker's returning-visitor tab (e2e/returning-tab.ts: reset between tests, HTTP cache and service
 * worker kept); `test.use({ freshContext: true })` gives a test a new context, for a first visit or for what the tab
 * refuses (init scripts, exposed functions, the fake clock).
 */
export const test = withInternals.extend<{ freshContext: boolean }, { returningTabs: ReturningTabs }>({
  freshContext: [false, { option: true }],
  returningTabs: [
    async ({ browser }, use) => {
      const tabs = new ReturningTabs(browser);
      await use(tabs);
      await tabs.drop();
    },
    { scope: 'worker' },
  ],
  context: async ({ freshContext, _contextFactory, _combinedContextOptions, returningTabs }, use, testInfo) => {
    if (freshContext) {
      const { context, close } = await _contextFactory();
      trackRequests(context);
      await use(context);
      await close();
      return;
    }
    const { context } = await returningTabs.lend(_combinedContextOptions, trackPage);
    await use(context);
    await returningTabs.takeBack(testInfo.status === testInfo.expectedStatus);
  },
  page: async ({ freshContext, context }, use) => {
    if (freshContext) await use(await context.newPage());
    else await use(context.pages()[0]);
  },
});

/** `test` in a fresh context: a first visit, or a test that needs what the returning tab refuses. */
export const freshTest = test.extend({ freshContext: true });

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

const CSP_MESSAGE = /Content[ -]Security[ -]Policy|Refused to (load|execute|apply|connect|frame|create)/i;
const HYDRATION_MESSAGE = /hydrat|Minified React error/i;
/** How the page's watch reports a `securitypolicyviolation` event: a console line (the tab may be shared, so no binding). */
const VIOLATION_PREFIX = '[policy watch] ';

/**
 * Starts recording, before the page loads, what the Content-Security-Policy blocks (a `securitypolicyviolation` in
 * any frame or document, a console message about the policy) and any hydration error (React's recoverable errors go
 * to monitoring: a report whose phase is `hydrate`, read as the page sends it). Returns a function that waits until
 * the page's requests are over and gives one line per problem (none expected).
 */
export async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith(VIOLATION_PREFIX)) seen.push(m.text().slice(VIOLATION_PREFIX.length));
    else if (CSP_MESSAGE.test(m.text())) seen.push(`console: ${m.text()}`);
    else if (m.type() === 'error' && HYDRATION_MESSAGE.test(m.text())) seen.push(`hydration: ${m.text()}`);
  });
  await page.addInitScript((prefix) => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => console.info(`${prefix}${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
      true,
    );
    // Monitoring's reports go out by beacon: a hydration error among them is a problem.
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob)
        void data.text().then((text) => text.includes('"phase":"hydrate"') && console.info(`${prefix}${location.pathname}: hydration: ${text.slice(0, 300)}`));
      return beacon(url, data);
    };
  }, VIOLATION_PREFIX);
  return async () => {
    // A page without the app (the error page) has nothing to hydrate: wait for its requests, not for hydration.
    await quiet(page);
    return [...seen];
  };
}

/**
 * Runs `read` in the page once the server's HTML is laid out and before hydration, whatever the timing: when the boot
 * script sets `window.__SHELL__`. That inline script ends the server's HTML, runs once the stylesheets before it have
 * loaded, and before the entry module that hydrates, which reads what it sets. (DOMContentLoaded may come after an
 * async module has hydrated.) `read` is sent as source: it may use only what the page has, and `arg` (JSON).
 */
export async function beforeHydration<A = undefined>(page: Page, read: (arg: A) => void, arg?: A): Promise<void> {
  const trap = (measure: () => void) => {
    let boot: unknown;
    Object.defineProperty(window, '__SHELL__', {
      configurable: true,
      get: () => boot,
      set(value: unknown) {
        if (boot === undefined) measure();
        boot = value;
      },
    });
  };
  await page.addInitScript(`(${trap.toString()})(() => (${read.toString()})(${JSON.stringify(arg ?? null)}))`);
}
/** Waits until the page has hydrated (the client marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Waits until the page has hydrated and everything it asked for has arrived and been drawn (see `quiet`). Use it
 * before asserting that something is absent: the request that would have shown it has answered, and React has
 * rendered the answer.
 */
export async function settled(page: Page, timeoutMs = 15_000) {
  await hydrated(page);
  await quiet(page, timeoutMs);
}

/** Waits until no request of the page is in flight during three animation frames in a row. */
async function quiet(page: Page, timeoutMs = 15_000) {
  await framesWithout(page, 'quiet', 3, () => Promise.resolve(false), timeoutMs);
}

/**
 * Waits until, during `frames` animation frames in a row, no request of the page is in flight and nothing in its
 * document changes: a view whose code or CSS arrived last (a bar a late plugin shows) has been rendered.
 */
export async function still(page: Page, frames = 10, timeoutMs = 15_000) {
  await page.evaluate(() => {
    const w = window as unknown as { __e2eMutations?: number };
    if (w.__e2eMutations !== undefined) return;
    w.__e2eMutations = 0;
    new MutationObserver((list) => (w.__e2eMutations! += list.length)).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  const changed = () =>
    page.evaluate(() => {
      const w = window as unknown as { __e2eMutations: number };
      const n = w.__e2eMutations;
      w.__e2eMutations = 0;
      return n > 0;
    });
  await framesWithout(page, 'still', frames, changed, timeoutMs);
}

/** Waits for `frames` animation frames in a row with no request of the page in flight and `busy()` false. */
async function framesWithout(page: Page, name: string, frames: number, busy: () => Promise<boolean>, timeoutMs: number) {
  const open = inFlight.get(page);
  if (!open) throw new Error(`${name}(): this page is not tracked; use \`test\` from e2e/support, or trackRequests(context) before newPage()`);
  const deadline = Date.now() + timeoutMs;
  for (let count = 0; count < frames;) {
    if (Date.now() > deadline)
      throw new Error(`${name}(): still waiting after ${timeoutMs} ms for ${[...open].map((r) => r.url()).join(', ') || 'the document to stop changing'}`);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    const changed = await busy();
    count = open.size === 0 && !changed ? count + 1 : 0;
  }
}

/**
 * One tab that visits page after page as a returning visitor would: between visits it leaves for the site's
 * `/healthz` (same site, so the renderer, its memory cache and compiled code stay: a visit costs about half the CPU of
 * a fresh context's), clearing every visited origin's site storage (local, session, IndexedDB: `clearVisited`), and its cookies. What a
 * returning visitor's browser keeps stays: the HTTP cache and the service worker with its cache. Use it for sweeps
 * over many pages in one test (in a context of their own, or in the test's `page`, passed as `tab`); a test about a
 * first visit needs a fresh context.
 */
export async function returningVisitor(context: BrowserContext, tab?: Page): Promise<{ page: Page; reset: () => Promise<void> }> {
  if (!tab) trackRequests(context);
  const page = tab ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const origins = new Set<string>();
  page.on('framenavigated', (frame) => {
    const url = frame.url();
    if (url.startsWith('http')) origins.add(new URL(url).origin);
  });
  const reset = async () => {
    await clearVisited(page, cdp, origins);
    await context.clearCookies();
  };
  return { page, reset };
}

/**
 * GET a region's page from Node (APIRequestContext): Node cannot resolve *.localhost, so connect to 127.0.0.1
 * and send the region's Host header. Browser pages (page.goto) can use site(region) directly.
 */
export function regionGet(
  request: APIRequestContext,
  region: string,
  path: string,
  options: { headers?: Record<string, string>; maxRedirects?: number; timeout?: number } = {},
) {
  const host = region === 'main' ? `localhost:${PORT}` : `${region}.localhost:${PORT}`;
  return request.get(`http://127.0.0.1:${PORT}${path}`, { ...options, headers: { ...(options.headers ?? {}), host } });
}
