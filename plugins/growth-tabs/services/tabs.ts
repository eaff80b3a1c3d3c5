import { localePath, safeLink } from '../../../core/plugin-api';
import type { GrowthTabsOptions as GrowthOptions } from '../options.generated';

export type { GrowthOptions };

/** Spec 001 §2: the three growth pages, in tab order. */
const PAGE_TABS = [
  { key: 'rewards_hub', path: '/rewards_hub' },
  { key: 'competition', path: '/competition/center' },
  { key: 'referral', path: '/referral' },
] as const;

export type PageTabKey = (typeof PAGE_TABS)[number]['key'];
export type TabKey = PageTabKey | 'affiliate' | 'broker';

/** Spec 001 §3 agency_type values. */
export const AGENCY_TYPE = { normal: 0, affiliate: 1, agentDirect: 2, partner: 3, partnerDirect: 4 } as const;

export interface TabLink {
  key: TabKey;
  href: string;
  current: boolean;
  /** Opens in a new browser tab. */
  newTab: boolean;
}

/** The page tab a path belongs to, or null. */
export function tabOfPath(path: string): PageTabKey | null {
  return PAGE_TABS.find((t) => t.path === path)?.key ?? null;
}

/** Our rule for the channel parameter (the spec does not give one): `<prefix>_<from>_to_<to>`. */
export function channelFor(from: TabKey, to: TabKey, prefix: string): string {
  return `${prefix}_${from}_to_${to}`;
}

/** Adds (or replaces) the `ch` query parameter of a path or URL, keeping its other parameters and fragment. */
export function withChannel(url: string, ch: string): string {
  const [beforeHash, hash = ''] = url.split(/#(.*)/s, 2);
  const [path, query = ''] = beforeHash.split(/\?(.*)/s, 2);
  const params = new URLSearchParams(query);
  params.set('ch', ch);
  return `${path}?${params.toString()}${hash ? `#${hash}` : ''}`;
}

/** The role tabs an agency_type adds (spec 001 §6): affiliate and/or broker, per the options. */
export function roleTabs(agencyType: number | null, options: Pick<GrowthOptions, 'affiliateAgencyTypes' | 'brokerAgencyTypes'>): Array<'affiliate' | 'broker'> {
  if (agencyType === null) return [];
  const out: Array<'affiliate' | 'broker'> = [];
  if ((options.affiliateAgencyTypes as readonly number[]).includes(agencyType)) out.push('affiliate');
  if ((options.brokerAgencyTypes as readonly number[]).includes(agencyType)) out.push('broker');
  return out;
}

/** A role tab's target: a same-site path under the locale prefix, or an allowed https URL; null when unsafe. */
function roleTarget(raw: string, langPrefix: string, allowedHosts: readonly string[]): string | null {
  const link = safeLink(raw, allowedHosts);
  if (!link) return null;
  return link.startsWith('/') ? localePath(langPrefix, link) : link;
}

/**
 * Every tab of the bar for the current page: the three page tabs and the role tabs. Links to another tab carry
 * `ch`; the current tab's link does not. Regions that hide referral (site config `hiddenReferral`) lose that tab.
 */
export function buildTabs(input: {
  current: PageTabKey;
  agencyType: number | null;
  options: GrowthOptions;
  langPrefix: string;
  allowedHosts: readonly string[];
  hideReferral?: boolean;
}): TabLink[] {
  const { current, options, langPrefix } = input;
  const link = (key: TabKey, href: string, newTab: boolean): TabLink =>
    key === current
      ? { key, href, current: true, newTab }
      : { key, href: withChannel(href, channelFor(current, key, options.chPrefix)), current: false, newTab };
  const pages = PAGE_TABS.filter((t) => !(input.hideReferral && t.key === 'referral')).map((t) => link(t.key, localePath(langPrefix, t.path), false));
  const roles = roleTabs(input.agencyType, options).flatMap((key) => {
    const href = roleTarget(key === 'affiliate' ? options.affiliateUrl : options.brokerUrl, langPrefix, input.allowedHosts);
    return href ? [link(key, href, options.roleTabsNewTab)] : [];
  });
  return [...pages, ...roles];
}
