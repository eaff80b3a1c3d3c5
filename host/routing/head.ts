import type { RegionConfig } from '../../core/config/region';
import { localeInfo } from '../../core/i18n/locales';
import { pathFor } from './locale';

export interface HeadLinks {
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
}

/**
 * Canonical and language-alternate links (spec 000 §2): one per supported language plus x-default, and the region's
 * `seo.alternates` on other sites (each while that site lists its language); `seo.noindexLanguages` are noindex.
 */
export function headLinks(input: {
  region: RegionConfig;
  locale: string;
  path: string;
  origin: (key: string) => string;
  /** Another site's config, by key (for `seo.alternates`). */
  regionOf: (key: string) => RegionConfig | undefined;
}): HeadLinks {
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
