import { describe, expect, it } from 'vitest';
import { createTestHttp, type TestResponse } from '../testing/fake-http';
import { loadShellData } from './loaders';
import { shapeTier } from './account-load';
import { DEFAULT_COMPLIANCE, DEFAULT_SITE_SETTINGS, COIN_ICON_WHITELIST } from './defaults';
import { shouldFetchUserInfo } from './rules';
import { ACCOUNT_API } from './account';

const base = { path: '/', locale: 'en', uid: '42', nickname: 'alice', isNotFound: false, log: () => {} };

function load(responses: Record<string, TestResponse>, isLogin = true) {
  return loadShellData({ ...base, isLogin, http: createTestHttp('server', responses) });
}

describe('loadShellData', () => {
  it('fills every datum from good replies', async () => {
    const data = await load({
      '/api/web/v1/usercenter/get_info': { body: { code: 0, data: { verified: '1', country: 233, user_info: { nick: 'alice', uid: '42' } } } },
      '/api/web/v1/site/settings': { body: { code: 0, data: { curr_fiat: 'EUR', fiat_list: [{ fiat: 'EUR', symbol: '€' }, { bogus: true }] } } },
      '/api/web/v1/compliance/check': { body: { code: 0, data: { menu: ['futures'], limit: { is_uk_limit: 1 }, toast: { is_hk_user: true } } } },
      '/js/tool/coin_icon_whitelist.json': { body: { coinIconVersionWhiteList: ['btc'] } },
      '/js/tool/page_download_links.json': { body: { home: { web: { c: 'web', china_apk: 'a', overseas_apk: 'b' } } } },
    });
    expect(data.user).toMatchObject({ isLogin: true, verified: 1, country: 233, nickname: 'alice', uid: '42' });
    expect(data.site.curr_fiat).toBe('EUR');
    expect(data.site.fiat_list).toEqual([{ fiat: 'EUR', symbol: '€' }]);
    expect(data.compliance.menu).toEqual(['futures']);
    expect(data.compliance.limit.is_uk_limit).toBe(true);
    expect(data.compliance.toast.is_hk_user).toBe(true);
    expect(data.commonConfig.coinIconVersionWhiteList).toEqual(['btc']);
    expect(data.downloadLinks.home.web?.c).toBe('web');
  });

  for (const [name, answer] of [
    ['HTTP 500', { status: 500, body: { code: 0 } }],
    ['malformed JSON', { raw: '{"code":0,"data":' }],
    ['a non-zero code', { body: { code: 500123, message: 'x', data: { curr_fiat: 'EUR' } } }],
    ['a wrong shape', { body: { code: 0, data: 'not an object' } }],
  ] as const) {
    it(`falls back to the documented defaults on ${name}`, async () => {
      const data = await load({ '*': answer });
      expect(data.site).toEqual(DEFAULT_SITE_SETTINGS);
      expect(data.compliance).toEqual(DEFAULT_COMPLIANCE);
      expect(data.commonConfig.coinIconVersionWhiteList).toEqual(COIN_ICON_WHITELIST);
      expect(data.downloadLinks).toEqual({});
      expect(data.user).toMatchObject({ verified: 0, country: 0, nickname_source: 'other', isLogin: true, nickname: 'alice' });
    });
  }

  it('asks for user info only when logged in, and never for the account figures', async () => {
    const calls: string[] = [];
    const http = createTestHttp('server', { '*': (req) => (calls.push(req.path), { body: { code: 0, data: {} } }) });
    await loadShellData({ ...base, isLogin: false, http, uid: '', nickname: '' });
    expect(calls).not.toContain('/api/web/v1/usercenter/get_info');
    calls.length = 0;
    await loadShellData({ ...base, isLogin: true, http });
    expect(calls).toContain('/api/web/v1/usercenter/get_info');
    // The account figures no first render shows (the VIP tier among them) are the browser's to ask for (account.ts).
    for (const path of Object.values(ACCOUNT_API)) expect(calls).not.toContain(path);
  });

  it('keys the compliance check by locale', async () => {
    const seen: unknown[] = [];
    const http = createTestHttp('server', { '/api/web/v1/compliance/check': (req) => (seen.push(req.params.lang), { body: { code: 0, data: {} } }) });
    await loadShellData({ ...base, locale: 'tr', isLogin: false, http });
    expect(seen).toEqual(['tr']);
  });
});

describe('shouldFetchUserInfo', () => {
  const f = (path: string, isLogin = true, hasCommonData = true, isNotFound = false) => shouldFetchUserInfo({ path, isLogin, hasCommonData, isNotFound });
  it('fetches when logged in or without common data', () => {
    expect(f('/')).toBe(true);
    expect(f('/', false, false)).toBe(true);
    expect(f('/', false, true)).toBe(false);
  });
  it('skips the 404 page and the auth paths', () => {
    for (const p of ['/signup', '/signup/x', '/auth/cb', '/login/reset', '/login/rebind', '/bind', '/login']) expect(f(p)).toBe(false);
    expect(f('/x', true, true, true)).toBe(false);
    expect(f('/loginx')).toBe(true);
  });
});

describe('shapeTier', () => {
  it('reads a number, an object or a JSON string', () => {
    expect(shapeTier({ tier: 2 })).toBe(2);
    expect(shapeTier('{"tier":4}')).toBe(4);
    expect(shapeTier('{broken')).toBeNull();
  });
});
