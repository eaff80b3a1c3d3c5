import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createTestHttp, type RecordedCall, MemoryCookieJar } from '../../../core/plugin-api/testing';
import { deviceId, fetchTargetedPlan, firstPlan, vipExtras } from './plans';
import { createSpacer, currencyOf, fetchAlphaCards, nextIndex, toAlphaCards } from './alpha';
import { isClosed } from './dismissal';
import { EMPTY_PRIZE, fetchNewbiePrize, hasPrize, mayShowNewbie, toPrize, toVariant } from './newbie';
import { formatAmount, formatReward } from '../components/format';

const PLAN = {
  plan_id: 7,
  plan_name: 'p',
  title: ' Trade to share 50,000 USDT ',
  content: 'c',
  img: '/a.png',
  img_h5: '/b.png',
  url: '/x',
  position: 'index',
  extras: { tier: 3 },
};

describe('targeted plans', () => {
  it('reads list[0] and normalizes it', () => {
    expect(firstPlan({ list: [PLAN, { title: 'second' }] })).toEqual({ ...PLAN, plan_id: '7', title: 'Trade to share 50,000 USDT', extras: { tier: '3' } });
    expect(firstPlan({ list: [] })).toBeNull();
    expect(firstPlan({ list: [{}] })).toBeNull();
    expect(firstPlan(null)).toBeNull();
    expect(firstPlan({ list: [{ extras: '{"vip_popup_type":"VIP_EXPIRED","tier":2}' }] })?.extras).toEqual({ vip_popup_type: 'VIP_EXPIRED', tier: '2' });
  });

  it('accepts the three VIP popup types only', () => {
    const base = firstPlan({
      list: [
        {
          title: 't',
          extras: {
            vip_popup_type: 'VIP_UPGRADED',
            tier: '3',
            benefit_title: 'B',
            benefit_1_content: 'one',
            benefit_1_img: '/1.svg',
            benefit_3_content: 'three',
            button_copywriting: 'Go',
          },
        },
      ],
    });
    expect(vipExtras(base)).toEqual({
      tier: 3,
      benefit_title: 'B',
      benefits: [
        { content: 'one', img: '/1.svg' },
        { content: 'three', img: '' },
      ],
      button_copywriting: 'Go',
      vip_popup_type: 'VIP_UPGRADED',
    });
    for (const type of ['VIP_EXPIRED', 'VIP_INACTIVE']) expect(vipExtras({ ...base!, extras: { vip_popup_type: type } })?.vip_popup_type).toBe(type);
    expect(vipExtras({ ...base!, extras: { vip_popup_type: 'VIP_SOMETHING' } })).toBeNull();
    expect(vipExtras({ ...base!, extras: { vip_popup_type: 'VIP_EXPIRED', tier: 'x' } })?.tier).toBe(0);
    expect(vipExtras(null)).toBeNull();
  });

  it('takes the device id from the finger_print cookie', () => {
    expect(deviceId(new MemoryCookieJar({ finger_print: 'fp_abc123' }))).toBe('fp_abc123');
    expect(deviceId(new MemoryCookieJar({}))).toBe('');
    expect(deviceId(new MemoryCookieJar({ finger_print: '<script>' }))).toBe('');
  });

  it('sends position, device_id and resource_type; null on failure', async () => {
    const calls: RecordedCall[] = [];
    const http = createTestHttp('server', { '/api/web/v1/marketing/targeted-popup-plan/list': { body: { code: 0, data: { list: [PLAN] } } } }, calls);
    expect((await fetchTargetedPlan(http, { position: 'index', resourceType: 4, deviceId: 'fp1' }))?.title).toBe('Trade to share 50,000 USDT');
    expect(calls[0].params).toMatchObject({ position: 'index', device_id: 'fp1', resource_type: '4' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await fetchTargetedPlan(createTestHttp('server', { '*': { status: 500 } }), { position: 'index', resourceType: 4, deviceId: '' })).toBeNull();
    expect(
      await fetchTargetedPlan(createTestHttp('browser', { '*': { body: { code: 3, message: 'x' } } }), { position: 'index', resourceType: 4, deviceId: '' }),
    ).toBeNull();
  });
});

describe('alpha banner', () => {
  it('sorts cards by sort and drops unusable ones; reads card_list or list', () => {
    const { cards, currency } = toAlphaCards({
      card_list: [{ id: 2, title: 'b', sort: 2 }, { id: 1, title: 'a', sort: 1 }, { title: 'no id' }, { id: 3 }, 'junk'],
      currency: 'BTC',
    });
    expect(cards.map((c) => c.id)).toEqual(['1', '2']);
    expect(currency).toBe('BTC');
    expect(toAlphaCards({ list: [{ id: 9, img: '/i.svg' }] }).cards).toHaveLength(1);
    expect(toAlphaCards(undefined)).toEqual({ cards: [], currency: '' });
  });

  it('rotates round-robin from the stored index', () => {
    expect(nextIndex(null, 3)).toBe(0);
    expect(nextIndex('0', 3)).toBe(1);
    expect(nextIndex('2', 3)).toBe(0);
    expect(nextIndex('7', 3)).toBe(0);
    expect(nextIndex('x', 3)).toBe(0);
    expect(nextIndex('-1', 3)).toBe(0);
    expect(nextIndex('0', 1)).toBe(0);
    expect(nextIndex('0', 0)).toBe(-1);
  });

  it('stays closed for 24 hours after a manual close', () => {
    const now = 1_750_000_000_000;
    expect(isClosed(String(now - 23 * 3_600_000), now, 24)).toBe(true);
    expect(isClosed(String(now - 24 * 3_600_000), now, 24)).toBe(false);
    expect(isClosed(null, now, 24)).toBe(false);
    expect(isClosed('soon', now, 24)).toBe(false);
    expect(isClosed(String(now + 60_000), now, 24)).toBe(false);
  });

  it('reads the currency of the page', () => {
    expect(currencyOf('/alpha/pepe')).toBe('PEPE');
    expect(currencyOf('/trade/BTC_USDT')).toBe('BTC');
    expect(currencyOf('/alpha')).toBe('');
    expect(currencyOf('/futures/USDT/BTC_USDT')).toBe('');
  });

  it('spaces requests a second apart, delaying (never dropping) one asked for sooner', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const sent: string[] = [];
      const spacer = createSpacer(1000);
      spacer.run(() => sent.push('a'));
      expect(sent).toEqual(['a']);
      vi.advanceTimersByTime(300);
      spacer.run(() => sent.push('b'));
      expect(sent).toEqual(['a']);
      vi.advanceTimersByTime(699);
      expect(sent).toEqual(['a']);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual(['a', 'b']);
      expect(Date.now()).toBe(1000);
      vi.advanceTimersByTime(5000);
      spacer.run(() => sent.push('c'));
      expect(sent).toEqual(['a', 'b', 'c']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('while one waits, a newer request takes its place; cancel drops it', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const sent: string[] = [];
      const spacer = createSpacer(1000);
      spacer.run(() => sent.push('a'));
      spacer.run(() => sent.push('b'));
      spacer.run(() => sent.push('c'));
      vi.advanceTimersByTime(1000);
      expect(sent).toEqual(['a', 'c']);
      spacer.run(() => sent.push('d'));
      spacer.cancel();
      vi.advanceTimersByTime(5000);
      expect(sent).toEqual(['a', 'c']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('whatever the timing, requests go out at least the interval apart and the last one always goes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2500 }), { minLength: 1, maxLength: 30 }), (gaps) => {
        vi.useFakeTimers({ now: 0 });
        try {
          const at: number[] = [];
          const spacer = createSpacer(1000);
          let last = -1;
          gaps.forEach((gap, i) => {
            vi.advanceTimersByTime(gap);
            spacer.run(() => ((last = i), at.push(Date.now())));
          });
          vi.advanceTimersByTime(1000);
          at.slice(1).forEach((t, i) => expect(t - at[i]).toBeGreaterThanOrEqual(1000));
          expect(last).toBe(gaps.length - 1);
        } finally {
          vi.useRealTimers();
        }
      }),
    );
  });

  it('asks with spread_scene, device_id, resource_type and currency; no cards on failure', async () => {
    const calls: RecordedCall[] = [];
    const http = createTestHttp(
      'browser',
      { '/api/web/v1/marketing/get-user-plans': { body: { code: 0, data: { card_list: [{ id: 1, title: 'a' }], currency: 'PEPE' } } } },
      calls,
    );
    expect((await fetchAlphaCards(http, { deviceId: 'fp', resourceType: 5, currency: 'PEPE' })).cards).toHaveLength(1);
    expect(calls[0].params).toMatchObject({ spread_scene: 'alpha_place_order_web', device_id: 'fp', resource_type: '5', currency: 'PEPE' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await fetchAlphaCards(createTestHttp('browser', {}), { deviceId: '', resourceType: 5, currency: '' })).toEqual({ cards: [], currency: '' });
  });
});

describe('new-user popup', () => {
  it('reads the experiment variable: 1 = A, 2 = B, anything else hidden', () => {
    expect(toVariant(1)).toBe(1);
    expect(toVariant('2')).toBe(2);
    for (const v of [0, 3, '1.0', null, undefined, 'a', true]) expect(toVariant(v)).toBeNull();
  });

  it('reads the prize groups and the guide total', () => {
    const prize = toPrize(
      { newbie_exp: 1, currency: 'usdt', group_A: { num: '40000' }, group_B: { num_first: 20, num_second: '100' } },
      { prize_num: '6000' },
      'newbie_exp',
    );
    expect(prize).toEqual({ variant: 1, currency: 'USDT', groupA: '40000', groupBFirst: '20', groupBSecond: '100', guideTotal: '6000' });
    expect(hasPrize(prize)).toBe(true);
    expect(hasPrize({ ...prize, variant: 2 })).toBe(true);
    expect(hasPrize({ ...prize, groupA: '' })).toBe(false);
    expect(hasPrize({ ...prize, variant: null })).toBe(false);
    expect(toPrize({ exp: '2', group_A: { num: 'lots' } }, null, 'exp')).toMatchObject({ variant: 2, groupA: '', guideTotal: '' });
  });

  describe('at most 4 a day, 30 minutes apart (counter count/timestamp)', () => {
    const rules = { maxPerDay: 4, minGapMs: 30 * 60_000 };
    const noon = new Date(2025, 5, 1, 12, 0, 0).getTime();
    const min = 60_000;
    it.each([
      ['no counter', null, true],
      ['malformed', 'abc', true],
      ['malformed count', 'x/1', true],
      ['malformed timestamp', '3/abc', true],
      ['extra parts', `1/${noon - 40 * min}/9`, true],
      ['negative', `-1/${noon - 40 * min}`, true],
      ['3 today, 31 min ago', `3/${noon - 31 * min}`, true],
      ['3 today, exactly 30 min ago', `3/${noon - 30 * min}`, true],
      ['3 today, 29 min ago', `3/${noon - 29 * min}`, false],
      ['4 today, 2 h ago', `4/${noon - 120 * min}`, false],
      ['9 today', `9/${noon - 120 * min}`, false],
      ['9 yesterday', `9/${noon - 24 * 60 * min}`, true],
      ['in the future', `1/${noon + 60 * min}`, true],
    ])('%s', (_name, raw, expected) => {
      expect(mayShowNewbie(raw, noon, rules)).toBe(expected);
    });
  });

  it('fetches both prize calls; empty prize when the prize pop fails', async () => {
    const http = createTestHttp('browser', {
      '/api/web/v1/welfare/newbiePrizePop': {
        body: { code: 0, data: { newbie_exp: 2, group_A: { num: '40000' }, group_B: { num_first: '20', num_second: '100' } } },
      },
      '/api/web/v1/welfare/newbiePrizeGuide': { status: 500 },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const paths = { prizePopPath: '/api/web/v1/welfare/newbiePrizePop', guidePath: '/api/web/v1/welfare/newbiePrizeGuide' };
    expect(await fetchNewbiePrize(http, paths, 'newbie_exp')).toMatchObject({ variant: 2, groupBFirst: '20', guideTotal: '' });
    expect(await fetchNewbiePrize(createTestHttp('browser', {}), paths, 'newbie_exp')).toEqual(EMPTY_PRIZE);
  });
});

describe('reward formatting', () => {
  it('formats USD-like rewards as dollars and others with the code', () => {
    expect(formatReward('40000', 'USDT', 'en')).toBe('$40,000');
    expect(formatReward('0.5', 'BTC', 'en')).toBe('0.5 BTC');
    expect(formatReward('', 'USDT', 'en')).toBe('');
    expect(formatReward('40000', 'USDT', 'bad tag!')).toBe('$40,000');
    expect(formatAmount('40000', 'de')).toBe('40.000');
  });
});
