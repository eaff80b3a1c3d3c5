import { localeInfo } from '../i18n/locales';

/** The region fields the language-prefix rule reads (spec 000 §2). */
export interface PrefixRule {
  readonly languages: readonly string[];
  readonly defaultLang: string;
  /** 'as-needed': no prefix for defaultLang; 'always': every path carries one, but unprefixedPaths and documents. */
  readonly localePrefix: 'as-needed' | 'always';
  readonly unprefixedPaths: readonly string[];
}

/** The path part of a link (no query or hash). */
function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0];
}

/** Documents (the region's files: /docs/…, *.pdf, *.html) are the same file in every language: never prefixed. */
export function isDocumentPath(path: string): boolean {
  const p = pathOnly(path);
  return p.startsWith('/docs/') || /\.(pdf|html?)$/i.test(p);
}

/** Served without a prefix in every locale: documents, and the region's unprefixed paths under 'always' (US /login). */
export function isUnprefixedPath(rule: PrefixRule, path: string): boolean {
  if (isDocumentPath(path)) return true;
  if (rule.localePrefix !== 'always') return false;
  const p = pathOnly(path);
  return rule.unprefixedPaths.some((u) => p === u || p.startsWith(`${u}/`));
}

/** The prefix of locale `code`'s pages: '' for the default language of an 'as-needed' site, '/{code}' otherwise. */
export function langPrefixFor(rule: PrefixRule, code: string): string {
  return rule.localePrefix === 'always' || code !== rule.defaultLang ? `/${code}` : '';
}

/** A link to another site (https:, mailto:, //host): never prefixed. */
const OTHER_SITE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** Prefixes a site path with the language prefix ('' for none); documents and links to other sites stay as they are. */
export function localePath(langPrefix: string, path: string): string {
  if (OTHER_SITE.test(path)) return path;
  if (!path.startsWith('/')) path = `/${path}`;
  if (!langPrefix || isDocumentPath(path)) return path;
  return path === '/' ? `${langPrefix}/` : `${langPrefix}${path}`;
}

/** The URL path of site path `path` in locale `code` on a region: the whole prefix rule, exceptions included. */
export function sitePath(rule: PrefixRule, code: string, path: string): string {
  if (OTHER_SITE.test(path)) return path;
  const clean = path.startsWith('/') ? path : `/${path}`;
  return isUnprefixedPath(rule, clean) ? clean : localePath(langPrefixFor(rule, code), clean);
}

/**
 * The locale an unsupported `lang` is reset to (spec 000 §4): the default of a site whose default language has no
 * prefix (en on main, tr on Turkey, en on hk/bs/sg/testnet), else the site's English locale (en-eu, en-jp, …).
 */
export function resetLocaleOf(rule: PrefixRule): string {
  if (rule.localePrefix === 'as-needed') return rule.defaultLang;
  return rule.languages.find((code) => localeInfo(code)?.lng === 'en') ?? rule.defaultLang;
}

/**
 * A request path as a browser reads it, with no empty segment: tabs and newlines (dropped by the URL parser) go,
 * and each run of slashes and backslashes (a backslash is a slash in an http URL) becomes one slash.
 */
export function collapseSlashes(path: string): string {
  return path.replace(/[\t\n\r]/g, '').replace(/[/\\]{2,}|\\/g, '/');
}
