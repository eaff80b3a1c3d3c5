import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { definePlugin } from '../../core/plugin/define';
import { createPluginTester } from '../../core/testing';
import { defaultShellData } from '../../core/data/defaults';
import { TRANSLATION_LANGUAGES } from '../../core/i18n/locales';
import { coinCount, DEFAULT_COIN_COUNT } from './coin-count';
import { HomePage } from './pages/HomePage';

/** The home page as a test plugin's route, rendered on the server with the given site settings. */
function home(currency_count: string, locale = 'en') {
  const page = definePlugin({ id: 'home-host', setup: (ctx) => void ctx.route({ path: '/', component: HomePage }) });
  const t = createPluginTester(page, { side: 'server', locale, data: { ...defaultShellData(), site: { ...defaultShellData().site, currency_count } } });
  return { t, html: t.renderRoute('/') };
}

describe('coin count (site settings currency_count)', () => {
  it('takes a whole count from 1 to 100000, else the documented 2700', () => {
    expect(coinCount({ currency_count: '3800' })).toBe(3800);
    expect(coinCount({ currency_count: ' 42 ' })).toBe(42);
    for (const bad of ['', '0', '-5', '3.8k', '1e4', '999999', 'NaN', '<b>1</b>']) expect(coinCount({ currency_count: bad })).toBe(DEFAULT_COIN_COUNT);
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = coinCount({ currency_count: s });
        expect(Number.isInteger(n) && n >= 1 && n <= 100_000).toBe(true);
      }),
    );
  });

  it('the hero and the spot card state the one count the settings give', () => {
    const { t, html } = home('3800');
    expect(html).toContain('across 3800+ cryptocurrencies');
    expect(html).toContain('Trade 3800+ coins with deep liquidity.');
    expect(html).not.toMatch(/2,?700/);
    t.dispose();
    // Plural by the count: Russian writes "более 3800 криптовалют" (many), "более 21 криптовалюты" (one).
    const ru = home('21', 'ru');
    expect(ru.html).toContain('более 21 криптовалюты');
    expect(ru.t.i18n.t('meta.description', { ns: 'shell', site: 'Gate', count: 3800 })).toContain('более 3800 криптовалют ');
    ru.t.dispose();
  });

  it('every language writes the count it is given, in the hero, the spot card and the meta description', () => {
    for (const lng of TRANSLATION_LANGUAGES) {
      const { t, html } = home('3800', lng);
      const spot = t.i18n.t('home.products.spot.body', { ns: 'shell', count: 3800 });
      const meta = t.i18n.t('meta.description', { ns: 'shell', site: 'Gate', count: 3800 });
      for (const text of [spot, meta]) {
        expect(text, lng).toContain('3800');
        expect(text, lng).not.toMatch(/2[,. ]?700/);
      }
      expect(html, lng).toContain(spot.replace(/'/g, '&#x27;'));
      expect(meta, lng).toContain('Gate');
      // The language's own text, not English's fallback.
      if (lng !== 'en') expect(meta, lng).not.toContain('Buy, sell and trade');
      t.dispose();
    }
  });
});
