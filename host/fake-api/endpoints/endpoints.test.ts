import { parseSetCookie } from 'cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeCompliance, shapeDownloadLinks, shapeSiteSettings } from '../../../core/data/loaders';
import { shapeTier } from '../../../core/data/account-load';
import { regionOfHost } from '../http';
import { uidFromAccount } from '../../../core/testing/fake-api-kit';
import { sharePolicy } from '../../../core/http/cache-rules';
import { startFakeApi, type RunningFakeApi } from '../testing';

let s: RunningFakeApi;
beforeAll(async () => {
  s = await startFakeApi();
});
afterAll(() => s.close());

const json = async (path: string, cookies?: Record<string, string>, init: RequestInit = {}) => (await s.fetch(path, { ...init, cookies })).json();
const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('user info', () => {
  it("answers 'not login' without both uid and nickname cookies", async () => {
    expect(await json('/api/web/v1/usercenter/get_info')).toMatchObject({ code: 10001, message: 'not login' });
    expect((await json('/api/web/v1/usercenter/get_info', { uid: '42' })).code).toBe(10001);
    expect((await json('/api/web/v1/usercenter/get_info', { nickname: 'bob' })).code).toBe(10001);
  });

  it("carries the request's uid and nickname: an ordinary KYC level 2 user", async () => {
    const { code, data } = await json('/api/web/v1/usercenter/get_info', { uid: '55501234', nickname: 'Zoë 张' });
    expect(code).toBe(0);
    expect(data.user_info).toMatchObject({ uid: '55501234', nick: 'Zoë 张' });
    expect(data).toMatchObject({ verified: 1, is_sub: 0, kyc_status: 2, nickname_source: 'other' });
    expect(data.encrypted_uid).toMatch(/^[0-9A-F]{16}$/);
    expect(await json('/api/web/v1/usercenter/get_info', { uid: '55501234', nickname: 'Zoë 张' })).toEqual({ code, message: 'success', data });
  });

  it("never answers with another request's user under 50 concurrent requests", async () => {
    const users = Array.from({ length: 50 }, (_, i) => ({ uid: String(20000000 + i), nickname: `user-${i}` }));
    const replies = await Promise.all(users.map((u) => json('/api/web/v1/usercenter/get_info', u)));
    replies.forEach((r, i) => expect(r.data.user_info).toMatchObject({ uid: users[i].uid, nick: users[i].nickname }));
  });

  it('gives per-user data the shell shapes: tier (object or JSON string), funds, kyc, vip, sub type', async () => {
    const odd = { uid: '30000001', nickname: 'odd' };
    const even = { uid: '30000002', nickname: 'even' };
    expect(typeof (await json('/api/web/v1/usercenter/get_user_tier', odd)).data).toBe('object');
    const evenTier = (await json('/api/web/v1/usercenter/get_user_tier', even)).data;
    expect(typeof evenTier).toBe('string');
    expect(shapeTier(evenTier)).toBe((await json('/api/web/v1/usercenter/get_info', even)).data.tier);
    const funds = (await json('/apiw/v2/account/total_funds', odd)).data;
    expect(funds.total_usd).toMatch(/^\d+\.\d{2}$/);
    expect(Number(funds.total_btc)).toBeCloseTo(Number(funds.total_usd) / 67250.4, 6);
    expect((await json('/api/web/v1/usercenter/get_kyc_status', odd)).data).toEqual({ kyc_status: 2 });
    expect((await json('/api/web/v1/vip-center/get-user-tier', odd)).data.trial).toEqual({ tier: 0, expire_time: 0 });
    expect((await json('/api/web/v1/usercenter/get_sub_user_type', odd)).data).toEqual({ type: 0, sub_type: 0 });
    expect((await json('/apiw/v2/account/total_funds')).code).toBe(10001);
  });
});

describe('login and logout', () => {
  it('logs any non-empty account in with uid and nickname cookies (path /, SameSite=Lax, not HttpOnly)', async () => {
    const res = await s.fetch('/api/web/v1/usercenter/login', form({ account: 'carol@example.com', password: 'secret' }));
    const body = await res.json();
    expect(body.code).toBe(0);
    const cookies = res.headers.getSetCookie().map((c) => ({ ...parseSetCookie(c), raw: c }));
    const uid = cookies.find((c) => c.name === 'uid')!;
    const nick = cookies.find((c) => c.name === 'nickname')!;
    expect(uid.value).toBe(uidFromAccount('carol@example.com'));
    expect(uid.value).toMatch(/^\d{8}$/);
    expect(nick.value).toBe('carol');
    for (const c of [uid, nick]) {
      expect(c.path).toBe('/');
      expect(c.sameSite).toBe('lax');
      expect(c.raw.toLowerCase()).not.toContain('httponly');
    }
    expect(body.data).toMatchObject({ uid: uid.value, nickname: 'carol' });
    // The same account always gets the same uid.
    const again = await s.fetch('/api/web/v1/usercenter/login', { ...form({ account: ' Carol@Example.com', password: 'x' }) });
    expect(again.headers.getSetCookie().find((c) => c.startsWith('uid='))).toContain(`uid=${uid.value}`);
  });

  it('accepts a JSON body too, and answers 10002 for an empty account or password', async () => {
    const j = await s.fetch('/api/web/v1/usercenter/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 'dave', password: 'p' }),
    });
    expect((await j.json()).code).toBe(0);
    for (const fields of [{ account: '', password: 'p' }, { account: 'dave', password: '' }, {}]) {
      const res = await s.fetch('/api/web/v1/usercenter/login', form(fields as Record<string, string>));
      expect((await res.json()).code).toBe(10002);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('logout clears both cookies', async () => {
    const res = await s.fetch('/api/web/v1/usercenter/logout', { method: 'POST' });
    const cleared = res.headers.getSetCookie().map((c) => parseSetCookie(c));
    expect(cleared.map((c) => [c.name, c.value, c.maxAge])).toEqual([
      ['uid', '', 0],
      ['nickname', '', 0],
    ]);
  });

  it('GET /__mock/use sets the scenario cookie, logs in and redirects to a local path', async () => {
    const res = await s.fetch('/__mock/use?scenario=hk-user&account=erin&redirect=/zh/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/zh/');
    const names = res.headers.getSetCookie().map((c) => parseSetCookie(c).name);
    expect(names).toEqual(['mock_scenario', 'uid', 'nickname']);
    expect((await s.fetch('/__mock/use?redirect=//evil.example')).status).toBe(400);
    expect((await s.fetch('/__mock/use?redirect=/%09/evil.example')).status).toBe(400);
    expect((await s.fetch('/__mock/use?redirect=/en//evil.example/x')).headers.get('location')).toBe('/en/evil.example/x');
    expect((await s.fetch('/__mock/use?scenario=nope')).status).toBe(400);
  });
});

describe('site, compliance and static data', () => {
  it('site settings are complete and follow the region host', async () => {
    const main = shapeSiteSettings((await json('/api/web/v1/site/settings')).data);
    expect(main.lang_list.map((l) => l.lang)).toContain('ar');
    expect(main.fiat_list).toContainEqual({ fiat: 'EUR', symbol: '€' });
    expect(main).toMatchObject({ curr_fiat: 'USD', sub_site_id: 0, is_service_host: false });
    expect(main.curr_fiat_market_rates.USD).toBe('1');
    const tr = (await (await s.fetch('/api/web/v1/site/settings', { headers: { 'X-Forwarded-Host': 'tr.localhost:3000' } })).json()).data;
    expect(tr).toMatchObject({ curr_fiat: 'TRY', sub_site_id: 177, defaultP2PFiat: 'TRY' });
    expect(tr.lang_list.map((l: { lang: string }) => l.lang)).toEqual(['tr', 'en']);
  });

  it('the compliance check has every field and marks the main site', async () => {
    const c = (await json('/api/web/v1/compliance/check?lang=en')).data;
    expect(shapeCompliance(c)).toEqual(c);
    expect(c.limit).toMatchObject({ is_main: true, limit_country: '', is_uk_limit: false });
    const uk = (await (await s.fetch('/api/web/v1/compliance/check', { headers: { 'X-Forwarded-Host': 'uk.localhost' } })).json()).data;
    expect(uk.limit.is_main).toBe(false);
  });

  it('footer tips, newbie prize, sub user type and the declaration answer with data', async () => {
    expect((await json('/api/web/v1/kyc/footerTipsCheck')).data.is_show).toBe(0);
    expect(await json('/json_svr/footer_tips_check')).toMatchObject({ code: 0, result: true });
    expect((await json('/api/web/v1/welfare/newbiePrizePop')).data).toMatchObject({ is_pop: 1, group_A: { num: '40000' } });
    const user = { uid: '1', nickname: 'n' };
    expect((await json('/api/web/v1/compliance-kyc/customer-understand-declaration/status', user)).data.status).toBe(2);
    expect((await json('/api/web/v1/compliance-kyc/customer-understand-declaration/submit-status', user, { method: 'POST' })).code).toBe(0);
  });

  it('verify_invite_info: valid codes give ref_uid, SAMEGROUP 10530135, others non-zero', async () => {
    const good = await json('/api/web/v1/rebate/verify_invite_info?invite_code=VLQWBG4K&ref_type=1');
    expect(good.code).toBe(0);
    expect(good.data.ref_uid).toMatch(/^\d{8}$/);
    expect((await json('/api/web/v1/rebate/verify_invite_info?invite_code=VLQWBG4K')).data.ref_uid).toBe(good.data.ref_uid);
    expect((await json('/api/web/v1/rebate/verify_invite_info?invite_code=SAMEGROUP&ref_type=1')).code).toBe(10530135);
    for (const q of ['invite_code=INVALID1', 'invite_code=', 'invite_code=a%20b', 'invite_code=ABCDEF&ref_type=x']) {
      const { code } = await json(`/api/web/v1/rebate/verify_invite_info?${q}`);
      expect(code, q).not.toBe(0);
      expect(code, q).not.toBe(10530135);
    }
  });

  it('serves the static JSON files, cacheable', async () => {
    const res = await s.fetch('/js/tool/coin_icon_whitelist.json');
    expect(res.headers.get('cache-control')).toContain('max-age');
    expect((await res.json()).coinIconVersionWhiteList).toContain('trump');
    const links = shapeDownloadLinks(await json('/js/tool/page_download_links.json'));
    expect(links.home.h5).toMatchObject({ c: 'h5_home' });
    expect(links.home.web!.overseas_apk).toMatch(/^https:\/\/.+\.apk$/);
  });
});

describe('caching headers a real back end would send', () => {
  /** The shell's shared-cache decision on an answer's headers (lower-case names, as its transport gives them). */
  const decision = async (path: string, cookies?: Record<string, string>) => {
    const res = await s.fetch(path, { cookies });
    return sharePolicy(res.status, Object.fromEntries(res.headers), 30_000, Date.now());
  };

  it('site settings: shared 30 s, per client address, site and scenario cookie; static files 30 s (the cap), per cookie', async () => {
    expect(await decision('/api/web/v1/site/settings')).toEqual({ ttlMs: 30_000, vary: ['cookie', 'x-forwarded-for', 'x-forwarded-host'] });
    expect(await decision('/js/tool/coin_icon_whitelist.json')).toEqual({ ttlMs: 30_000, vary: ['cookie'] });
    expect(await decision('/js/tool/page_download_links.json')).toEqual({ ttlMs: 30_000, vary: ['cookie'] });
  });

  it('per-user and per-visitor answers are private, no-store: never shared', async () => {
    const user = { uid: '55501234', nickname: 'alice' };
    for (const path of ['/api/web/v1/usercenter/get_info', '/api/web/v1/compliance/check?lang=en', '/api/web/v1/usercenter/get_kyc_status']) {
      const res = await s.fetch(path, { cookies: user });
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(await decision(path, user), path).toBeNull();
    }
  });
});

describe('monitoring sink', () => {
  it('answers 204, keeps the last 100 records, lists them at GET /__mock/monitor', async () => {
    await s.fetch('/__mock/monitor', { method: 'DELETE' });
    for (let i = 0; i < 105; i++) {
      const res = await s.fetch('/api/web/v1/monitor/report', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ event: 'view', n: i }),
        cookies: { mock_scenario: 'monitor-test', uid: '9' },
      });
      expect(res.status).toBe(204);
    }
    const { data } = await json('/__mock/monitor');
    expect(data).toHaveLength(100);
    expect(data[0].data).toEqual({ event: 'view', n: 5 });
    expect(data[99]).toMatchObject({ uid: '9', data: { n: 104 } });
    await s.fetch('/api/web/v1/monitor/report', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"beacon":true}', cookies: { uid: '77' } });
    expect((await json('/__mock/monitor?uid=77')).data.map((r: { data: unknown }) => r.data)).toEqual([{ beacon: true }]);
  });
});

describe('region from the host name', () => {
  it('reads the first label of <key>.localhost or <key>.<domain>, else main', () => {
    const keys = ['main', 'tr', 'uk'];
    expect(regionOfHost('tr.localhost:3000', keys)).toBe('tr');
    expect(regionOfHost('uk.example.com', keys)).toBe('uk');
    expect(regionOfHost('localhost:3000', keys)).toBe('main');
    expect(regionOfHost('127.0.0.1:3000', keys)).toBe('main');
    expect(regionOfHost('www.example.com', keys)).toBe('main');
  });
});
