import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import growthApi, { rebateInfoFor } from './fake-api';

let api: RunningFakeApi;
beforeAll(async () => {
  api = await startFakeApi({ modules: [growthApi] });
});
afterAll(() => api.close());
const get = (path: string, cookies: Record<string, string> = {}) => api.fetch(path, { cookies }).then((r) => r.json());
const alice = { uid: '20304050', nickname: 'alice' };

describe('growth-tabs fake API', () => {
  it('rebate info: logged in only, stable per uid, agency type by persona', async () => {
    expect(await get('/api/web/v1/rebate/get_user_info')).toMatchObject({ code: 10001 });
    const info = await get('/api/web/v1/rebate/get_user_info', alice);
    expect(info.data).toEqual(rebateInfoFor('20304050'));
    expect(info.data.kol_code).toMatch(/^V[0-9A-Z]{7}$/);
    expect((await get('/api/web/v1/rebate/get_user_info', { ...alice, mock_scenario: 'affiliate' })).data.agency_type).toBe(1);
    expect((await get('/api/web/v1/rebate/get_user_info', { ...alice, mock_scenario: 'partner' })).data.agency_type).toBe(3);
  });

  it('rewards and competitions answer in the requested language', async () => {
    const en = await get('/api/web/v1/growth/rewards-hub/list?lang=en');
    expect(en.data.list).toHaveLength(4);
    expect(en.data.list.every((r: { status: string }) => r.status === 'todo')).toBe(true);
    expect((await get('/api/web/v1/growth/rewards-hub/list?lang=ja')).data.list[0].title).toBe('初回入金をする');
    const comps = (await get('/api/web/v1/growth/competition/list?lang=ar')).data.list;
    expect(comps.map((c: { status: string }) => c.status)).toEqual(['ongoing', 'upcoming', 'ended']);
    expect(comps[0].title).toBe('أساتذة تداول العقود الآجلة');
  });

  it('referral overview is per user', async () => {
    expect(await get('/api/web/v1/growth/referral/overview')).toMatchObject({ code: 10001 });
    expect((await get('/api/web/v1/growth/referral/overview', alice)).data).toMatchObject({ currency: 'USDT', commission_rate: '20' });
  });
});
