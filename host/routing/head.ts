import type { RegionConfig } from '../../core/config/region';
import { localeInfo } from '../../core/i18n/locales';
import { deepFreeze } from '../../core/util/freeze';
import { KeptPerOwner } from '../../core/util/kept';
import { pathFor } from './locale';

export interface HeadLinks {
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
}

interface HeadLinksInput {
  region: RegionConfig;
  locale: string;
  path: string;
  origin: (key: string) => string;
  /** Another site's config, by key (for `seo.alternates`). */
  regionOf: (key: string) => RegionConfig | undefined;
}

/**
 * Canonical and language-alternate links (spec 000 §2): one per supported language plus x-default, and the region's
 * `seo.alternates` on other sites (each while that site lists its language); `seo.noindexLanguages` are noindex.
 */
export function headLinks(input: HeadLinksInput): HeadLinks {
  const { region, locale, path } = input;
  const base = input.origin(region.key);
  const alternates = region.languages.map((code) => ({ hreflang: localeInfo(code)?.html ?? code, href: base + pathFor(region, code, path) }));
  for (const other of region.seo?.alternates ?? []) {
    const site = input.regionOf(other.region);
    if (site?.languages.includes(other.language))
      alternates.push({ hreflang: other.hreflang, href: input.origin(site.key) + pathFor(site, other.language, path) });
  }
  alternates.push({ hreflang: 'x-default', href: base + pathFor(region, region.defaultLang, path) });
  return {
    canonical: base + pathFor(region, locale, path),
    alternates,
    noindex: region.seo?.noindexLanguages?.includes(locale) ?? false,
  };
}

/** Pages' links kept per site version (its region directory): at most 2,000 per version, the oldest dropped first. */
const kept = new KeptPerOwner<object, Readonly<HeadLinks>>(2_000);

/**
 * `headLinks`, made once per site version, origin, region, language and path, and frozen: the same for every request
 * of that version (`regionOf` and `origin` read only the version's configs and the request's origin, which are in the
 * key), so the boot state's JSON of its alternates is made once too.
 */
export function keptHeadLinks(version: object, input: HeadLinksInput): Readonly<HeadLinks> {
  const key = `${input.origin(input.region.key)}\u0000${input.region.key}\u0000${input.locale}\u0000${input.path}`;
  return kept.get(version, key, () => deepFreeze(headLinks(input)));
}
