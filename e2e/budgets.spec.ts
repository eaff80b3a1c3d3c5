import { REGION_KEYS } from '../core/config/region';
import { SHELL } from '../host';
import { budgetTable, builtOwners, homePath, measureFirstVisit, overBudget, PLUGIN_PAGES, readBudgets, type MeasuredPage } from '../tools/budgets';
import { expect, logIn, site, test } from './support';

/**
 * Byte budgets: every region's home and the plugins' largest pages, measured on a first visit in Chromium (gzip -9
 * of each script and stylesheet, attributed by host/server/attribution.ts) against plugins/<id>/budget.json and
 * host/budget.json. A failure prints the table of what is over budget (or has none).
 */
/** First visits measured at once: each waits mostly on its own network going quiet, so a few overlap well. */
const AT_ONCE = 3;

test('first visits stay within the byte budgets', async ({ browser }) => {
  test.setTimeout(300_000); // 21 first visits, 3 at a time: ~40 s on a quiet machine
  const owners = builtOwners();
  const pages: MeasuredPage[] = [...REGION_KEYS.map((region) => ({ region, path: homePath(region) })), ...PLUGIN_PAGES];
  const figures: Array<{ page: MeasuredPage; byOwner: Map<string, number> }> = [];
  const visit = async (page: MeasuredPage) => {
    const context = await browser.newContext();
    if (page.loggedIn) await logIn(context, page.region);
    const tab = await context.newPage();
    const byOwner = await measureFirstVisit(tab, `${site(page.region)}${page.path}`, owners);
    await context.close();
    return { page, byOwner };
  };
  for (let i = 0; i < pages.length; i += AT_ONCE) figures.push(...(await Promise.all(pages.slice(i, i + AT_ONCE).map(visit))));
  const lines = figures.map(
    ({ page, byOwner }) =>
      `${page.region.padEnd(8)} ${page.path.padEnd(28)} ${[...byOwner]
        .sort((a, b) => b[1] - a[1])
        .map(([o, b]) => `${o} ${b}`)
        .join(', ')}`,
  );
  await test.info().attach('figures', { body: lines.join('\n'), contentType: 'text/plain' });
  const rows = overBudget(figures, readBudgets());
  expect(rows, `over budget (gzip bytes; raise a budget only with a "reason" in its file):\n${budgetTable(rows)}\n\nall figures:\n${lines.join('\n')}`).toEqual(
    [],
  );
  // The shell is measured on every page: a page without it would mean the measurement saw nothing.
  expect(figures.every(({ byOwner }) => (byOwner.get(SHELL) ?? 0) > 0)).toBe(true);
});
