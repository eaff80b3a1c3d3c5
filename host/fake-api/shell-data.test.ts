import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellData } from '../../core/data/loaders';
import { loadAccountDatum } from '../../core/data/account-load';
import { BackendClient } from '../../core/http/client';
import { startFakeApi, type RunningFakeApi } from './testing';

let s: RunningFakeApi;
beforeAll(async () => {
  s = await startFakeApi();
});
afterAll(() => s.close());

/** The core loaders, run through the real HTTP client against the fake API (as the host's server does). */
function load(cookies: Record<string, string>, isLogin: boolean) {
  const logs: string[] = [];
  const log = (m: string) => void logs.push(m);
  const http = new BackendClient({
    side: 'server',
    baseURL: s.origin,
    headers: {
      Cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
  });
  const data = loadShellData({
    http,
    path: '/',
    locale: 'en',
    isLogin,
    uid: cookies.uid ?? '',
    nickname: cookies.nickname ?? '',
    isNotFound: false,
    log,
  });
  const account = Promise.all(
    isLogin
      ? [
          loadAccountDatum(http, 'tier', { vipTier: true }, log),
          loadAccountDatum(http, 'funds', { vipTier: true }, log),
          loadAccountDatum(http, 'kycStatus', { vipTier: true }, log),
          loadAccountDatum(http, 'vipTier', { vipTier: true }, log),
        ]
      : [],
  );
  return Promise.all([data, account]).then(([d, [tier, funds, kycStatus, vipTier]]) => ({ d, tier, funds, kycStatus, vipTier, logs }));
}

describe('core loaders against the fake API', () => {
  it('a logged-in default user loads, with its account figures, without a single fallback', async () => {
    const { d, tier, funds, kycStatus, vipTier, logs } = await load({ uid: '60606060', nickname: 'frank' }, true);
    expect(logs).toEqual([]);
    expect(d.user).toMatchObject({ isLogin: true, uid: '60606060', nickname: 'frank', verified: 1 });
    expect(tier).not.toBeNull();
    expect(Number(funds?.total_usd)).toBeGreaterThan(0);
    expect(d.site.lang_list.length).toBeGreaterThan(10);
    expect(kycStatus).toBe(2);
    expect(vipTier).toMatchObject({ trial: { tier: expect.any(Number), expire_time: expect.any(Number) } });
    expect(d.commonConfig.coinIconVersionWhiteList).toContain('cat');
    expect(Object.keys(d.downloadLinks)).toContain('home');
  });

  it('a visitor gets default user info without a call; a broken scenario gives defaults everywhere', async () => {
    const visitor = await load({}, false);
    expect(visitor.d.user.isLogin).toBe(false);
    expect(visitor.logs).toEqual([]);
    const broken = await load({ mock_scenario: 'all-nonzero', uid: '1', nickname: 'x' }, true);
    expect(broken.d.site.curr_fiat).toBe('USD');
    expect(broken.d.compliance.menu).toEqual([]);
    expect(broken.logs.length).toBeGreaterThan(5);
  });
});
