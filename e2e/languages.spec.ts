import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSLATION_LANGUAGES } from '../core/i18n/locales';
import { parseAllowList } from '../tools/i18n/allow';
import { allowedIdentical, flatten } from '../tools/i18n/rules';
import type { Page } from '@playwright/test';
import { expect, hydrated, settled, site, test } from './support';

/**
 * Every language reads as itself (18 languages): home, the 404 page and the login modal on the main site,
 * which serves all 18, show no English string of ours (every English value of every bundle, as a whole text, outside
 * locales/allow-identical.json) and no raw translation key; Arabic is right-to-left throughout.
 */
const ROOT = join(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const bundles = [
  ...readdirSync(join(ROOT, 'locales/en')).map((f) => join(ROOT, 'locales/en', f)),
  ...readdirSync(join(ROOT, 'plugins'))
    .map((id) => join(ROOT, 'plugins', id, 'locales/en.json'))
    .filter((f) => {
      try {
        return readFileSync(f) && true;
      } catch {
        return false;
      }
    }),
];
const allow = parseAllowList(readJson(join(ROOT, 'locales/allow-identical.json')), TRANSLATION_LANGUAGES);
const english = new Set<string>();
for (const file of bundles)
  for (const value of flatten(readJson(file)).values()) if (/\p{L}{2,}/u.test(value) && !value.includes('{{')) english.add(value.trim());
for (const v of allow.values) english.delete(v);

/** Visible texts of the page (text nodes, aria-labels, placeholders, titles), whole and trimmed. */
const texts = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script,style,noscript,[hidden],[aria-hidden="true"]')) continue;
      const text = n.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title]'))
      for (const a of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    out.push(document.title);
    return out;
  });

/** Our English strings and raw keys among a page's texts, in a language other than English. */
async function problems(page: Page, lng: string): Promise<string[]> {
  const found = await texts(page);
  const leftInEnglish = lng === 'en' ? [] : found.filter((t) => english.has(t) && !allowedIdentical(allow, lng, t)).map((t) => `English: "${t}"`);
  const rawKeys = found
    .filter((t) => /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_-]+)+$/.test(t) && !/^[\w-]+\.(com|eu|io|net|org|uk|jp|ae|au|tr|hk|sg)$/.test(t))
    .map((t) => `raw key: "${t}"`);
  return [...new Set([...leftInEnglish, ...rawKeys])];
}

for (const lng of TRANSLATION_LANGUAGES) {
  const prefix = lng === 'en' ? '' : `/${lng}`;
  test(`${lng}: home, the 404 page and the login modal read in ${lng}`, async ({ page }) => {
    await page.goto(`${site()}${prefix}/`);
    await settled(page);
    expect(await page.locator('html').getAttribute('lang')).toBeTruthy();
    expect(await problems(page, lng), `home (${lng})`).toEqual([]);

    const notFound = await page.goto(`${site()}${prefix}/no-such-page-${lng}`);
    expect(notFound?.status()).toBe(404);
    await settled(page);
    expect(await problems(page, lng), `404 (${lng})`).toEqual([]);

    await page.goto(`${site()}${prefix}/login`);
    await hydrated(page);
    const dialog = page.locator('[data-plugin="auth"] [role="dialog"]');
    await expect(dialog).toBeVisible();
    await settled(page);
    expect(await problems(page, lng), `login modal (${lng})`).toEqual([]);
    if (lng === 'ar') {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      expect(await dialog.evaluate((d) => getComputedStyle(d).direction)).toBe('rtl');
      expect(await page.locator('body').evaluate((b) => getComputedStyle(b).direction)).toBe('rtl');
    }
  });
}
