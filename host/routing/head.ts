import type { RegionConfig } from '../../core/config/region';
import { localeInfo } from '../../core/i18n/locales';
import { pathFor } from './locale';

export interface HeadLinks {
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
}

/**
 * Canonical and language-alternate links (spec 000 §2): one per supported language plus x-default;
 * the main site adds an English-for-Turkey alternate; nl and it are noindex on main.
 */
export function headLinks(input: {
  region: RegionConfig;
  locale: string;
  path: string;
  origin: (key: string) => string;
  turkeyRegion?: RegionConfig;
}): HeadLinks {
  const { region, locale, path } = input;
  const base = input.origin(region.key);
  const alternates = region.languages.map((code) => ({ hreflang: localeInfo(code)?.html ?? code, href: base + pathFor(region, code, path) }));
  if (region.key === 'main' && input.turkeyRegion?.languages.includes('en')) {
    alternates.push({ hreflang: 'en-TR', href: input.origin('tr') + pathFor(input.turkeyRegion, 'en', path) });
  }
  alternates.push({ hreflang: 'x-default', href: base + pathFor(region, region.defaultLang, path) });
  return {
    canonical: base + pathFor(region, locale, path),
    alternates,
    noindex: region.key === 'main' && (locale === 'nl' || locale === 'it'),
  };
}
