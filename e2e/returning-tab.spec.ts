import { clearVisited } from './returning-tab';
import { expect, site, test } from './support';

/** The harness's returning-visitor tab: what one test leaves in the browser's storage, the next test does not see. */

/** Writes local and session storage and an IndexedDB database on the page's origin. */
const fill = () =>
  new Promise<void>((done, fail) => {
    localStorage.setItem('left', 'by the last test');
    sessionStorage.setItem('left', 'by the last test');
    const open = indexedDB.open('left-by-the-last-test');
    open.onsuccess = () => (open.result.close(), done());
    open.onerror = () => fail(new Error(String(open.error)));
  });

const stored = async () => ({
  local: localStorage.length,
  session: sessionStorage.length,
  databases: (await indexedDB.databases()).length,
});

test('clearVisited empties local, session and IndexedDB storage of every origin the tab visited', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const visited = new Set<string>();
    page.on('framenavigated', (frame) => frame.url().startsWith('http') && visited.add(new URL(frame.url()).origin));
    const origins = [site('eu'), site('main')];
    for (const origin of origins) {
      await page.goto(`${origin}/healthz`);
      await page.evaluate(fill);
      expect(await page.evaluate(stored)).toEqual({ local: 1, session: 1, databases: 1 });
    }
    await clearVisited(page, cdp, visited);
    expect(page.url()).toBe(`${site('main')}/healthz`); // left on the last page's site
    for (const origin of origins) {
      await page.goto(`${origin}/healthz`);
      expect(await page.evaluate(stored), origin).toEqual({ local: 0, session: 0, databases: 0 });
    }
  } finally {
    await context.close();
  }
});
