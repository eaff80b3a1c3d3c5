import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import kycApi from './fake-api';
import { decideNotice, shapeNotice } from './services/notice';

let api: RunningFakeApi;
beforeAll(async () => {
  api = await startFakeApi({ modules: [kycApi] });
});
afterAll(() => api.close());
const alice = { uid: '20304050', nickname: 'alice' };
const notice = (cookies: Record<string, string>, lang = 'en') => api.fetch(`/api/web/v1/kyc/notice?lang=${lang}`, { cookies }).then((r) => r.json());
const decide = async (scenario: string) =>
  decideNotice(shapeNotice((await notice({ ...alice, mock_scenario: scenario })).data), () => false, 'kyc_upgrade_notice');

describe('kyc fake API', () => {
  it('answers logged-in users only; nothing to show by default', async () => {
    expect(await notice({})).toMatchObject({ code: 10001 });
    expect(await decide('default')).toBeNull();
  });
  it('personas drive the decision', async () => {
    expect(await decide('kyc-upgrade-due')).toMatchObject({ kind: 'upgrade' });
    expect(await decide('risk-user')).toMatchObject({ kind: 'risk', closable: false, cookie: { name: 'RISK_IP_USER', maxAge: 86400 } });
    expect(await decide('risk-user-closable')).toMatchObject({ kind: 'risk', closable: true, cookie: null });
  });
  it('kyc-pending and kyc-rejected: a level 1 user whose application is under review or not approved', async () => {
    const json = (path: string, scenario: string) => api.fetch(path, { cookies: { ...alice, mock_scenario: scenario } }).then((r) => r.json());
    for (const [scenario, status] of [
      ['kyc-pending', 1],
      ['kyc-rejected', 3],
    ] as const) {
      expect((await json('/api/web/v1/usercenter/get_kyc_status', scenario)).data).toEqual({ kyc_status: status });
      expect((await json('/api/web/v1/usercenter/get_info', scenario)).data).toMatchObject({ verified: 2, kyc_status: status });
      expect((await json('/api/web/v1/kyc/footerTipsCheck', scenario)).data.is_show).toBe(1);
    }
  });
  it('localizes the risk message and keeps the KYC level of the base persona', async () => {
    expect((await notice({ ...alice, mock_scenario: 'risk-user' }, 'tr')).data.risk_user_guide_msg).toMatch(/^Risk kontrollerimiz/);
    const info = await api.fetch('/api/web/v1/kyc/footerTipsCheck', { cookies: { ...alice, mock_scenario: 'risk-user' } }).then((r) => r.json());
    expect(info.data.is_show).toBe(1);
  });
});
