import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nTag, TRANSLATED_LANGUAGES } from '../../core/plugin-api/testing';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import marketing from './fake-api';
import { campaignDeadline } from './fake/plans';

const demoBundles = import.meta.glob<{ homePlan: { content: string } }>('./locales/demo/*.json', { eager: true, import: 'default' });

let api: RunningFakeApi;
beforeAll(async () => {
  api = await startFakeApi({ modules: [marketing] });
});
afterAll(() => api.close());

const json = async (path: string, scenario?: string, cookies: Record<string, string> = {}) =>
  (await api.fetch(path, { cookies: { ...cookies, ...(scenario ? { mock_scenario: scenario } : {}) } })).json();

const PLAN = '/api/web/v1/marketing/targeted-popup-plan/list';

describe('marketing fake API', () => {
  it('runs no campaign by default and checks its parameters', async () => {
    expect(await json(`${PLAN}?position=index&resource_type=4`)).toMatchObject({ code: 0, data: { list: [] } });
    expect((await json(`${PLAN}?resource_type=4`)).code).toBe(10400);
    expect((await json('/api/web/v1/marketing/get-user-plans?spread_scene=other')).code).toBe(10400);
    expect((await json('/api/web/v1/marketing/get-user-plans?spread_scene=alpha_place_order_web&currency=pepe')).data).toEqual({
      card_list: [],
      currency: 'PEPE',
    });
    expect((await json('/api/web/v1/welfare/newbiePrizeGuide')).data.prize_num).toBe('6000');
  });

  it('homepage-banner answers the index position only', async () => {
    const index = await json(`${PLAN}?position=index&resource_type=4`, 'homepage-banner');
    expect(index.data.list[0].title).toBe('Trade to share 50,000 USDT');
    expect((await json(`${PLAN}?position=vip_index&resource_type=5`, 'homepage-banner')).data.list).toEqual([]);
  });

  it("dates the campaign by Intl in the request's language: each text says before the deadline, none writes a date", async () => {
    expect(campaignDeadline('en')).toBe('June 30');
    expect(campaignDeadline('de')).toBe('30. Juni');
    expect(campaignDeadline('ja')).toBe('6月30日');
    expect(campaignDeadline('th')).toBe('30 มิถุนายน');
    const months = (lng: string) =>
      Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat(i18nTag(lng), { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2025, m, 1)));
    for (const lng of TRANSLATED_LANGUAGES) {
      const source = demoBundles[`./locales/demo/${lng}.json`].homePlan.content;
      expect(source, lng).toContain('{{deadline}}');
      const rest = source.replace('{{deadline}}', '').toLowerCase();
      expect(rest, lng).not.toMatch(/(?<!\d)30(?!\d)|\d\s*月|\d\/\d/);
      for (const month of months(lng)) expect(rest, `${lng}: ${month}`).not.toContain(month.toLowerCase());
      const plan = (await json(`${PLAN}?position=index&resource_type=4&lang=${lng}`, 'homepage-banner')).data.list[0];
      expect(plan.content, lng).toContain(campaignDeadline(lng));
      expect(plan.content, lng).not.toContain('{{');
    }
    const inLanguage = async (lng: string) => (await json(`${PLAN}?position=index&resource_type=4&lang=${lng}`, 'homepage-banner')).data.list[0].content;
    expect(await inLanguage('en')).toContain('before June 30 and');
    expect(await inLanguage('de')).toContain('vor dem 30. Juni');
    expect(await inLanguage('ja')).toContain('6月30日より前に');
    expect(await inLanguage('tr')).toContain('30 Haziran tarihinden önce');
  });

  it('vip personas answer the vip_index position with their popup type', async () => {
    const up = await json(`${PLAN}?position=vip_index&resource_type=5`, 'vip-upgraded', { uid: '1', nickname: 'a' });
    expect(up.data.list[0].extras).toMatchObject({ vip_popup_type: 'VIP_UPGRADED', tier: '3' });
    const expired = await json(`${PLAN}?position=vip_index&resource_type=5`, 'vip-expired', { uid: '1', nickname: 'a' });
    expect(expired.data.list[0].extras.vip_popup_type).toBe('VIP_EXPIRED');
  });

  it('alpha-cards and the newbie variants', async () => {
    expect((await json('/api/web/v1/marketing/get-user-plans?spread_scene=alpha_place_order_web', 'alpha-cards')).data.card_list).toHaveLength(3);
    expect((await json('/api/web/v1/welfare/newbiePrizePop', 'newbie-a')).data).toMatchObject({ newbie_exp: 1, group_A: { num: '40000' } });
    expect((await json('/api/web/v1/welfare/newbiePrizePop', 'newbie-b')).data.newbie_exp).toBe(2);
    expect((await json('/api/web/v1/welfare/newbiePrizePop')).data.newbie_exp).toBeUndefined();
  });

  it('marketing-down fails every marketing call', async () => {
    for (const path of [`${PLAN}?position=index&resource_type=4`, '/api/web/v1/welfare/newbiePrizePop', '/api/web/v1/welfare/newbiePrizeGuide']) {
      expect((await api.fetch(path, { cookies: { mock_scenario: 'marketing-down' } })).status).toBe(500);
    }
  });

  it('serves the campaign images', async () => {
    const res = await api.fetch('/cdn/marketing/home-banner.svg');
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
    expect((await json('/cdn/marketing/nope.svg')).code).toBe(404);
  });
});
