import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import drawerApi from './fake-api';

let api: RunningFakeApi;
beforeAll(async () => (api = await startFakeApi({ modules: [drawerApi] })));
afterAll(() => api.close());
const user = { uid: '10001', nickname: 'alice' };

describe('deposit address endpoint', () => {
  it('answers a well-formed address per network, stable per user', async () => {
    const get = async (q: string, cookies = user) =>
      (await (await api.fetch(`/api/web/v1/deposit/address?${q}`, { cookies })).json()) as { code: number; data: { address: string; chain: string } };
    const trc = await get('currency=USDT&chain=TRX');
    expect(trc.code).toBe(0);
    expect(trc.data.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect((await get('currency=USDT&chain=TRX')).data.address).toBe(trc.data.address);
    expect((await get('currency=USDT&chain=TRX', { uid: '10002', nickname: 'bob' })).data.address).not.toBe(trc.data.address);
    expect((await get('currency=USDT&chain=ETH')).data.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await get('currency=BTC')).data).toMatchObject({ chain: 'BTC' });
    expect((await get('currency=BTC')).data.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect((await get('currency=usdt&chain=NOPE')).data.chain).toBe('TRX');
    expect((await get('currency=%3Cx%3E')).code).toBe(10003);
  });

  it('needs a logged-in user', async () => {
    const body = (await (await api.fetch('/api/web/v1/deposit/address?currency=USDT')).json()) as { code: number };
    expect(body.code).toBe(10001);
  });
});
