import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranslationCatalogue } from './translations';

/** A new configuration version's region names: texts of the old names are not kept, texts of the new ones are right. */
const root = join(import.meta.dirname, '../..');
const catalogue = () => new TranslationCatalogue(join(root, 'locales'), join(root, 'plugins'), () => {}, ['Gate']);

describe('TranslationCatalogue.setConstants', () => {
  it('keeps the instances (and their memos) while the public strings are the same', () => {
    const translations = catalogue();
    const en = translations.instance('en');
    expect(en.t('home', { ns: 'header', site: 'Gate' })).toBe('Gate home');
    translations.setConstants(['Gate']);
    expect(translations.instance('en')).toBe(en);
  });

  it('drops the instances whose memos hold the old names when the strings change, and translates the new ones', () => {
    const translations = catalogue();
    const en = translations.instance('en');
    expect(en.t('home', { ns: 'header', site: 'Gate' })).toBe('Gate home');
    translations.setConstants(['Gate 2']);
    const next = translations.instance('en');
    expect(next).not.toBe(en);
    expect(next.t('home', { ns: 'header', site: 'Gate 2' })).toBe('Gate 2 home');
    expect(next.t('home', { ns: 'header', site: 'Gate' })).toBe('Gate home');
  });
});
