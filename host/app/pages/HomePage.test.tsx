import { describe, expect, it } from 'vitest';
import { definePlugin } from '../../../core/plugin/define';
import { createPluginTester } from '../../../core/testing';
import { defaultShellData } from '../../../core/data/defaults';
import { coinCountValues } from '../../../kit/domain/coin-count';
import { LOCALES, TRANSLATION_LANGUAGES } from '../../../core/i18n/locales';
import { HomePage } from './HomePage';
import chart from '../../../plugins/chart';

/** The home page as a test plugin's route, rendered on the server with the given site settings. */
function home(currency_count: string, locale = 'en') {
  const page = definePlugin({ id: 'home-host', routes: () => [{ path: '/', component: HomePage }] });
  const t = createPluginTester(page, { side: 'server', locale, data: { ...defaultShellData(), site: { ...defaultShellData().site, currency_count } } });
  return { t, html: t.renderRoute('/') };
}

describe('home page coin count (site settings currency_count)', () => {
  it('the hero and the spot card state the one count the settings give, grouped in the page language', () => {
    const { t, html } = home('3800');
    expect(html).toContain('across 3,800+ cryptocurrencies');
    expect(html).toContain('Trade 3,800+ coins with deep liquidity.');
    expect(html).not.toMatch(/2,?700/);
    t.dispose();
    const de = home('3800', 'de');
    expect(de.html).toContain('über 3.800 Kryptowährungen');
    de.t.dispose();
    // Plural by the count: Russian writes "более 3 800 криптовалют" (many), "более 21 криптовалюты" (one).
    const ru = home('21', 'ru');
    expect(ru.html).toContain('более 21 криптовалюты');
    expect(ru.t.i18n.t('meta.description', { ns: 'shell', site: 'Gate', ...coinCountValues({ currency_count: '3800' }, 'ru') })).toContain(
      'более 3\u00a0800 криптовалют ',
    );
    ru.t.dispose();
  });

  it('settings without a usable count: the documented 2700, everywhere', () => {
    const { t, html } = home('3.8k');
    expect(html).toContain('across 2,700+ cryptocurrencies');
    expect(html).toContain('Trade 2,700+ coins');
    t.dispose();
  });

  it('every language writes the count it is given, in the hero, the spot card and the meta description', () => {
    for (const lng of TRANSLATION_LANGUAGES) {
      const values = coinCountValues({ currency_count: '3800' }, LOCALES[lng].html);
      const { t, html } = home('3800', lng);
      const lead = t.i18n.t('home.heroLead', { ns: 'shell', ...values });
      const spot = t.i18n.t('home.products.spot.body', { ns: 'shell', ...values });
      const meta = t.i18n.t('meta.description', { ns: 'shell', site: 'Gate', ...values });
      for (const text of [lead, spot, meta]) {
        expect(text, lng).toContain(values.coins);
        expect(text, lng).not.toContain('{{');
        expect(text, lng).not.toMatch(/2[,. \u00a0\u202f]?700/);
      }
      for (const text of [lead, spot]) expect(html, lng).toContain(text.replace(/'/g, '&#x27;'));
      expect(meta, lng).toContain('Gate');
      // The language's own text, not English's fallback.
      if (lng !== 'en') expect(meta, lng).not.toContain('Buy, sell and trade');
      t.dispose();
    }
  });
});

describe('home page spot links', () => {
  it("go to the site's default market: BTC_TRY on Turkey, BTC_USDT elsewhere", () => {
    const page = definePlugin({ id: 'home-host', routes: () => [{ path: '/', component: HomePage }] });
    const loggedIn = { ...defaultShellData(), user: { ...defaultShellData().user, isLogin: true } };
    // English pages: under /en on Turkey (Turkish is its default language), unprefixed on main.
    for (const [region, href] of [
      ['tr', 'href="/en/trade/BTC_TRY"'],
      ['main', 'href="/trade/BTC_USDT"'],
    ]) {
      const t = createPluginTester(page, { side: 'server', region, locale: 'en', requires: [chart], data: loggedIn });
      const html = t.renderRoute('/');
      // The hero's trade button and the spot card.
      expect(html.match(/href="[^"]*\/trade\/[A-Z_]+"/g), region).toEqual([href, href]);
      t.dispose();
    }
  });
});
