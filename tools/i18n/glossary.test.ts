import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGUAGES } from '../../core/i18n/locales';
import { parseAllowList } from './allow';
import { checkForbidden, checkTerms, checkTitles, fold, formPattern, parseGlossary } from './glossary';

const LANGUAGES = TRANSLATION_LANGUAGES.filter((l) => l !== 'en');
const real = (file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', file), 'utf8')) as unknown;

describe('glossary', () => {
  it('reads the real glossary and allow-list: every term names every language', () => {
    const glossary = parseGlossary(real('glossary.json'), LANGUAGES);
    expect(glossary.terms.length).toBeGreaterThanOrEqual(16);
    for (const term of glossary.terms) expect([...term.forms.keys()].sort(), term.id).toEqual([...LANGUAGES].sort());
    expect(parseAllowList(real('allow-identical.json'), LANGUAGES).values.has('Simple Earn')).toBe(true);
  });

  it('refuses a term without a language, a language it does not know, a bad pattern', () => {
    expect(() => parseGlossary({ terms: { spot: { en: 'spot', de: 'Spot' } } }, ['de', 'fr'])).toThrow('terms.spot.fr: missing');
    expect(() => parseGlossary({ terms: { spot: { en: 'spot', de: 'Spot', xx: 'Spot' } } }, ['de'])).toThrow('terms.spot.xx: not a translation language');
    expect(() => parseGlossary({ terms: { spot: { de: 'Spot' } } }, ['de'])).toThrow('terms.spot.en');
    expect(() => parseGlossary({ terms: {}, forbidden: { de: [{ pattern: '(', why: 'x' }] } }, ['de'])).toThrow();
    expect(() => parseGlossary(null, ['de'])).toThrow('glossary.json terms');
  });

  it('matches a form whatever its case, apostrophe and spaces; `*` stands for letters only', () => {
    const glossary = parseGlossary({ terms: { ua: { en: 'user agreement', fr: "contrat d'utilisation", uk: 'угод* користувача' } } }, ['fr', 'uk']);
    const ok = (lng: string, value: string) => checkTerms(lng, 'k', 'the User Agreement', value, glossary).length === 0;
    expect(ok('fr', 'le Contrat\u00a0d’utilisation')).toBe(true);
    expect(ok('uk', 'в Угоді користувача')).toBe(true);
    expect(ok('uk', 'угод, користувача')).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 21, maxLength: 21 }), (upper) => {
        const text = [...'contrat d’utilisation'].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
        expect(ok('fr', `Lire le ${text}`)).toBe(true);
      }),
    );
  });

  it('matches a form as whole words: a stem asks for `*`, a compound for a leading `*`', () => {
    const glossary = parseGlossary({ terms: { deposit: { en: '\\bdeposit\\b', tr: ['yatır', 'yatırma*'], es: 'depósit*', de: '*einzahl*', zh: '充值' } } }, [
      'tr',
      'es',
      'de',
      'zh',
    ]);
    const ok = (lng: string, value: string) => checkTerms(lng, 'k', 'Make your first deposit', value, glossary).length === 0;
    expect(ok('tr', 'İlk yatırma işleminizi yapın')).toBe(true);
    expect(checkTerms('tr', 'k', 'Make your first deposit', 'İlk yatırımınızı yapın', glossary)).toEqual([
      'glossary (deposit) at k: English says "deposit", tr must say "yatır" or "yatırma*"',
    ]);
    expect(ok('es', 'Haz tu primer depósito')).toBe(true);
    expect(ok('es', 'Haz tu primer redepósito')).toBe(false);
    expect(ok('de', 'Mindesteinzahlung: 10 USDT')).toBe(true);
    // Chinese, Japanese and Thai have no spaces between words: no boundary there.
    expect(ok('zh', '首次充值即可领取')).toBe(true);
  });

  it('finds a Latin or Cyrillic form between non-letters only, wherever it stands (property)', () => {
    const letters = fc.stringMatching(/^[a-zà-öø-ÿа-я]{1,4}$/);
    const edge = fc.constantFrom(' ', '-', '(', '«', '.', ',', '/', '\u00a0');
    fc.assert(
      fc.property(fc.constantFrom('spot', 'retrait', 'спот', "contrat d'utilisation"), letters, edge, edge, (form, glued, before, after) => {
        const re = formPattern(form, 'fr');
        expect(re.test(fold(`x${before}${form}${after}x`, 'fr')), `${before}${form}${after}`).toBe(true);
        expect(re.test(fold(`${glued}${form}`, 'fr'))).toBe(false);
        expect(re.test(fold(`${form}${glued}`, 'fr'))).toBe(false);
        expect(formPattern(`${form}*`, 'fr').test(fold(`${form}${glued}`, 'fr'))).toBe(true);
      }),
    );
  });

  it('lets an Arabic form carry the clitics written onto the word', () => {
    const re = (form: string) => formPattern(form, 'ar');
    for (const text of ['الإيداع', 'للإيداع', 'والإيداع', 'بالإيداع', 'إيداع'].map((t) => fold(t, 'ar'))) expect(re('إيداع').test(text), text).toBe(true);
    expect(re('الإفصاح عن المخاطر').test(fold('راجع الإفصاح عن المخاطر', 'ar'))).toBe(true);
    expect(re('سحب').test(fold('انسحب', 'ar'))).toBe(false);
    expect(re('فرعي*').test(fold('الحسابات الفرعية', 'ar'))).toBe(true);
  });

  it('asks Chinese for 《》 around a document name in running text, not around the name alone', () => {
    const glossary = parseGlossary({ terms: { ua: { en: 'user agreement', zh: '用户协议', tw: '用戶協議', ja: '利用規約' } }, titles: ['ua'] }, [
      'zh',
      'tw',
      'ja',
    ]);
    expect(checkTitles('zh', 'k', '阅读用户协议', glossary)).toEqual(['document title at k: "用户协议" names a document, zh writes 《用户协议》']);
    expect(checkTitles('tw', 'k', '根據我們的用戶協議，我們無法', glossary)).toHaveLength(1);
    for (const text of ['阅读《用户协议》', '用户协议', '完整条款请参阅<a>《用户协议》</a>。', '请同意《<1>用户协议</1>》后继续'])
      expect(checkTitles('zh', 'k', text, glossary), text).toEqual([]);
    expect(checkTitles('ja', 'k', '利用規約を読む', glossary)).toEqual([]);
    expect(() => parseGlossary({ terms: {}, titles: ['nope'] }, ['zh'])).toThrow('glossary.json titles');
  });

  it('folds Turkish by its own case rules and ignores Arabic vowel marks', () => {
    expect(fold('KULLANICI SÖZLEŞMESİ', 'tr')).toBe('kullanıcı sözleşmesi');
    expect(fold('أودِع', 'ar')).toBe('أودع');
  });

  it('reports a forbidden pattern with its reason, and only in its language', () => {
    const glossary = parseGlossary({ terms: {}, forbidden: { de: [{ pattern: '(?<!\\p{L})(?:du|dein\\p{L}*)(?!\\p{L})', why: 'German texts use Sie' }] } }, [
      'de',
      'fr',
    ]);
    expect(checkForbidden('de', 'k', 'Sichere dein Konto', glossary)).toEqual(['forbidden at k: "dein" (German texts use Sie)']);
    expect(checkForbidden('de', 'k', 'Sichern Sie Ihr Konto, Dubai und Produkte', glossary)).toEqual([]);
    expect(checkForbidden('fr', 'k', 'du compte', glossary)).toEqual([]);
  });
});
