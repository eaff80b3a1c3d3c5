import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import { shapeCompliance } from '../../core/plugin-api/testing';
import schema from './schema.json';
import fakeApi, { BUSINESS_PATHS } from './fake-api';
import { parseBusinessReply } from './rules/business';
import { decideRedirect } from './rules/redirect';
import { dueNotices } from './rules/notices';
import { regionOptions } from '../../tools/test/region-options';

let api: RunningFakeApi;
beforeAll(async () => {
  api = await startFakeApi({ modules: [fakeApi] });
});
afterAll(() => api.close());

const LOGGED_IN = { uid: '10001', nickname: 'alice' };
const get = async (path: string, scenario: string, cookies: Record<string, string> = {}, host = 'localhost') =>
  (await api.fetch(path, { cookies: { mock_scenario: scenario, ...cookies }, headers: { host } })).json();
const complianceOf = async (scenario: string, cookies: Record<string, string> = {}, host = 'localhost') =>
  shapeCompliance((await get('/api/web/v1/compliance/check?lang=en', scenario, cookies, host)).data);
const messages = async (path: string, scenario: string, query = 'lang=en', cookies: Record<string, string> = {}) =>
  parseBusinessReply(await get(`${path}?${query}`, scenario, cookies), query.includes('typeReminder'));

describe('business check endpoints', () => {
  it('answer resMsg.code 0 and an empty datas list by default, on both paths', async () => {
    for (const path of Object.values(BUSINESS_PATHS))
      expect(await get(`${path}?lang=en`, 'default')).toEqual({ resMsg: { code: 0, message: 'success', method: null }, datas: [] });
  });

  it('business-message: a realistic message in the request language', async () => {
    const [en] = await messages(BUSINESS_PATHS.main, 'business-message');
    expect(en).toMatchObject({ title: 'Trading cool-down in effect', ok_button_router: '/help/cool-down-period', no_close_button: false });
    expect(en.text_link).toEqual([{ key: 'Risk Disclosure', link: '/legal/risk-disclosure' }]);
    const [zh] = await messages(BUSINESS_PATHS.site, 'business-message', 'lang=zh');
    expect(zh.title).toBe('交易冷静期提醒');
  });

  it('business-hostile: script, handlers and javascript: links', async () => {
    const [m] = await messages(BUSINESS_PATHS.main, 'business-hostile');
    expect(m.content).toContain('<script>');
    expect(m.content).toContain('onerror=');
    expect(m.content).toContain('href="javascript:');
    expect(m.ok_button_router).toMatch(/^https:\/\/evil\.example\.com/);
  });

  it('cooldown-reminder: only the typeReminder call of a logged-in user', async () => {
    const q = 'lang=en&typeReminder=24h_cool_down_end_reminder';
    expect(await messages(BUSINESS_PATHS.main, 'cooldown-reminder', q, LOGGED_IN)).toMatchObject([
      { title: 'Your cool-down period has ended', no_close_button: true, reminder: true },
    ]);
    expect(await messages(BUSINESS_PATHS.main, 'cooldown-reminder', q)).toEqual([]);
    expect(await messages(BUSINESS_PATHS.main, 'cooldown-reminder', 'lang=en', LOGGED_IN)).toEqual([]);
  });

  it('business-nonzero and business-down give nothing to show', async () => {
    expect(await messages(BUSINESS_PATHS.main, 'business-nonzero')).toEqual([]);
    const res = await api.fetch(`${BUSINESS_PATHS.site}?lang=en`, { cookies: { mock_scenario: 'business-down' } });
    expect(res.status).toBe(500);
  });
});

describe('personas → decisions (region × persona × path)', () => {
  const MENU = schema.properties.menuPaths.default as Record<string, string>;
  const EXEMPT = schema.properties.redirectExemptPaths.default;
  it.each<[string, string, string, string | null]>([
    ['main', 'restricted-country', '/', '/state_compliance_tips'],
    ['tr', 'restricted-country', '/', '/state_compliance_tips'],
    ['main', 'blocked-country-notice', '/', null],
    ['main', 'menu-gated', '/futures/USDT/BTC_USDT', '/state_compliance_tips'],
    ['main', 'menu-gated', '/crypto/buy/with-credit-card', '/state_compliance_tips'],
    ['main', 'menu-gated-tips', '/futures/USDT/BTC_USDT', null],
    ['eu', 'menu-gated', '/futures/USDT/BTC_USDT', null],
    ['main', 'several-notices', '/', null],
  ])('%s / %s / %s → %s', async (region, scenario, path, expected) => {
    const c = await complianceOf(scenario, {}, region === 'main' ? 'localhost' : `${region}.localhost`);
    expect(decideRedirect({ path, menuGate: regionOptions(region, 'compliance').menuGate === true, compliance: c, menuPaths: MENU, exemptPaths: EXEMPT })).toBe(
      expected,
    );
  });

  it.each<[string, boolean, string[]]>([
    ['default', true, []],
    ['uk-limited', false, ['uk']],
    ['withdraw-only', true, ['withdraw-only']],
    ['hk-user', true, ['hk']],
    ['uzbekistan', true, ['uzbekistan']],
    ['account-conflict', true, ['account-conflict']],
    ['ip-limited-visitor', false, ['ip-limit']],
    ['high-kyc-limit', true, ['high-kyc']],
    ['exclusive-perk', false, ['exclusive-perk']],
    ['several-notices', true, ['restricted', 'withdraw-only', 'hk']],
  ])('%s (logged in %s) → %j', async (scenario, isLogin, expected) => {
    const c = await complianceOf(scenario, isLogin ? LOGGED_IN : {});
    const seen = { session: new Set<never>(), once: new Set<never>(), at: {} };
    expect(dueNotices({ compliance: c, isLogin, lng: 'en', path: '/', seen, now: Date.now(), hkIntervalMs: 86_400_000 })).toEqual(expected);
  });

  it('ip-limited-visitor answers as a visitor even with login cookies', async () => {
    const info = await get('/api/web/v1/usercenter/get_info', 'ip-limited-visitor', LOGGED_IN);
    expect(info.code).toBe(10001);
  });
});
