import { complianceTip } from './endpoints/compliance';
import { COUNTRY, personaScenario, type FakeHandler, type FakeResponse, type Persona, type ScenarioDef } from '../../core/testing/fake-api-kit';

/** Drops the login cookies, then answers as the base scenario: every endpoint sees a visitor. */
const asVisitor: FakeHandler = (req, next) => {
  delete req.cookies.uid;
  delete req.cookies.nickname;
  return next!();
};

/** Level-1 and level-2 KYC (spec 000 §3 levels map: level 1 → verified 2, level 2 → verified 1). */
const kyc = (verified: number, extra: Persona['user'] = {}): Persona => ({ user: { verified, kyc_status: 2, ...extra }, kycStatus: 2 });
const every = (answer: FakeResponse): Record<string, FakeResponse> => ({ '*': answer });
const GATED_MENU = ['futures', 'fiat_trade', 'credit_paywith_card', 'bank_card'];
/** VIP trial expiry used by `vip-trial` (2030-01-01T00:00:00Z, seconds). */
export const VIP_TRIAL_EXPIRES = 1893456000;
/** Expiry used by `vip-trial-expired` (2024-01-01T00:00:00Z, seconds). */
const VIP_TRIAL_ENDED = 1704067200;

/** The built-in personas (README: "Built-in personas"). Per-user fields need a logged-in request (uid + nickname cookies). */
export const BUILT_IN_SCENARIOS: ScenarioDef[] = [
  { name: 'default', description: 'Visitor when no cookies; an ordinary KYC level 2 user (verified 1) when logged in.', responses: {} },
  {
    name: 'visitor',
    description: 'Every endpoint answers as for a visitor, even with uid/nickname cookies (user calls: code 10001).',
    responses: { '*': asVisitor },
  },
  personaScenario('verified-user', 'Logged-in user verified at KYC level 2 (verified 1, kyc_status 2).', kyc(1)),
  personaScenario('kyc1-user', 'Logged-in user at KYC level 1 (verified 2); footer KYC tip shown.', kyc(2)),
  personaScenario('kyc2-user', 'Logged-in user at KYC level 2 (verified 1).', kyc(1)),
  personaScenario('us-kyc1-user', 'US user (country 234) at KYC level 1 (verified 2); compliance limit.is_us_toast.', {
    ...kyc(2, { country: COUNTRY.unitedStates }),
    compliance: { limit: { is_us_toast: true } },
  }),
  personaScenario('uk-limited', 'UK-limited (limit.is_uk_limit and is_uk_ip); country 235 when logged in.', {
    user: { country: COUNTRY.unitedKingdom },
    compliance: { limit: { is_uk_limit: true, is_uk_ip: true } },
  }),
  personaScenario('restricted-country', "Restricted country: limit.limit_country 'KP' and is_blocked_country (redirects to /state_compliance_tips).", {
    user: { country: COUNTRY.northKorea },
    compliance: { limit: { limit_country: 'KP', is_blocked_country: true } },
  }),
  personaScenario('blocked-country-notice', 'is_blocked_country with an empty limit_country: the restricted-location notice shows instead of a redirect.', {
    compliance: { limit: { is_blocked_country: true, limit_country: '' } },
  }),
  personaScenario('withdraw-only', 'Withdraw-only user (toast.is_withdraw_only_user).', { compliance: { toast: { is_withdraw_only_user: true } } }),
  personaScenario('hk-user', 'Hong Kong user (toast.is_hk_user; country 98 when logged in).', {
    user: { country: COUNTRY.hongKong },
    compliance: { toast: { is_hk_user: true } },
  }),
  personaScenario('uzbekistan', 'Uzbekistan exit notice (limit.is_uzbekistan_toast; country 229 when logged in).', {
    user: { country: COUNTRY.uzbekistan },
    compliance: { limit: { is_uzbekistan_toast: true } },
  }),
  personaScenario('account-conflict', "Account conflicting with the User Agreement (toast.limit_country_user_status 'account_conflict').", {
    compliance: { toast: { limit_country_user_status: 'account_conflict' } },
  }),
  personaScenario('menu-gated', `Compliance menu disables ${GATED_MENU.join(', ')} (gated paths redirect to /state_compliance_tips on main).`, {
    compliance: { menu: GATED_MENU },
  }),
  personaScenario(
    'menu-gated-tips',
    'As menu-gated plus limit.is_show_compliance_tips and a localized tips object: a tips notice instead of the redirect.',
    { compliance: { limit: { is_show_compliance_tips: true }, tips: complianceTip } },
    'menu-gated',
  ),
  personaScenario(
    'country-233-verified',
    'Logged-in user with country 233 and verified 1 (never sees the app-download bar on main).',
    kyc(1, { country: COUNTRY.code233 }),
  ),
  personaScenario('sub-account', 'Logged-in sub-account (is_sub 1; get_sub_user_type type 1).', { user: { is_sub: 1 }, subUserType: { type: 1, sub_type: 0 } }),
  personaScenario('vip-trial', 'Logged-in user with VIP tier 0 on a VIP trial of tier 2 (vip-center trial.tier 2, expires 2030-01-01).', {
    tier: 0,
    vipTrial: { tier: 2, expire_time: VIP_TRIAL_EXPIRES },
  }),
  personaScenario('vip-trial-expired', 'Logged-in user whose VIP trial of tier 2 ended on 2024-01-01 (no trial line in the user menu).', {
    tier: 0,
    vipTrial: { tier: 2, expire_time: VIP_TRIAL_ENDED },
  }),
  {
    name: 'all-500',
    description: 'Every fake-API path answers HTTP 500.',
    responses: every({ status: 500, body: { code: 500, message: 'Internal Server Error', data: null } }),
  },
  {
    name: 'all-malformed',
    description: 'Every fake-API path answers the malformed JSON \'{"code":0,"data":\'.',
    responses: every({ raw: '{"code":0,"data":' }),
  },
  {
    name: 'all-nonzero',
    description: 'Every fake-API path answers code 500123.',
    responses: every({ body: { code: 500123, message: 'system busy, please try again later', data: null } }),
  },
  {
    name: 'slow-25s',
    description: 'Every fake-API path answers its usual data after 25 s (past the 20 s server time-out).',
    responses: every({ delayMs: 25_000 }),
  },
];
