import type { BrowserContext, Page } from '@playwright/test';
import { beforeHydration, expect, hydrated, logIn, site, test } from './support';

/**
 * The account and trade side menus follow the real window after hydration (spec 001 §2 Layout, §4, §9): widths
 * 300/104 and 288/96/256 px, collapsed at ≤ 1439 / ≤ 1248 px, a dropdown at ≤ 992 / ≤ 768 px. The server lays them
 * out for its 1280 px guess; every width below other than that one is reached only by following the window.
 */

type Layout = 'account' | 'trade';
/** A menu beside the page: its mode, its width, and its width after one click on the toggle. */
type Side = readonly ['expanded' | 'collapsed', number, number];
type Expected = Side | readonly ['mobile'];

const PATHS: Record<Layout, string> = { account: '/myaccount/security', trade: '/trade/BTC_USDT' };

/** Window width → [account, trade], from the spec's numbers. */
const EXPECTED: ReadonlyArray<readonly [number, Expected, Expected]> = [
  [1600, ['expanded', 300, 104], ['expanded', 288, 96]],
  [1440, ['expanded', 300, 104], ['expanded', 288, 96]],
  [1439, ['collapsed', 104, 300], ['expanded', 288, 96]],
  [1300, ['collapsed', 104, 300], ['expanded', 288, 96]],
  [1249, ['collapsed', 104, 300], ['expanded', 288, 96]],
  [1248, ['collapsed', 104, 300], ['collapsed', 96, 288]],
  [1100, ['collapsed', 104, 300], ['collapsed', 96, 288]],
  [1000, ['collapsed', 104, 300], ['collapsed', 96, 256]],
  [993, ['collapsed', 104, 300], ['collapsed', 96, 256]],
  [992, ['mobile'], ['collapsed', 96, 256]],
  [900, ['mobile'], ['collapsed', 96, 256]],
  [769, ['mobile'], ['collapsed', 96, 256]],
  [768, ['mobile'], ['mobile']],
  [700, ['mobile'], ['mobile']],
];
const LOAD_WIDTHS = [1600, 1440, 1300, 1100, 1000, 900, 700];
const BREAKPOINTS: Record<Layout, ReadonlyArray<readonly [number, number]>> = {
  account: [
    [1440, 1439],
    [993, 992],
  ],
  trade: [
    [1249, 1248],
    [769, 768],
  ],
};
const SERVER_GUESS = 1280;

function expectedAt(layout: Layout, width: number): Expected {
  const row = EXPECTED.find(([w]) => w === width);
  if (!row) throw new Error(`no expectation for ${width} px`);
  return layout === 'account' ? row[1] : row[2];
}

const menuRoot = (page: Page) => page.locator('.shell-sidemenu-layout');
const aside = (page: Page) => page.locator('aside.shell-sidemenu');
const toggle = (page: Page) => page.locator('.shell-sidemenu__toggle');
const dropdown = (page: Page) => page.locator('.shell-sidemenu-dropdown');
const dropdownToggle = (page: Page) => page.locator('.shell-sidemenu__dropdown-toggle');
const menuWidth = (page: Page) => aside(page).evaluate((el) => Math.round(el.getBoundingClientRect().width));

async function logInQuietly(context: BrowserContext) {
  await logIn(context);
  await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: site() }]);
}

async function open(page: Page, layout: Layout, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(PATHS[layout], { waitUntil: 'domcontentloaded' });
  await hydrated(page);
}

/**
 * Checks the menu once it is laid out for `width` (the layout says which width it follows): its width or the
 * dropdown, `aria-expanded`, and that the first click on the toggle acts.
 */
async function checkMenu(page: Page, layout: Layout, width: number) {
  await expect(menuRoot(page)).toHaveAttribute('data-viewport-width', String(width));
  const expected = expectedAt(layout, width);
  if (expected[0] === 'mobile') {
    await expect(aside(page)).toHaveCount(0);
    await expect(dropdown(page)).toBeVisible();
    await expect(dropdownToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(dropdown(page).locator('nav')).toBeHidden();
    await dropdownToggle(page).click();
    await expect(dropdownToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(dropdown(page).locator('nav')).toBeVisible();
    return;
  }
  const [mode, before, after] = expected;
  await expect(dropdown(page)).toHaveCount(0);
  await expect(aside(page)).toBeVisible();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', String(mode === 'expanded'));
  await expect.poll(() => menuWidth(page)).toBe(before);
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', String(mode !== 'expanded'));
  await expect.poll(() => menuWidth(page)).toBe(after);
}

async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
}

test.use({ reducedMotion: 'reduce' });

for (const layout of ['account', 'trade'] as const) {
  test.describe(`${layout} side menu`, () => {
    test.beforeEach(async ({ context }) => logInQuietly(context));

    test(`the server lays it out for its ${SERVER_GUESS} px guess`, async ({ page }) => {
      const res = await page.request.get(`${site()}${PATHS[layout]}`, { headers: { cookie: 'uid=10001; nickname=alice' } });
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain(`data-viewport-width="${SERVER_GUESS}"`);
    });

    for (const width of LOAD_WIDTHS) {
      const expected = expectedAt(layout, width);
      test(`loaded at ${width} px: laid out for the window before it hydrates, nothing moves when it does, and the first toggle click acts`, async ({
        page,
      }) => {
        // The menu (or the dropdown) and the content's place as the server's HTML is first laid out, before hydration.
        await beforeHydration(page, () => {
          const root = document.querySelector('.shell-sidemenu-layout');
          const content = document.querySelector('.shell-sidemenu-layout__content')!.getBoundingClientRect();
          const shown = (selector: string) => {
            const el = document.querySelector(selector);
            return el && el.getBoundingClientRect().width > 0 ? Math.round(el.getBoundingClientRect().width) : null;
          };
          const toggle = [...document.querySelectorAll('.shell-sidemenu__toggle')].find((el) => el.getBoundingClientRect().width > 0);
          (window as unknown as { firstLayout: unknown }).firstLayout = {
            guess: !!root?.classList.contains('is-guess'),
            expanded: toggle?.getAttribute('aria-expanded') ?? null,
            menu: shown('aside.shell-sidemenu'),
            dropdown: shown('.shell-sidemenu-dropdown'),
            content: [Math.round(content.x), Math.round(content.y)],
          };
        });
        await open(page, layout, width);
        await expect(menuRoot(page)).toHaveAttribute('data-viewport-width', String(width));
        await expect(menuRoot(page)).not.toHaveClass(/is-guess/);
        type First = { guess: boolean; expanded: string | null; menu: number | null; dropdown: number | null; content: [number, number] };
        const first = await page.evaluate(() => (window as unknown as { firstLayout: First }).firstLayout);
        expect(first.guess).toBe(true);
        if (expected[0] === 'mobile') {
          expect(first.menu).toBeNull();
          expect(first.dropdown).toBe(await dropdown(page).evaluate((el) => Math.round(el.getBoundingClientRect().width)));
        } else {
          expect(first.dropdown).toBeNull();
          expect(first.menu).toBe(expected[1]);
          // The toggle seen before any script says what is seen.
          expect(first.expanded).toBe(String(expected[0] === 'expanded'));
          expect(await menuWidth(page)).toBe(expected[1]);
        }
        const content = await page
          .locator('.shell-sidemenu-layout__content')
          .evaluate((el) => [Math.round(el.getBoundingClientRect().x), Math.round(el.getBoundingClientRect().y)]);
        expect(content).toEqual(first.content);
        // Then the menu follows the window and its first toggle click acts.
        await checkMenu(page, layout, width);
      });
    }

    for (const [above, below] of BREAKPOINTS[layout]) {
      test(`resized across ${below}/${above} px, both ways`, async ({ page }) => {
        await open(page, layout, above);
        await checkMenu(page, layout, above);
        await resize(page, below);
        await checkMenu(page, layout, below);
        await resize(page, above);
        await checkMenu(page, layout, above);
      });
    }
  });
}

test.describe('side menu toggle', () => {
  test.beforeEach(async ({ context }) => logInQuietly(context));

  test('a manual expand holds within its band and is dropped once the window crosses a breakpoint', async ({ page }) => {
    await open(page, 'account', 1300);
    await checkMenu(page, 'account', 1300); // expanded by the click
    await resize(page, 1000);
    await expect(menuRoot(page)).toHaveAttribute('data-viewport-width', '1000');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => menuWidth(page)).toBe(300);
    await resize(page, 1440);
    await expect(menuRoot(page)).toHaveAttribute('data-viewport-width', '1440');
    await resize(page, 1300);
    await expect(menuRoot(page)).toHaveAttribute('data-viewport-width', '1300');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => menuWidth(page)).toBe(104);
  });

  test('the trade menu expanded at 1100 px keeps the choice at 1000 px, 256 px wide', async ({ page }) => {
    await open(page, 'trade', 1100);
    await checkMenu(page, 'trade', 1100); // expanded by the click
    await resize(page, 1000);
    await expect(menuRoot(page)).toHaveAttribute('data-viewport-width', '1000');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => menuWidth(page)).toBe(256);
  });
});
