/** A locale code as it appears in URL prefixes and the `lang` cookie (spec 000 §3). */
export interface LocaleInfo {
  code: string;
  /** Translation-file language (folder under locales/). */
  lng: string;
  /** `<html lang>` and hreflang value. */
  html: string;
  dir: 'ltr' | 'rtl';
  /** Name shown in the language selector. */
  nativeName: string;
}

const L = (code: string, lng: string, html: string, nativeName: string, dir: 'ltr' | 'rtl' = 'ltr'): LocaleInfo => ({ code, lng, html, dir, nativeName });

/** Every locale code the shell knows; a region lists the ones it serves. */
export const LOCALES: Record<string, LocaleInfo> = Object.fromEntries(
  [
    L('en', 'en', 'en', 'English'),
    L('zh', 'zh', 'zh-CN', '简体中文'),
    L('tw', 'tw', 'zh-TW', '繁體中文'),
    L('vn', 'vn', 'vi', 'Tiếng Việt'),
    L('es', 'es', 'es', 'Español'),
    L('ru', 'ru', 'ru', 'Русский'),
    L('fr', 'fr', 'fr', 'Français'),
    L('de', 'de', 'de', 'Deutsch'),
    L('pt', 'pt', 'pt-PT', 'Português'),
    L('br', 'br', 'pt-BR', 'Português (Brasil)'),
    L('th', 'th', 'th', 'ไทย'),
    L('id', 'id', 'id', 'Bahasa Indonesia'),
    L('tr', 'tr', 'tr', 'Türkçe'),
    L('ja', 'ja', 'ja', '日本語'),
    L('ar', 'ar', 'ar', 'العربية', 'rtl'),
    L('uk', 'uk', 'uk', 'Українська'),
    L('nl', 'nl', 'nl', 'Nederlands'),
    L('it', 'it', 'it', 'Italiano'),
    L('en-eu', 'en', 'en', 'English (EU)'),
    L('it-eu', 'it', 'it', 'Italiano (EU)'),
    L('en-us', 'en', 'en-US', 'English (US)'),
    L('en-uk', 'en', 'en-GB', 'English (UK)'),
    L('en-au', 'en', 'en-AU', 'English (AU)'),
    L('en-jp', 'en', 'en-JP', 'English (Japan)'),
    L('ja-jp', 'ja', 'ja-JP', '日本語 (日本)'),
    L('en-dubai', 'en', 'en-AE', 'English (UAE)'),
    L('ar-dubai', 'ar', 'ar-AE', 'العربية (الإمارات)', 'rtl'),
  ].map((l) => [l.code, l]),
);

/** Translation languages shipped in full; the others fall back to English key by key. */
export const TRANSLATED_LANGUAGES = ['en', 'zh', 'tr', 'ja', 'ar', 'it', 'es', 'pt', 'br', 'fr', 'de', 'id', 'ru', 'uk', 'nl', 'tw', 'vn', 'th'] as const;

/** Translation-file languages (folders under locales/). */
export const TRANSLATION_LANGUAGES = [...new Set(Object.values(LOCALES).map((l) => l.lng))];

/**
 * The BCP-47 tag i18next and `Intl` get for a translation language: the site's codes stay in URLs and folders,
 * but `vn` is Vietnamese (`vi`), `tw` Traditional Chinese (`zh-TW`, not Twi), `br` Brazilian Portuguese (`pt-BR`, not
 * Breton). Plural rules follow the tag (`Intl.PluralRules`), so the mapping decides which plural keys a language has.
 */
const I18N_TAGS: Readonly<Record<string, string>> = {
  en: 'en',
  zh: 'zh-CN',
  tw: 'zh-TW',
  vn: 'vi',
  es: 'es',
  ru: 'ru',
  fr: 'fr',
  de: 'de',
  pt: 'pt-PT',
  br: 'pt-BR',
  th: 'th',
  id: 'id',
  tr: 'tr',
  ja: 'ja',
  ar: 'ar',
  uk: 'uk',
  nl: 'nl',
  it: 'it',
};

/** The BCP-47 tag of a translation language (folder code); unknown codes pass through. */
export function i18nTag(lng: string): string {
  return Object.prototype.hasOwnProperty.call(I18N_TAGS, lng) ? I18N_TAGS[lng] : lng;
}

/** The translation folder of a BCP-47 tag (the inverse of `i18nTag`). */
export function lngOfTag(tag: string): string {
  return Object.keys(I18N_TAGS).find((lng) => I18N_TAGS[lng] === tag) ?? tag;
}

/** Resources keyed by folder code, re-keyed by tag (what an i18next instance is given). */
export function resourcesByTag<T>(resources: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(resources).map(([lng, r]) => [i18nTag(lng), r]));
}

/** The plural categories of a translation language, as `Intl.PluralRules` gives them for its tag. */
export function pluralCategories(lng: string): string[] {
  return new Intl.PluralRules(i18nTag(lng)).resolvedOptions().pluralCategories.slice();
}

/** The shell's own namespaces besides `shell`; a page inlines them with its plugins' (spec 000 §4). */
export const SHELL_NAMESPACES = ['shell', 'header', 'footer'] as const;

export function localeInfo(code: string): LocaleInfo | undefined {
  return Object.prototype.hasOwnProperty.call(LOCALES, code) ? LOCALES[code] : undefined;
}

/** Spec 000 §4: Chinese rises red, everything else green. */
export function riseClass(locale: LocaleInfo): 'red-rise' | 'green-rise' {
  return locale.lng === 'zh' || locale.lng === 'tw' ? 'red-rise' : 'green-rise';
}
