import type { RegionConfig } from '../../core/config/region';
import { localeInfo } from '../../core/i18n/locales';
import { collapseSlashes, langPrefixFor, resetLocaleOf, sitePath } from '../../core/router/paths';
import { safeTarget } from '../../core/util/links';

export type LocaleResolution =
  { kind: 'redirect'; location: string; resetLang?: string } | { kind: 'ok'; locale: string; langPrefix: string; path: string; setLang?: string };

type RegionRouting = Pick<RegionConfig, 'languages' | 'defaultLang' | 'localePrefix' | 'unprefixedPaths'>;

/** The URL path of `path` (without prefix) in locale `code` on this region (core/router/paths.ts `sitePath`). */
export const pathFor: (region: RegionRouting, code: string, path: string) => string = sitePath;

/**
 * Spec 000 §2 and §4: the locale comes from the path prefix; the site's default language has none ('as-needed':
 * main, Turkey, hk, bs, sg, testnet), or every path has one ('always': the regional sites eu, us, uk, au, jp, ae)
 * except the region's unprefixed paths (US /login, /signup) and documents, and an unprefixed path redirects to the
 * default language's. A locale (prefix or `lang` cookie) outside the site's list resets the cookie (`resetLocaleOf`:
 * tr on Turkey, en on main, the site's English locale on a regional site) and redirects to the URL in that locale.
 * A path with repeated slashes (or backslashes) redirects to its collapsed form; every redirect location is a
 * same-site path (`safeTarget`), never `//…` or `/\…`: anything else becomes the locale's home.
 */
export function resolveLocale(region: RegionRouting, pathname: string, search: string, langCookie: string | undefined): LocaleResolution {
  const clean = collapseSlashes(pathname);
  const resolution = resolveClean(region, clean, search, langCookie);
  if (resolution.kind === 'redirect') return resolution;
  if (clean !== pathname) return redirectTo(region, resolution.locale, clean + search);
  return resolution;
}

/** A redirect to `location`, made a same-site path (else the home of `locale`). */
function redirectTo(region: RegionRouting, locale: string, location: string, resetLang?: string): LocaleResolution {
  const safe = safeTarget(location, pathFor(region, locale, '/'));
  return resetLang ? { kind: 'redirect', location: safe, resetLang } : { kind: 'redirect', location: safe };
}

/** `resolveLocale` for a path without repeated slashes. */
function resolveClean(region: RegionRouting, pathname: string, search: string, langCookie: string | undefined): LocaleResolution {
  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  if (first && localeInfo(first)) {
    const rest = `/${segments.slice(2).join('/')}`;
    if (!region.languages.includes(first)) {
      const reset = resetLocaleOf(region);
      return redirectTo(region, reset, pathFor(region, reset, rest) + search, reset);
    }
    const canonical = pathFor(region, first, rest);
    if (canonical !== pathname && canonical !== `${pathname}/`) return redirectTo(region, first, canonical + search);
    return { kind: 'ok', locale: first, langPrefix: langPrefixFor(region, first), path: rest, ...(langCookie !== first ? { setLang: first } : {}) };
  }
  if (langCookie !== undefined && !region.languages.includes(langCookie)) {
    const reset = resetLocaleOf(region);
    return redirectTo(region, reset, pathFor(region, reset, pathname) + search, reset);
  }
  const locale = region.defaultLang;
  const canonical = pathFor(region, locale, pathname);
  if (canonical !== pathname) return redirectTo(region, locale, canonical + search);
  return { kind: 'ok', locale, langPrefix: langPrefixFor(region, locale), path: pathname, ...(langCookie !== locale ? { setLang: locale } : {}) };
}
