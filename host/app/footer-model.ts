import type { RegionConfig } from '../../core/config/region';

interface FooterLink {
  key: string;
  href: string;
  external?: boolean;
}

export interface FooterModel {
  columns: Array<{ key: string; links: FooterLink[] }>;
  copyright: string;
}

/** The footer's links where the region file says nothing (`footer` in region-configs/README.md). */
export const FOOTER_DEFAULTS = { about: '/about_us', agreement: '/user-agreement', download: '/mobileapp' } as const;

/**
 * Footer links by sub-site (spec 001 §2), from the region's `footer` settings: about and agreement from the config
 * documents where `docsLinks` (UK, AU), the download link (Hong Kong: its agreement document), a fixed copyright
 * (Japan, spec 001 §9).
 */
export function footerModel(region: Pick<RegionConfig, 'docs' | 'name' | 'footer'>, year: number): FooterModel {
  const settings = region.footer ?? {};
  const about = settings.docsLinks ? region.docs.about : FOOTER_DEFAULTS.about;
  const agreement = settings.docsLinks ? region.docs.agreement : FOOTER_DEFAULTS.agreement;
  const download = settings.downloadLink ?? FOOTER_DEFAULTS.download;
  const ext = (href: string) => !href.startsWith('/') || /\.pdf$/i.test(href);
  const company = [
    { key: 'about', href: about, external: ext(about) },
    { key: 'mediaKit', href: '/media-kit' },
    { key: 'contacts', href: '/page/contacts' },
  ];
  const legal = [
    { key: 'agreement', href: agreement, external: ext(agreement) },
    { key: 'privacy', href: region.docs.privacy_policy, external: ext(region.docs.privacy_policy) },
    { key: 'risk', href: region.docs.risk_disclosure, external: ext(region.docs.risk_disclosure) },
    { key: 'fee', href: '/fee' },
  ];
  const services = [
    { key: 'download', href: download, external: ext(download) },
    { key: 'help', href: '/help' },
    { key: 'tickets', href: '/myaccount/tickets' },
  ];
  const copyright = settings.copyright ?? `© ${year} ${region.name}`;
  return {
    columns: [
      { key: 'company', links: company },
      { key: 'legal', links: legal },
      { key: 'services', links: services },
    ],
    copyright,
  };
}
