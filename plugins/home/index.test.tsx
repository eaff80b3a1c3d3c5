import { beforeAll, describe, expect, it } from 'vitest';
import { createPluginTester, defaultShellData } from '../../core/plugin-api/testing';
import plugin from './index';

// The plugin's pages are lazy chunks: load them once before rendering routes.
beforeAll(() => createPluginTester(plugin).preload());

const STATS = {
  '/api/web/v1/site/homeStaticTradeData': {
    body: {
      code: 0,
      data: {
        trading_volume: '1234567890',
        curr_count: 3821,
        user_register_count: '23456789',
        simple_earn_apr_usdt: '7.25',
        max_profit_rate: '999.5',
        lend_earn_max_rate: '11.1',
        total_reserve_rate: '131.42',
      },
    },
  },
  '/api/web/v1/marketing-activity/dlGetTaskInfo': { body: { code: 0, data: { has_dl_task: 1, reward_num: '10', reward_currency: 'USDT' } } },
};

/** Core data whose site settings give this `currency_count`. */
const withCoinCount = (currency_count: string) => ({ site: { ...defaultShellData().site, currency_count } });

describe('home plugin', () => {
  it('server-renders the statistics and the download card on the home page', async () => {
    const t = createPluginTester(plugin, { side: 'server', scenario: STATS, data: withCoinCount('3800') });
    const data = await t.load();
    const html = t.renderSlot('home', data);
    expect(html).toContain('Gate in numbers');
    for (const text of ['$1.23B', '23.5M', '3,800', '131.42%', '7.25%', '11.1%', '999.5%']) expect(html).toContain(text);
    expect(html).toContain('Download the app and get 10 USDT');
    expect(html).toContain('href="/mobileapp"');
    expect(t.dispose()).toEqual([]);
  });

  it("states the site's one coin count (site settings currency_count), not the reply's curr_count", async () => {
    const coins = async (currency_count: string, locale = 'en') => {
      const t = createPluginTester(plugin, {
        side: 'server',
        scenario: STATS,
        data: withCoinCount(currency_count),
        locale,
        region: { languages: ['en', 'de'] },
      });
      const data = await t.load();
      const html = t.renderSlot('home', data);
      t.dispose();
      expect(html).not.toMatch(/3[,.]?821/);
      return /data-stat="curr_count"[^]*?<bdi>([^<]*)<\/bdi>/.exec(html)?.[1];
    };
    expect(await coins('3800')).toBe('3,800');
    expect(await coins('3800', 'de')).toBe('3.800');
    // Settings without a usable count: the documented 2700, as the hero and the meta description say.
    expect(await coins('')).toBe('2,700');
    expect(await coins('3.8k')).toBe('2,700');
  });

  it('hides the section when the stats call fails (zeros) and the card when there is no task', async () => {
    const t = createPluginTester(plugin, { side: 'server', scenario: { '*': { status: 500, body: { code: 500 } } } });
    const data = await t.load();
    expect(data['home/stats']).toMatchObject({ stats: { trading_volume: 0, curr_count: 0 } });
    const html = t.renderSlot('home', data);
    expect(html).not.toContain('home-stats');
    expect(html).not.toContain('home-dl');
    t.dispose();
  });

  it('formats for the page locale (Arabic, Chinese) and keeps its translations', async () => {
    const zh = createPluginTester(plugin, { side: 'server', scenario: STATS, locale: 'zh', region: { languages: ['en', 'zh'] } });
    const html = zh.renderSlot('home', await zh.load());
    expect(html).toContain('数据概览');
    expect(html).toContain('2345.7万');
    zh.dispose();
  });

  it('loads only on the home page and honours the options', async () => {
    const t = createPluginTester(plugin, { side: 'server', scenario: STATS, path: '/trade/BTC_USDT' });
    expect(await t.load()).toEqual({});
    t.dispose();
    const off = createPluginTester(plugin, { side: 'server', scenario: STATS, options: { stats: { enabled: false }, dlTask: { enabled: false } } });
    expect(off.slot('home')).toHaveLength(0);
    expect(await off.load()).toEqual({});
    off.dispose();
  });

  it('renders the sub-account and transfer pages', () => {
    const t = createPluginTester(plugin, { side: 'server', path: '/myaccount/sub-account', query: { sub_uid: '12345671' } });
    expect(t.renderRoute('/myaccount/sub-account')).toContain('Loading sub-account');
    expect(t.renderRoute('/myaccount/transfer')).toContain('Log in to move funds');
    t.dispose();
    const user = { ...defaultShellData().user, isLogin: true, uid: '10001', nickname: 'alice' };
    const logged = createPluginTester(plugin, { side: 'server', data: { user } });
    const html = logged.renderRoute('/myaccount/transfer');
    expect(html).toContain('Master / sub-account transfer');
    expect(html).toMatch(/<label[^>]*for="[^"]+"[^>]*>Amount<\/label>/);
    logged.dispose();
  });
});
