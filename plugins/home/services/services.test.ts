import { describe, expect, it } from 'vitest';
import { createTestHttp, BackendClient, type Transport, SharedReplyCache } from '../../../core/plugin-api/testing';
import { ZERO_STATS, fetchHomeStats, formatHomeStats, isEmptyStats, toHomeStats, withSiteCoinCount } from './stats';
import { coinCountText } from '../../../kit/domain/coin-count';
import { NO_DL_TASK, fetchDlTask, showDlTask, toDlTask } from './dl-task';
import { isValidSubUid, subAccountKindKey, subAccountOutcome } from './sub-account';
import { microAppProps, propsKey, resolveEntry } from './micro-app';

const RAW = {
  trading_volume: '2483927461.52',
  curr_count: 3821,
  user_register_count: '32516842',
  simple_earn_apr_usdt: '6.85',
  max_profit_rate: '1286.4',
  lend_earn_max_rate: '12.6',
  total_reserve_rate: '128.59',
};

describe('home stats', () => {
  it('reads numbers and numeric strings; anything else is 0', () => {
    expect(toHomeStats(RAW)).toEqual({
      ...RAW,
      trading_volume: 2483927461.52,
      user_register_count: 32516842,
      simple_earn_apr_usdt: 6.85,
      max_profit_rate: 1286.4,
      lend_earn_max_rate: 12.6,
      total_reserve_rate: 128.59,
    });
    expect(toHomeStats({ trading_volume: 'abc', curr_count: -3, user_register_count: null, simple_earn_apr_usdt: '1,234.5' })).toMatchObject({
      trading_volume: 0,
      curr_count: 0,
      user_register_count: 0,
      simple_earn_apr_usdt: 1234.5,
    });
    expect(toHomeStats('nope')).toEqual(ZERO_STATS);
    expect(isEmptyStats(ZERO_STATS)).toBe(true);
    expect(isEmptyStats(toHomeStats(RAW))).toBe(false);
  });

  it('formats volumes compact, the coin count grouped, rates as percents', () => {
    const views = Object.fromEntries(formatHomeStats(toHomeStats(RAW), 'en').map((v) => [v.key, v.value]));
    expect(views).toEqual({
      trading_volume: '$2.48B',
      user_register_count: '32.5M',
      curr_count: '3,821',
      total_reserve_rate: '128.59%',
      simple_earn_apr_usdt: '6.85%',
      lend_earn_max_rate: '12.6%',
      max_profit_rate: '1,286.4%',
    });
  });

  it('follows the locale and the rate unit', () => {
    const stats = toHomeStats(RAW);
    const zh = Object.fromEntries(formatHomeStats(stats, 'zh-CN').map((v) => [v.key, v.value]));
    expect(zh.user_register_count).toBe('3251.7万');
    expect(zh.trading_volume).toMatch(/24\.84亿/);
    const tr = Object.fromEntries(formatHomeStats(stats, 'tr').map((v) => [v.key, v.value]));
    expect(tr.total_reserve_rate).toBe('%128,59');
    const fraction = Object.fromEntries(formatHomeStats({ ...stats, total_reserve_rate: 1.2859 }, 'en', 'fraction').map((v) => [v.key, v.value]));
    expect(fraction.total_reserve_rate).toBe('128.59%');
    expect(formatHomeStats(stats, 'not a tag!!')[2].value).toBe('3,821');
  });

  it("takes the site's coin count in place of curr_count, written as the hero writes it; zeros stay zeros", () => {
    const stats = withSiteCoinCount(toHomeStats(RAW), 3800);
    expect(stats).toEqual({ ...toHomeStats(RAW), curr_count: 3800 });
    for (const tag of ['en', 'de', 'fr', 'es', 'ar-AE', 'zh-TW']) {
      expect(formatHomeStats(stats, tag).find((v) => v.key === 'curr_count')!.value, tag).toBe(coinCountText(3800, tag));
    }
    expect(withSiteCoinCount(ZERO_STATS, 3800)).toEqual(ZERO_STATS);
  });

  it('falls back to zeros on failure, a non-zero code or a malformed reply', async () => {
    const good = createTestHttp('server', { '/api/web/v1/site/homeStaticTradeData': { body: { code: 0, data: RAW } } });
    expect((await fetchHomeStats(good)).curr_count).toBe(3821);
    for (const answer of [{ status: 500, body: { code: 500 } }, { body: { code: 1001, message: 'busy' } }, { raw: '{"code":0,' }]) {
      const http = createTestHttp('server', { '/api/web/v1/site/homeStaticTradeData': answer });
      expect(await fetchHomeStats(http)).toEqual(ZERO_STATS);
    }
    expect(await fetchHomeStats(createTestHttp('browser', {}))).toEqual(ZERO_STATS);
  });
});

describe('download task', () => {
  it('shows only an existing task with a reward', () => {
    expect(showDlTask(toDlTask({ has_dl_task: 1, reward_num: '10', reward_currency: 'usdt' }))).toBe(true);
    expect(toDlTask({ has_dl_task: '1', reward_num: 10, reward_currency: 'usdt' })).toEqual({ has_dl_task: 1, reward_num: '10', reward_currency: 'USDT' });
    expect(showDlTask(toDlTask({ has_dl_task: 0, reward_num: '10', reward_currency: 'USDT' }))).toBe(false);
    expect(showDlTask(toDlTask({ has_dl_task: 1, reward_num: '0', reward_currency: 'USDT' }))).toBe(false);
    expect(showDlTask(toDlTask({ has_dl_task: 1, reward_num: '<b>', reward_currency: 'USDT' }))).toBe(false);
    expect(showDlTask(undefined)).toBe(false);
  });

  it('sends const_id and falls back to "no task"', async () => {
    const calls: Parameters<typeof createTestHttp>[2] = [];
    const http = createTestHttp(
      'server',
      { '/api/web/v1/marketing-activity/dlGetTaskInfo': { body: { code: 0, data: { has_dl_task: 1, reward_num: '5', reward_currency: 'USDT' } } } },
      calls,
    );
    expect((await fetchDlTask(http, 'abc')).reward_num).toBe('5');
    expect(calls[0].params).toMatchObject({ const_id: 'abc' });
    expect(await fetchDlTask(createTestHttp('server', {}), 'abc')).toEqual(NO_DL_TASK);
  });

  it("shares a visitor's public answer between requests, never a user's", async () => {
    const cache = new SharedReplyCache();
    const sent: string[] = [];
    const transport: Transport = async (req) => {
      sent.push(req.headers.cookie ?? '');
      return {
        status: 200,
        text: '{"code":0,"data":{"has_dl_task":1,"reward_num":"10","reward_currency":"USDT"}}',
        headers: { 'cache-control': 'public, max-age=30' },
      };
    };
    const request = (cookie: string) =>
      new BackendClient({ side: 'server', baseURL: 'http://127.0.0.1:1', headers: { cookie }, transport, shared: { cache, scope: 'main|en|', cookie: '' } });
    for (const cookie of ['a=1', 'a=2']) expect((await fetchDlTask(request(cookie), 'abc', true)).reward_num).toBe('10');
    expect(sent).toEqual(['']);
    for (const cookie of ['uid=1; nickname=x', 'uid=2; nickname=y']) await fetchDlTask(request(cookie), 'abc', false);
    expect(sent).toEqual(['', 'uid=1; nickname=x', 'uid=2; nickname=y']);
  });
});

describe('sub-account lookup', () => {
  it('accepts digit ids only', () => {
    expect(isValidSubUid('12345678')).toBe(true);
    expect(isValidSubUid('')).toBe(false);
    expect(isValidSubUid('12a')).toBe(false);
    expect(isValidSubUid(undefined)).toBe(false);
  });

  it('decides ok / warn (server message) / error', () => {
    expect(subAccountOutcome({ code: 0, data: { sub_uid: '7', nickname: 'a', type: 4, sub_type: 0, state: 'normal' } }, '7')).toEqual({
      kind: 'ok',
      info: { sub_uid: '7', nickname: 'a', type: 4, sub_type: 0, state: 'normal' },
    });
    expect(subAccountOutcome({ code: 10404, message: 'does not exist' }, '7')).toEqual({ kind: 'warn', message: 'does not exist' });
    expect(subAccountOutcome({ code: 1, msg: 'old style' }, '7')).toEqual({ kind: 'warn', message: 'old style' });
    expect(subAccountOutcome(undefined, '7')).toEqual({ kind: 'error' });
  });

  it('names the kind: sub_type first, then type', () => {
    expect(subAccountKindKey({ type: 1, sub_type: 0 })).toBe('subAccount.kind.normal');
    expect(subAccountKindKey({ type: 4, sub_type: 0 })).toBe('subAccount.kind.managed');
    expect(subAccountKindKey({ type: 1, sub_type: 6 })).toBe('subAccount.kind.bugs');
    expect(subAccountKindKey({ type: 4, sub_type: 7 })).toBe('subAccount.kind.assetManagement');
  });
});

describe('micro-app props', () => {
  const base = { localeCode: 'it', langPrefix: '/it', theme: 'dark' as const, limit: { is_uk_limit: true }, subWebsiteId: 106 };
  it('carries language, prefix, theme, UK/Italy limits and sub_website_id', () => {
    expect(microAppProps(base)).toEqual({ language: 'it', langPrefix: '/it', theme: 'dark', isUkLimit: true, isItalyLimit: false, sub_website_id: 106 });
  });
  it('changes key exactly when a prop changes', () => {
    const a = propsKey(microAppProps(base));
    expect(propsKey(microAppProps({ ...base }))).toBe(a);
    expect(propsKey(microAppProps({ ...base, theme: 'light' }))).not.toBe(a);
    expect(propsKey(microAppProps({ ...base, limit: { is_italy_limit: true, is_uk_limit: true } }))).not.toBe(a);
    expect(propsKey(microAppProps({ ...base, extra: { b: '1', a: '2' } }))).toBe(propsKey(microAppProps({ ...base, extra: { a: '2', b: '1' } })));
  });
  it('loads entries only from the site or allowed hosts', () => {
    expect(resolveEntry('/micro/x/index.html', 'http://localhost:3000', [])).toEqual({
      url: 'http://localhost:3000/micro/x/index.html',
      origin: 'http://localhost:3000',
    });
    expect(resolveEntry('https://static.gate.com/app/index.html', 'http://localhost', ['static.gate.com'])?.origin).toBe('https://static.gate.com');
    expect(resolveEntry('https://evil.example/app', 'http://localhost', ['static.gate.com'])).toBeNull();
    expect(resolveEntry('javascript:alert(1)', 'http://localhost', [])).toBeNull();
  });
});
