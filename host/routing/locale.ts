import type { RegionConfig } from '../../core/config/region';
import { localeInfo } from '../../core/i18n/locales';

export type LocaleResolution =
  | { kind: 'redirect'; location: string; resetLang?: string }
  | { kind: 'ok'; locale: string; langPrefix: string; path: string; setLang?: string };

type RegionRouting = Pick<RegionConfig, 'languages' | 'defaultLang' | 'localePrefix' | 'unprefixedPaths'>;

/** Whether a path is served without a prefix on an 'always' region (US /login, /signup). */
function isUnprefixed(region: RegionRouting, path: string): boolean {
  return region.unprefixedPaths.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The URL path of `path` (without prefix) in locale `code` on this region. */
export function pathFor(region: RegionRouting, code: string, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const prefixed = region.localePrefix === 'always' ? !isUnprefixed(region, clean) : code !== region.defaultLang;
  if (!prefixed) return clean;
  return clean === '/' ? `/${code}/` : `/${code}${clean}`;
}

/**
 * Spec 000 §2 and §4: the locale comes from the path prefix; the site's default language has none ('as-needed'),
 * or every path has one except the region's unprefixed paths ('always', the US site). A locale (prefix or `lang`
 * cookie) outside the site's list resets the cookie to the site default and redirects.
 */
export function resolveLocale(region: RegionRouting, pathname: string, search: string, langCookie: string | undefined): LocaleResolution {
  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  if (first && localeInfo(first)) {
    const rest = `/${segments.slice(2).join('/')}`;
    if (!region.languages.includes(first)) {
      return { kind: 'redirect', location: pathFor(region, region.defaultLang, rest) + search, resetLang: region.defaultLang };
    }
    const canonical = pathFor(region, first, rest);
    if (canonical !== pathname && canonical !== `${pathname}/`) return { kind: 'redirect', location: canonical + search };
    return { kind: 'ok', locale: first, langPrefix: `/${first}`, path: rest, ...(langCookie !== first ? { setLang: first } : {}) };
  }
  if (langCookie !== undefined && !region.languages.includes(langCookie)) {
    return { kind: 'redirect', location: pathname + search, resetLang: region.defaultLang };
  }
  const canonical = pathFor(region, region.defaultLang, pathname);
  if (canonical !== pathname) return { kind: 'redirect', location: canonical + search };
  const locale = region.defaultLang;
  return { kind: 'ok', locale, langPrefix: '', path: pathname, ...(langCookie !== locale ? { setLang: locale } : {}) };
}
