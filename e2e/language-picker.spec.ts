import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGION_KEYS } from '../core/config/region';
import { LOCALES } from '../core/i18n/locales';
import { expect, settled, site, test } from './support';

/** The language picker of every region: its languages by native name, and a change keeps the page (or no picker where the region hides it). */
// A page of two segments that every region serves, without the trade page's chart (less than half of Chromium's CPU per load).
const PAGE = '/competition/center';
const config = (key: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'region-configs', `${key}.json`), 'utf8')) as {
    defaultLang: string;
    languages: string[];
    localePrefix: string;
    hiddenLangAndRate?: boolean;
  };
const prefixOf = (c: ReturnType<typeof config>, code: string) => (code === c.defaultLang && c.localePrefix !== 'always' ? '' : `/${code}`);

for (const region of REGION_KEYS) {
  test(`${region}: the picker lists the site's languages by native name and keeps the page on a change`, async ({ page }) => {
    const c = config(region);
    await page.goto(`${site(region)}${prefixOf(c, c.defaultLang)}${PAGE}`);
    await settled(page);
    const picker = page.locator('.shell-lang');
    if (c.hiddenLangAndRate) {
      // The region switches the picker off (hiddenLangAndRate, spec 000 §2): its one language needs no choice.
      await expect(picker).toHaveCount(0);
      return;
    }
    await picker.locator('summary').click();
    const links = picker.getByRole('link');
    await expect(links).toHaveText(c.languages.map((code) => LOCALES[code].nativeName));
    await expect(picker.locator('a[aria-current="true"]')).toHaveText(LOCALES[c.defaultLang].nativeName);
    const other = c.languages.find((code) => code !== c.defaultLang);
    if (!other) return; // one language: nothing to switch to
    await links.filter({ hasText: LOCALES[other].nativeName }).click();
    await expect(page).toHaveURL(`${site(region)}${prefixOf(c, other)}${PAGE}`);
    await expect(page.locator('html')).toHaveAttribute('lang', LOCALES[other].html);
  });
}
