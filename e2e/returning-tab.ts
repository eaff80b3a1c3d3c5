import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from '@playwright/test';

/**
 * One context and one tab per worker, lent to test after test as a returning visitor's browser: before each test the
 * tab leaves for its site's `/healthz` (same site, so the renderer and its compiled code stay), extra tabs are closed,
 * routes, cookies, permissions, headers, offline mode, media emulation and the viewport are reset, and every visited
 * origin's local, session and IndexedDB storage is cleared (`clearVisited`). The HTTP cache and the service worker stay, as they do in
 * a visitor's browser. A visit in a fresh context costs about twice the CPU of one here (2.1 against 1.0 CPU-s for the
 * home page on this machine).
 *
 * The tab's init scripts (`page.addInitScript`) go in through the DevTools protocol and are removed when the test
 * ends. What cannot be undone is refused while a test holds the tab: the context's init scripts, exposed functions
 * and the fake clock. A test that needs them, or a first visit, asks for a fresh context
 * (`test.use({ freshContext: true })`). A test that fails gives the tab up: the next one starts in a new context.
 */
export class ReturningTabs {
  private current?: Tab;

  constructor(private readonly browser: Browser) {}

  /** The tab for the next test, reset, in a context made with `options` (a new one when they differ). */
  async lend(options: BrowserContextOptions, onNewPage: (page: Page) => void): Promise<{ context: BrowserContext; page: Page }> {
    const key = JSON.stringify(options);
    if (this.current && (this.current.key !== key || this.current.page.isClosed())) await this.drop();
    // A tab that cannot be reset (its last origin gone with a server a test stopped) is replaced by a new one.
    if (this.current) await this.current.reset(options).catch(() => this.drop());
    this.current ??= await Tab.open(this.browser, key, options, onNewPage);
    this.current.lend();
    return this.current;
  }

  /** Takes the tab back after a test; a failed test's tab is closed rather than trusted to reset. */
  async takeBack(passed: boolean) {
    if (!this.current) return;
    // A tab whose init scripts could not be removed is not lent again either.
    const clean = await this.current.takeBack().then(
      () => true,
      () => false,
    );
    if (!passed || !clean) await this.drop();
  }

  async drop() {
    const tab = this.current;
    this.current = undefined;
    await tab?.context.close().catch(() => undefined);
  }
}

/** The sites under test: the server's hosts (localhost and the regions' subdomains of it). */
const underTest = (origin: string) => /^(localhost|[a-z0-9-]+\.localhost|127\.0\.0\.1)$/.test(new URL(origin).hostname);

/**
 * Clears the local, session and IndexedDB storage of every origin the tab visited since the last call, and leaves it
 * on its last site's `/healthz` (same site: the renderer and its compiled code stay). The DevTools protocol clears
 * local storage and IndexedDB of any origin but has no session-storage type (an unknown type is ignored without an
 * error), and session storage is the tab's own, one area per origin: each visited origin of the sites under test is
 * opened at `/healthz` and cleared in the page, the last page's origin last.
 */
export async function clearVisited(page: Page, cdp: CDPSession, visited: Set<string>): Promise<void> {
  const current = page.url();
  const last = current.startsWith('http') ? new URL(current).origin : undefined;
  for (const origin of visited) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb' });
  const sessions = [...visited].filter((origin) => origin !== last && underTest(origin));
  if (last) sessions.push(last);
  visited.clear();
  for (const origin of sessions) {
    await page.goto(`${origin}/healthz`);
    await page.evaluate(() => sessionStorage.clear());
  }
}

/** What Playwright's pages and contexts are at run time (Node's emitter API; their types show only on/off). */
interface Emitter {
  eventNames(): Array<string | symbol>;
  listeners(name: string | symbol): unknown[];
  off(name: string | symbol, listener: unknown): unknown;
}

/** What `page.addInitScript` takes: a function (with its argument), its source, or `{ content }`. */
type InitScript = ((arg: never) => unknown) | string | { path?: string; content?: string };

const REFUSED = 'is refused in the shared returning-visitor tab (it cannot be undone for the next test): use test.use({ freshContext: true })';

class Tab {
  private readonly origins = new Set<string>();
  private listenersBefore = new Map<Emitter, Map<string | symbol, Set<unknown>>>();
  private restore: Array<() => void> = [];
  /** The DevTools identifiers of the init scripts the current test added. */
  private initScripts: string[] = [];

  private constructor(
    readonly key: string,
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly cdp: CDPSession,
  ) {
    page.on('framenavigated', (frame) => {
      const url = frame.url();
      if (url.startsWith('http')) this.origins.add(new URL(url).origin);
    });
  }

  static async open(browser: Browser, key: string, options: BrowserContextOptions, onNewPage: (page: Page) => void) {
    const context = await browser.newContext(options);
    context.on('page', onNewPage);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable'); // without it, scripts added to new documents are not run
    return new Tab(key, context, page, cdp);
  }

  async reset(options: BrowserContextOptions) {
    const { context, page } = this;
    for (const other of context.pages()) if (other !== page) await other.close();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await clearVisited(page, this.cdp, this.origins);
    await context.clearCookies();
    await context.clearPermissions();
    await context.setExtraHTTPHeaders({});
    await context.setOffline(false);
    await page.emulateMedia({
      media: null,
      colorScheme: options.colorScheme ?? 'light',
      reducedMotion: options.reducedMotion ?? 'no-preference',
      forcedColors: 'none',
    });
    const size = page.viewportSize();
    if (options.viewport && (size?.width !== options.viewport.width || size?.height !== options.viewport.height)) await page.setViewportSize(options.viewport);
  }

  /** Notes the listeners the tab has now (the test's are removed later) and refuses what cannot be undone. */
  lend() {
    const emitters = [this.page, this.context] as unknown as Emitter[];
    this.listenersBefore = new Map(emitters.map((e) => [e, new Map(e.eventNames().map((name) => [name, new Set(e.listeners(name))]))]));
    const refuse = (target: object, method: string, label: string) => {
      const own = Object.getOwnPropertyDescriptor(target, method);
      Object.defineProperty(target, method, {
        configurable: true,
        value: () => {
          throw new Error(`${label} ${REFUSED}`);
        },
      });
      this.restore.push(() => (own ? Object.defineProperty(target, method, own) : delete (target as Record<string, unknown>)[method]));
    };
    for (const [target, name] of [
      [this.page, 'page'],
      [this.context, 'context'],
    ] as const) {
      for (const method of ['addInitScript', 'exposeBinding', 'exposeFunction']) refuse(target, method, `${name}.${method}()`);
    }
    Object.defineProperty(this.page, 'addInitScript', { configurable: true, value: (script: InitScript, arg?: unknown) => this.addInitScript(script, arg) });
    for (const method of ['install', 'setFixedTime', 'setSystemTime', 'fastForward', 'runFor', 'pauseAt', 'resume'])
      refuse(this.context.clock, method, `clock.${method}()`);
  }

  /** `page.addInitScript` in the shared tab: the same script, evaluated in every new document until the test ends. */
  private async addInitScript(script: InitScript, arg?: unknown) {
    const source =
      typeof script === 'function'
        ? `(${script.toString()})(${arg === undefined ? 'undefined' : JSON.stringify(arg)})`
        : typeof script === 'string'
          ? script
          : script.content;
    if (source === undefined) throw new Error(`page.addInitScript({ path }) ${REFUSED}`);
    const { identifier } = await this.cdp.send('Page.addScriptToEvaluateOnNewDocument', { source });
    this.initScripts.push(identifier);
  }

  /** Removes the init scripts and listeners the test added and gives back the refused methods. */
  async takeBack() {
    for (const identifier of this.initScripts.splice(0)) await this.cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier });
    for (const [emitter, before] of this.listenersBefore) {
      for (const name of emitter.eventNames()) {
        const kept = before.get(name) ?? new Set();
        for (const listener of emitter.listeners(name)) if (!kept.has(listener)) emitter.off(name, listener);
      }
    }
    for (const undo of this.restore.splice(0)) undo();
  }
}
