import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import fundPasswordApi from './fake-api';

let api: RunningFakeApi;
beforeAll(async () => {
  api = await startFakeApi({ modules: [fundPasswordApi] });
});
afterAll(() => api.close());

const alice = { uid: '20304050', nickname: 'alice' };
const post = (form: Record<string, string>, cookies: Record<string, string> = alice) =>
  api
    .fetch('/json_svr/query_safe', {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      cookies,
    })
    .then((r) => r.json());
const frequency = (cookies: Record<string, string> = alice) => api.fetch('/apiweb/v1/user/get_user_frequency', { cookies }).then((r) => r.json());

describe('fund-password fake API', () => {
  it('answers the saved validity (default 1) for logged-in users only', async () => {
    expect(await frequency()).toMatchObject({ code: 0, data: { frequency: 1 } });
    expect(await frequency({})).toMatchObject({ code: 10001 });
  });

  it('rejects the wrong authenticator code with a msg, accepts a good one and remembers it', async () => {
    const base = { action: 'tradepassfrequency', frequency: '0', fundpass: 'pw' };
    expect(await post({ ...base, totp: '000000' })).toMatchObject({ result: false, msg: 'Incorrect two-factor authentication code' });
    expect(await post({ ...base, totp: '123456', lang: 'x' }, { ...alice, lang: 'zh' })).toMatchObject({ result: true });
    expect(await frequency()).toMatchObject({ data: { frequency: 0 } });
    expect(await post({ ...base, totp: '000000' }, { ...alice, lang: 'zh' })).toMatchObject({ result: false, msg: '二次验证码错误' });
    expect(await post({ ...base, fundpass: '', totp: '123456' })).toMatchObject({ result: false });
    expect(await post({ ...base, frequency: '9', totp: '123456' })).toMatchObject({ result: false });
    expect(await post({ ...base, totp: '123456' }, {})).toMatchObject({ result: false, code: 10001 });
  });

  it('has the fund-frequency-never and fund-update-fails personas', async () => {
    expect(await frequency({ ...alice, mock_scenario: 'fund-frequency-never' })).toMatchObject({ data: { frequency: 0 } });
    const res = await api.fetch('/json_svr/query_safe', {
      method: 'POST',
      body: 'action=tradepassfrequency&frequency=2&fundpass=pw&totp=123456',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      cookies: { ...alice, mock_scenario: 'fund-update-fails' },
    });
    expect(res.status).toBe(500);
  });
});
