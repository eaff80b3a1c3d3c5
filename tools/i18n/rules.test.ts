import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pluralCategories } from '../../core/i18n/locales';
import { parseAllowList } from './allow';
import { checkTerms, parseGlossary } from './glossary';
import { checkBundle, markup, placeholders, type Allow } from './rules';

const allow: Allow = { values: new Set(['Spot']), byLanguage: new Map([['fr', new Set(['Menu'])]]) };
const en = {
  title: 'Deposit {{currency}}',
  nav: { spot: 'Spot', menu: 'Menu', help: 'Read the <1>guide</1> first' },
  results_one: '{{count}} symbol found',
  results_other: '{{count}} symbols found',
};
const de = {
  title: '{{currency}} einzahlen',
  nav: { spot: 'Spot', menu: 'Menü', help: 'Lies zuerst die <1>Anleitung</1>' },
  results_one: '{{count}} Symbol gefunden',
  results_other: '{{count}} Symbole gefunden',
};
const check = (lng: string, bundle: object) => checkBundle('shell', lng, en, bundle as never, pluralCategories(lng), allow);

describe('translation rules', () => {
  it('accepts a complete translation', () => {
    expect(check('de', de)).toEqual([]);
  });

  it('fails on a key added to English and not translated (and on an extra key)', () => {
    expect(checkBundle('shell', 'de', { ...en, fresh: 'New text' }, de, pluralCategories('de'), allow)).toEqual(['missing key fresh']);
    expect(check('de', { ...de, stale: 'Alt' })).toEqual(['extra key stale']);
  });

  it('asks each language for its own plural categories (Intl.PluralRules of its BCP-47 tag)', () => {
    const { results_one: _one, results_other: _other, ...rest } = de;
    expect(
      check('ru', {
        ...rest,
        title: 'Пополнить {{currency}}',
        nav: { spot: 'Spot', menu: 'Меню', help: 'Сначала прочтите <1>руководство</1>' },
        results_one: 'Найдена {{count}} пара',
        results_other: 'Найдено {{count}} пары',
      }),
    ).toEqual(['missing key results_few', 'missing key results_many']);
    expect(
      check('vn', {
        ...rest,
        title: 'Nạp {{currency}}',
        nav: { spot: 'Spot', menu: 'Danh mục', help: 'Hãy đọc <1>hướng dẫn</1> trước' },
        results_one: 'x',
        results_other: 'Tìm thấy {{count}} cặp',
      }),
    ).toEqual(['plural category not used by vn: results_one']);
  });

  it('fails on different placeholders, but lets a plural form say its number in words', () => {
    expect(check('de', { ...de, title: 'Einzahlen {{coin}}' })).toEqual(['placeholders differ at title: English has {{currency}}, de has {{coin}}']);
    const ar = checkBundle(
      'shell',
      'ar',
      { n_one: '{{count}} item', n_other: '{{count}} items' },
      { n_zero: 'لا شيء', n_one: 'عنصر واحد', n_two: 'عنصران', n_few: '{{count}} عناصر', n_many: '{{count}} عنصرًا', n_other: '{{count}} عنصر' },
      pluralCategories('ar'),
      allow,
    );
    expect(ar).toEqual([]);
    // The count as the code writes it ({{coins}}) likewise; any other placeholder stays.
    const coins = checkBundle(
      'shell',
      'ar',
      { n_one: '{{coins}}+ coin on {{site}}', n_other: '{{coins}}+ coins on {{site}}' },
      {
        n_zero: '{{coins}} {{site}}',
        n_one: 'عملة واحدة {{site}}',
        n_two: 'عملتان {{site}}',
        n_few: '{{coins}} {{site}}',
        n_many: '{{coins}} {{site}}',
        n_other: 'عملة',
      },
      pluralCategories('ar'),
      allow,
    );
    expect(coins).toEqual(['placeholders differ at n_other: English has {{coins}} {{site}}, ar has none']);
  });

  it('fails on markup that differs from English', () => {
    expect(check('de', { ...de, nav: { ...de.nav, help: 'Lies zuerst die Anleitung' } })).toEqual(['markup differs at nav.help: English <1></1>, de none']);
  });

  it('fails on a value left in English unless allow-listed (everywhere, or as the same word in that language)', () => {
    expect(check('de', { ...de, nav: { ...de.nav, menu: 'Menu' } })).toEqual(['left in English at nav.menu: "Menu"']);
    expect(
      check('fr', {
        title: 'Déposer {{currency}}',
        nav: { spot: 'Spot', menu: 'Menu', help: "Lisez d'abord le <1>guide</1>" },
        results_one: '{{count}} symbole trouvé',
        results_many: '{{count}} de symboles trouvés',
        results_other: '{{count}} symboles trouvés',
      }),
    ).toEqual([]);
  });

  it('counts a value as English whatever its case ("futures" for "Futures")', () => {
    const upper = { ...de, nav: { ...de.nav, menu: 'MENU' } };
    expect(check('de', upper)).toEqual(['left in English at nav.menu: "MENU"']);
    // Any change of case is still English; the allow-list matches whatever the case too.
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), (upperAt) => {
        const menu = [...'Menu'].map((c, i) => (upperAt[i] ? c.toUpperCase() : c.toLowerCase())).join('');
        expect(check('de', { ...de, nav: { ...de.nav, menu } })).toEqual([`left in English at nav.menu: "${menu}"`]);
        expect(check('de', { ...de, nav: { ...de.nav, spot: menu === 'Menu' ? 'spot' : 'SPOT' } })).toEqual([]);
      }),
    );
  });

  it("excuses a value only in the language whose allow-list has it, or everywhere from the '*' list", () => {
    const languages = ['de', 'fr', 'nl'];
    const perLanguage = parseAllowList({ '*': ['Spot'], fr: ['Menu'], nl: ['menu'] }, languages);
    const withMenu = (lng: string) => checkBundle('shell', lng, en, { ...de, nav: { ...de.nav, menu: 'Menu' } }, pluralCategories('de'), perLanguage);
    expect(withMenu('fr').filter((p) => p.includes('nav.menu'))).toEqual([]);
    expect(withMenu('nl').filter((p) => p.includes('nav.menu'))).toEqual([]);
    expect(withMenu('de')).toEqual(['left in English at nav.menu: "Menu"']);
    expect(() => parseAllowList({ xx: ['Menu'] }, languages)).toThrow('"xx" is not a translation language');
    expect(() => parseAllowList({ fr: 'Menu' }, languages)).toThrow('"fr" must be a list of strings');
  });

  it('finds a translation that names a glossary concept otherwise than the glossary says', () => {
    const glossary = parseGlossary(
      { terms: { 'risk-disclosure': { en: '\\brisk disclosure\\b', es: 'advertencia de riesgos', tr: 'risk bildirim*', ru: 'уведомлени* о рисках' } } },
      ['es', 'tr', 'ru'],
    );
    const term = (lng: string, value: string) => checkTerms(lng, 'link', 'See the Risk Disclosure', value, glossary);
    expect(term('es', 'Consulta la Divulgación de riesgos')).toEqual([
      'glossary (risk-disclosure) at link: English says "Risk Disclosure", es must say "advertencia de riesgos"',
    ]);
    expect(term('es', 'Consulta la Advertencia de riesgos')).toEqual([]);
    // Inflected forms through the stem; Turkish case rules (İ/i, I/ı).
    expect(term('tr', 'RİSK BİLDİRİMİ belgesine bakın')).toEqual([]);
    expect(term('ru', 'См. Уведомление о рисках')).toEqual([]);
    expect(term('ru', 'См. раскрытие рисков')).toHaveLength(1);
    // A source without the concept asks for nothing.
    expect(checkTerms('es', 'link', 'Read the terms', 'Lee los términos', glossary)).toEqual([]);
  });

  it('extracts placeholders and markup', () => {
    expect(placeholders('{{b}} and {{ a }} and $t(other.key)')).toEqual(['$t(other.key)', '{{a}}', '{{b}}']);
    expect(markup('a <strong class="x">b</strong> <br/> <1>c</1>')).toEqual(['<strong>', '</strong>', '<br/>', '<1>', '</1>']);
  });
});
