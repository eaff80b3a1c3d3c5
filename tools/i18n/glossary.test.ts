import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGUAGES } from '../../core/i18n/locales';
import { parseAllowList } from './allow';
import { checkForbidden, checkTerms, fold, parseGlossary } from './glossary';

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
