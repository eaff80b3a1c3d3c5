import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS, VIP_TRIAL_EXPIRES } from './scenarios';
import { startFakeApi, type RunningFakeApi } from './testing';

const USER = { uid: '41414141', nickname: 'persona' };
const PERSONAS = [
  'default',
  'visitor',
  'verified-user',
  'kyc1-user',
  'kyc2-user',
  'us-kyc1-user',
  'uk-limited',
  'restricted-country',
  'blocked-country-notice',
  'withdraw-only',
  'hk-user',
  'uzbekistan',
  'account-conflict',
  'menu-gated',
  'menu-gated-tips',
  'country-233-verified',
  'sub-account',
  'vip-trial',
  'vip-trial-expired',
  'all-500',
  'all-malformed',
  'all-nonzero',
  'slow-25s',
];

let s: RunningFakeApi;
beforeAll(async () => {
  s = await startFakeApi();
});
afterAll(() => s.close());

const get = async (path: string, scenario: string, loggedIn = true) => {
  const res = await s.fetch(path, { cookies: { mock_scenario: scenario, ...(loggedIn ? USER : {}) } });
  expect(res.headers.get('x-mock-scenario')).toBe(scenario);
  return res.json();
};
const info = async (scenario: string) => (await get('/api/web/v1/usercenter/get_info', scenario)).data;
const compliance = async (scenario: string, lang = 'en') => (await get(`/api/web/v1/compliance/check?lang=${lang}`, scenario, false)).data;

describe('built-in personas', () => {
  it('exist, each with a one-line description', () => {
    expect(BUILT_IN_SCENARIOS.map((d) => d.name)).toEqual(PERSONAS);
    for (const d of BUILT_IN_SCENARIOS) expect(d.description, d.name).toMatch(/^[^\n]{10,200}$/);
  });

  it('default: visitor without cookies, KYC level 2 when logged in; visitor ignores the cookies', async () => {
    expect((await get('/api/web/v1/usercenter/get_info', 'default', false)).code).toBe(10001);
    expect(await info('default')).toMatchObject({ verified: 1, user_info: { uid: USER.uid, nick: USER.nickname } });
    for (const path of ['/api/web/v1/usercenter/get_info', '/apiw/v2/account/total_funds', '/api/web/v1/usercenter/get_kyc_status']) {
      expect((await get(path, 'visitor')).code, path).toBe(10001);
    }
    expect((await get('/api/web/v1/site/settings', 'visitor')).code).toBe(0);
  });

  it('KYC personas set verified (level 2 → 1, level 1 → 2) and echo the user', async () => {
    expect(await info('verified-user')).toMatchObject({ verified: 1, kyc_status: 2, user_info: { uid: USER.uid } });
    expect(await info('kyc2-user')).toMatchObject({ verified: 1 });
    expect(await info('kyc1-user')).toMatchObject({ verified: 2, user_info: { nick: USER.nickname } });
    expect((await get('/api/web/v1/kyc/footerTipsCheck', 'kyc1-user')).data.is_show).toBe(1);
    expect((await get('/json_svr/footer_tips_check', 'kyc1-user')).data.is_show).toBe(1);
    expect((await get('/api/web/v1/kyc/footerTipsCheck', 'verified-user')).data.is_show).toBe(0);
    expect(await info('us-kyc1-user')).toMatchObject({ verified: 2, country: 234 });
    expect((await compliance('us-kyc1-user')).limit.is_us_toast).toBe(true);
    expect(await info('country-233-verified')).toMatchObject({ country: 233, verified: 1 });
  });

  it('compliance personas set their limit and toast flags', async () => {
    expect((await compliance('uk-limited')).limit).toMatchObject({ is_uk_limit: true, is_uk_ip: true });
    expect((await compliance('restricted-country')).limit).toMatchObject({ limit_country: 'KP', is_blocked_country: true });
    expect((await compliance('blocked-country-notice')).limit).toMatchObject({ limit_country: '', is_blocked_country: true });
    expect((await compliance('withdraw-only')).toast.is_withdraw_only_user).toBe(true);
    expect((await compliance('hk-user')).toast.is_hk_user).toBe(true);
    expect((await compliance('uzbekistan')).limit.is_uzbekistan_toast).toBe(true);
    expect((await compliance('account-conflict')).toast.limit_country_user_status).toBe('account_conflict');
    expect((await compliance('default')).limit.is_uk_limit).toBe(false);
  });

  it('menu-gated lists the disabled codes; menu-gated-tips adds the flag and a localized tip', async () => {
    const menu = ['futures', 'fiat_trade', 'credit_paywith_card', 'bank_card'];
    const gated = await compliance('menu-gated');
    expect(gated.menu).toEqual(menu);
    expect(gated.limit.is_show_compliance_tips).toBe(false);
    const tips = await compliance('menu-gated-tips', 'zh');
    expect(tips.menu).toEqual(menu);
    expect(tips.limit.is_show_compliance_tips).toBe(true);
    expect(tips.tips).toMatchObject({ enable: true, path: ['register', 'home', 'login'], options: { maxCount: 3 }, title: '服务提示' });
    expect((await compliance('menu-gated-tips', 'ar-dubai')).tips.ok_button).toBe('فهمت');
    expect((await compliance('menu-gated-tips', 'vn')).tips.title).toBe('Thông báo dịch vụ');
  });

  it('sub-account and vip-trial', async () => {
    expect((await info('sub-account')).is_sub).toBe(1);
    expect((await get('/api/web/v1/usercenter/get_sub_user_type', 'sub-account')).data).toEqual({ type: 1, sub_type: 0 });
    expect((await get('/api/web/v1/vip-center/get-user-tier', 'vip-trial')).data).toEqual({ tier: 0, trial: { tier: 2, expire_time: VIP_TRIAL_EXPIRES } });
    expect((await info('vip-trial')).tier).toBe(0);
  });

  it('all-500, all-malformed and all-nonzero break every API path but not the controls', async () => {
    const paths = ['/api/web/v1/usercenter/get_info', '/api/web/v1/site/settings', '/apiw/v2/account/total_funds', '/js/tool/page_download_links.json'];
    for (const path of paths) {
      const e500 = await s.fetch(path, { cookies: { mock_scenario: 'all-500', ...USER } });
      expect(e500.status, path).toBe(500);
      const bad = await s.fetch(path, { cookies: { mock_scenario: 'all-malformed' } });
      expect(await bad.text(), path).toBe('{"code":0,"data":');
      expect((await (await s.fetch(path, { cookies: { mock_scenario: 'all-nonzero' } })).json()).code, path).toBe(500123);
    }
    expect((await s.fetch('/__mock/scenarios', { cookies: { mock_scenario: 'all-500' } })).status).toBe(200);
  });

  it('slow-25s asks for a 25 s delay on top of the usual answer', async () => {
    await s.fetch('/__mock/scenarios', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'slow-check', extends: 'slow-25s', responses: { '/api/web/v1/site/settings': { status: 200 } } }),
    });
    const slow = BUILT_IN_SCENARIOS.find((d) => d.name === 'slow-25s')!;
    expect(slow.responses['*']).toEqual({ delayMs: 25_000 });
    // A child entry without body patches (and so inherits) the 25 s delay: check it is still pending after 300 ms.
    const ctl = new AbortController();
    const pending = s.fetch('/api/web/v1/site/settings', { cookies: { mock_scenario: 'slow-check' }, signal: ctl.signal }).then(
      () => 'answered',
      () => 'aborted',
    );
    const first = await Promise.race([pending, new Promise((r) => setTimeout(() => r('waiting'), 300))]);
    ctl.abort();
    expect(first).toBe('waiting');
    expect(await pending).toBe('aborted');
  });
});
