import fc from 'fast-check';
import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '../../locales/en/shell.json';
import de from '../../locales/de/shell.json';
import { metaDescription } from './meta-description';
import { coinCountValues } from '../../kit/domain/coin-count';

function instance(lng: string, shell: object) {
  const i18n = createInstance();
  void i18n.init({ lng, fallbackLng: false, ns: ['shell'], resources: { [lng]: { shell } }, interpolation: { escapeValue: false }, initAsync: false });
  return i18n;
}

describe('metaDescription', () => {
  it('is the translation of the site name and coin count, whatever they are (asked again, from its memory)', () => {
    const i18ns = [instance('en', en), instance('de', de)];
    const direct = (i: number, site: string, count: string, html: string) =>
      i18ns[i].t('meta.description', { ns: 'shell', site, ...coinCountValues({ currency_count: count }, html) });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1 }),
        fc.constantFrom('BitSite', 'Börse TR'),
        fc.oneof(fc.nat({ max: 200_000 }).map(String), fc.string()),
        fc.constantFrom('en', 'de-DE', 'fr'),
        (i, site, count, html) => {
          expect(metaDescription(i18ns[i], site, { currency_count: count }, html)).toBe(direct(i, site, count, html));
          expect(metaDescription(i18ns[i], site, { currency_count: count }, html)).toBe(direct(i, site, count, html));
        },
      ),
    );
  });

  it('translates a site, count and language once', () => {
    const i18n = instance('en', en);
    const t = vi.spyOn(i18n, 't');
    for (let i = 0; i < 5; i++) metaDescription(i18n, 'BitSite', { currency_count: '3800' }, 'en');
    expect(t).toHaveBeenCalledTimes(1);
    expect(metaDescription(i18n, 'BitSite', { currency_count: '3800' }, 'en')).toContain('3,800+ cryptocurrencies on BitSite');
    metaDescription(i18n, 'BitSite', { currency_count: '1' }, 'en');
    expect(t).toHaveBeenCalledTimes(2);
  });
});
