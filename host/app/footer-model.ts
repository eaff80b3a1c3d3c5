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

/**
 * Footer links by sub-site (spec 001 §2): UK and AU take about and agreement from their config documents,
 * Hong Kong's download link is its agreement document; Japan's copyright is fixed (spec 001 §9).
 */
export function footerModel(region: RegionConfig, year: number): FooterModel {
  const docsAbout = region.key === 'uk' || region.key === 'au';
  const about = docsAbout ? region.docs.about : '/about_us';
  const agreement = docsAbout ? region.docs.agreement : '/user-agreement';
  const download = region.key === 'hk' ? region.docs.agreement : '/mobileapp';
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
  const copyright = region.key === 'jp' ? '© 2025 Gate Japan K.K.' : `© ${year} ${region.name}`;
  return {
    columns: [
      { key: 'company', links: company },
      { key: 'legal', links: legal },
      { key: 'services', links: services },
    ],
    copyright,
  };
}
