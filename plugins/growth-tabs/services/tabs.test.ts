import { describe, expect, it } from 'vitest';
import { AGENCY_TYPE, buildTabs, channelFor, roleTabs, tabOfPath, withChannel, type GrowthOptions } from './tabs';
import { GROWTH_API, shapeRebateInfo } from './api';

const options: GrowthOptions = {
  endpoints: { rewards: GROWTH_API.rewards, competitions: GROWTH_API.competitions, referral: GROWTH_API.referral },
  affiliateUrl: '/affiliate',
  brokerUrl: 'https://partners.example.com/broker?x=1',
  affiliateAgencyTypes: [1, 2],
  brokerAgencyTypes: [3, 4],
  roleTabsNewTab: true,
  chPrefix: 'growth',
  referralRefType: '103',
};
const build = (patch: Partial<Parameters<typeof buildTabs>[0]> = {}) =>
  buildTabs({ current: 'rewards_hub', agencyType: null, options, langPrefix: '', allowedHosts: ['partners.example.com'], ...patch });

describe('channel rule', () => {
  it('is <prefix>_<from>_to_<to>', () => {
    expect(channelFor('rewards_hub', 'referral', 'growth')).toBe('growth_rewards_hub_to_referral');
  });
  it('adds or replaces ch, keeping other parameters and the fragment', () => {
    expect(withChannel('/referral', 'a')).toBe('/referral?ch=a');
    expect(withChannel('/x?y=1#top', 'a')).toBe('/x?y=1&ch=a#top');
    expect(withChannel('/x?ch=old&y=2', 'new')).toBe('/x?ch=new&y=2');
    expect(withChannel('https://h.test/p?q=1', 'c')).toBe('https://h.test/p?q=1&ch=c');
  });
});

describe('tabOfPath', () => {
  it('maps the three growth paths', () => {
    expect(['/rewards_hub', '/competition/center', '/referral', '/'].map(tabOfPath)).toEqual(['rewards_hub', 'competition', 'referral', null]);
  });
});

describe('roleTabs (spec 001 §3/§6 agency_type)', () => {
  it('adds affiliate for 1/2 and broker for 3/4; nothing for normal or unknown', () => {
    expect(roleTabs(AGENCY_TYPE.normal, options)).toEqual([]);
    expect(roleTabs(AGENCY_TYPE.affiliate, options)).toEqual(['affiliate']);
    expect(roleTabs(AGENCY_TYPE.agentDirect, options)).toEqual(['affiliate']);
    expect(roleTabs(AGENCY_TYPE.partner, options)).toEqual(['broker']);
    expect(roleTabs(AGENCY_TYPE.partnerDirect, options)).toEqual(['broker']);
    expect(roleTabs(null, options)).toEqual([]);
    expect(roleTabs(3, { affiliateAgencyTypes: [1, 2, 3], brokerAgencyTypes: [3] })).toEqual(['affiliate', 'broker']);
  });
});

describe('buildTabs', () => {
  it('links the three pages; the current one has no ch, the others carry it', () => {
    expect(build()).toEqual([
      { key: 'rewards_hub', href: '/rewards_hub', current: true, newTab: false },
      { key: 'competition', href: '/competition/center?ch=growth_rewards_hub_to_competition', current: false, newTab: false },
      { key: 'referral', href: '/referral?ch=growth_rewards_hub_to_referral', current: false, newTab: false },
    ]);
  });
  it('puts page links under the locale prefix', () => {
    expect(build({ current: 'referral', langPrefix: '/ar' }).map((t) => t.href)).toEqual([
      '/ar/rewards_hub?ch=growth_referral_to_rewards_hub',
      '/ar/competition/center?ch=growth_referral_to_competition',
      '/ar/referral',
    ]);
  });
  it('adds the role tabs with their own URLs, in a new tab', () => {
    expect(build({ agencyType: 1, langPrefix: '/zh' }).at(-1)).toEqual({
      key: 'affiliate',
      href: '/zh/affiliate?ch=growth_rewards_hub_to_affiliate',
      current: false,
      newTab: true,
    });
    expect(build({ agencyType: 3 }).at(-1)).toEqual({
      key: 'broker',
      href: 'https://partners.example.com/broker?x=1&ch=growth_rewards_hub_to_broker',
      current: false,
      newTab: true,
    });
  });
  it('leaves out the referral tab where the region hides referral', () => {
    expect(build({ hideReferral: true }).map((t) => t.key)).toEqual(['rewards_hub', 'competition']);
  });
  it('drops a role tab whose URL is not allowed', () => {
    expect(build({ agencyType: 3, allowedHosts: [] }).map((t) => t.key)).toEqual(['rewards_hub', 'competition', 'referral']);
    expect(build({ agencyType: 1, options: { ...options, affiliateUrl: 'javascript:alert(1)' } })).toHaveLength(3);
  });
});

describe('shapeRebateInfo', () => {
  it('keeps the three fields; unknown agency types count as normal', () => {
    expect(shapeRebateInfo({ kol_code: 'AB12', encrypted_uid: 'ff', agency_type: '3' })).toEqual({ kol_code: 'AB12', encrypted_uid: 'ff', agency_type: 3 });
    expect(shapeRebateInfo({ agency_type: 9 })).toEqual({ kol_code: '', encrypted_uid: '', agency_type: 0 });
    expect(shapeRebateInfo(null)).toBeNull();
  });
});
