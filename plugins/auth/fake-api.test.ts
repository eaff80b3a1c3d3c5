import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import authApi from './fake-api';

let api: RunningFakeApi;
beforeAll(async () => (api = await startFakeApi({ modules: [authApi] })));
afterAll(() => api.close());

const post = (path: string, body: Record<string, string>, scenario?: string) =>
  api.fetch(path, {
    method: 'POST',
    body: new URLSearchParams(body).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    cookies: scenario ? { mock_scenario: scenario } : undefined,
  });

describe('auth endpoints', () => {
  it('the core login sets uid and nickname cookies', async () => {
    const res = await post('/api/web/v1/usercenter/login', { account: 'carol@example.com', password: 'x' });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['uid', 'nickname']);
    expect(res.headers.getSetCookie()[1]).toContain('nickname=carol');
  });

  it('register validates like the form and logs in', async () => {
    const code = async (b: Record<string, string>) => ((await (await post('/api/web/v1/usercenter/register', b)).json()) as { code: number }).code;
    expect(await code({ account: 'nope', password: 'Abcdefg1', agree: '1' })).toBe(10005);
    expect(await code({ account: 'dan@example.com', password: 'weak', agree: '1' })).toBe(10006);
    expect(await code({ account: 'dan@example.com', password: 'Abcdefg1' })).toBe(10007);
    expect(await code({ account: 'taken@example.com', password: 'Abcdefg1', agree: '1' })).toBe(10004);
    const ok = await post('/api/web/v1/usercenter/register', { account: 'dan@example.com', password: 'Abcdefg1', agree: '1', ch: 'ads_1' });
    expect(((await ok.json()) as { code: number }).code).toBe(0);
    expect(ok.headers.getSetCookie()).toHaveLength(2);
  });

  it('exchanges OAuth codes and wallet signatures', async () => {
    expect(((await (await post('/api/web/v1/usercenter/oauth_login', { provider: 'google', code: 'abc123' })).json()) as { code: number }).code).toBe(0);
    expect(((await (await post('/api/web/v1/usercenter/oauth_login', { provider: 'evil', code: 'x' })).json()) as { code: number }).code).toBe(10008);
    const address = '0x52908400098527886e0f7030069857d2e4169ee7';
    const nonce = (await (await post('/api/web/v1/usercenter/wallet_nonce', { address })).json()) as { data: { message: string } };
    expect(nonce.data.message).toContain(address);
    const login = await post('/api/web/v1/usercenter/wallet_login', { address, signature: `0x${'ab'.repeat(65)}` });
    expect(((await login.json()) as { code: number }).code).toBe(0);
  });

  it('the login-locked persona answers a server error', async () => {
    const body = (await (await post('/api/web/v1/usercenter/login', { account: 'a@b.co', password: 'x' }, 'login-locked')).json()) as {
      code: number;
      message: string;
    };
    expect(body).toMatchObject({ code: 10010 });
    expect(body.message).toContain('locked');
  });
});
