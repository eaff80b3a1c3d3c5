import { describe, expect, it } from 'vitest';
import { dueNotices, NOTICES, stillAcknowledged, triggeredNotices, type DueInput, type NoticeId, type SeenState } from './notices';

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 2, 1, 12);
const none: SeenState = { session: new Set(), once: new Set(), at: {} };

/** Compliance fields of the core and plugin personas (host/fake-api/scenarios.ts, ../fake-api.ts). */
const PERSONAS = {
  default: {},
  'uk-limited': { limit: { is_uk_limit: true, is_uk_ip: true } },
  'restricted-country': { limit: { limit_country: 'KP', is_blocked_country: true } },
  'blocked-country-notice': { limit: { is_blocked_country: true, limit_country: '' } },
  'withdraw-only': { toast: { is_withdraw_only_user: true } },
  'hk-user': { toast: { is_hk_user: true } },
  uzbekistan: { limit: { is_uzbekistan_toast: true } },
  'account-conflict': { toast: { limit_country_user_status: 'account_conflict' } },
  'ip-limited-visitor': { toast: { kyc_toast: 'LIMIT_VISITOR' } },
  'high-kyc-limit': { toast: { kyc_toast: 'LIMIT_HIGH_KYC_USER' } },
  'non-limit-high-kyc': { toast: { kyc_toast: 'NON_LIMIT_HIGH_KYC_USER' } },
  'exclusive-perk': { business: ['exclusive_perk'] },
  'several-notices': { limit: { is_blocked_country: true, limit_country: '' }, toast: { is_hk_user: true, is_withdraw_only_user: true } },
} as const;
type Persona = keyof typeof PERSONAS;

const input = (persona: Persona, over: Partial<DueInput> = {}): DueInput => ({
  compliance: { limit: {}, toast: {}, business: [], ...PERSONAS[persona] } as DueInput['compliance'],
  isLogin: false,
  lng: 'en',
  path: '/',
  seen: none,
  now: NOW,
  hkIntervalMs: DAY,
  ...over,
});

describe('dueNotices: persona × login × locale', () => {
  it.each<[Persona, boolean, string, NoticeId[]]>([
    ['default', false, 'en', []],
    ['default', true, 'zh', []],
    ['uk-limited', false, 'en', ['uk']],
    ['uk-limited', true, 'zh', ['uk-closed']],
    ['uk-limited', false, 'tw', ['uk-closed']],
    ['uk-limited', false, 'ar', ['uk']],
    ['restricted-country', true, 'en', ['restricted']],
    ['blocked-country-notice', false, 'en', ['restricted']],
    ['withdraw-only', true, 'en', ['withdraw-only']],
    ['hk-user', true, 'en', ['hk']],
    ['uzbekistan', true, 'it', ['uzbekistan']],
    ['account-conflict', true, 'en', ['account-conflict']],
    ['ip-limited-visitor', false, 'en', ['ip-limit']],
    ['ip-limited-visitor', true, 'en', []],
    ['high-kyc-limit', true, 'en', ['high-kyc']],
    ['high-kyc-limit', false, 'en', []],
    ['non-limit-high-kyc', true, 'en', []],
    ['exclusive-perk', false, 'en', ['exclusive-perk']],
    ['several-notices', true, 'en', ['restricted', 'withdraw-only', 'hk']],
  ])('%s (logged in %s, %s) → %j', (persona, isLogin, lng, expected) => {
    expect(dueNotices(input(persona, { isLogin, lng }))).toEqual(expected);
  });

  it('shows nothing on the tips page itself', () => {
    expect(dueNotices(input('several-notices', { path: '/state_compliance_tips' }))).toEqual([]);
  });

  it('orders by priority, blocking before compliance before marketing', () => {
    const all = triggeredNotices(
      {
        limit: { is_blocked_country: true, is_uk_limit: true, is_uzbekistan_toast: true },
        toast: { is_hk_user: true, is_withdraw_only_user: true, limit_country_user_status: 'account_conflict' },
        business: ['exclusive_perk'],
      },
      { isLogin: true, lng: 'en' },
    );
    const due = dueNotices({
      ...input('default'),
      compliance: {
        limit: { is_blocked_country: true, is_uk_limit: true, is_uzbekistan_toast: true },
        toast: { is_hk_user: true, is_withdraw_only_user: true, limit_country_user_status: 'account_conflict' },
        business: ['exclusive_perk'],
      },
      isLogin: true,
    });
    expect(new Set(due)).toEqual(new Set(all));
    expect(due).toEqual(['restricted', 'account-conflict', 'withdraw-only', 'uk', 'uzbekistan', 'hk', 'exclusive-perk']);
    for (let i = 1; i < due.length; i++) expect(NOTICES[due[i - 1]].priority).toBeGreaterThan(NOTICES[due[i]].priority);
  });
});

describe('remembered acknowledgements', () => {
  it('HK reappears 24 h (86400000 ms) after its stored timestamp', () => {
    const at = (t: number): SeenState => ({ ...none, at: { hk: t } });
    expect(dueNotices(input('hk-user', { seen: at(NOW) }))).toEqual([]);
    expect(dueNotices(input('hk-user', { seen: at(NOW - DAY + 1) }))).toEqual([]);
    expect(dueNotices(input('hk-user', { seen: at(NOW - DAY) }))).toEqual(['hk']);
    expect(dueNotices(input('hk-user', { seen: at(NOW + 60_000) }))).toEqual(['hk']);
    expect(dueNotices(input('hk-user', { seen: at(NaN) }))).toEqual(['hk']);
  });

  it('Uzbekistan is shown once', () => {
    expect(dueNotices(input('uzbekistan', { seen: { ...none, once: new Set(['uzbekistan']) } }))).toEqual([]);
    expect(dueNotices(input('uzbekistan', { seen: { ...none, session: new Set(['uzbekistan']) } }))).toEqual(['uzbekistan']);
  });

  it('session notices stay closed for the session only', () => {
    const seen: SeenState = { ...none, session: new Set<NoticeId>(['restricted', 'withdraw-only']) };
    expect(dueNotices(input('several-notices', { seen }))).toEqual(['hk']);
    expect(stillAcknowledged('restricted', none, NOW, DAY)).toBe(false);
  });
});
