import { describe, expect, it } from 'vitest';
import { createPluginTester, REGION_KEYS } from '../../core/plugin-api/testing';
import plugin from './index';
import { HELPFUL_COLUMNS, MODULE_LINKS, helpfulHref, homeTarget, linkKey, trendingStories } from './links';
import { regionOptions } from '../../tools/test/region-options';

describe('not-found plugin', () => {
  it('answers every unknown path and /404 with status 404', () => {
    const t = createPluginTester(plugin);
    expect(t.activation.routes.map((r) => [r.def.path, r.def.status])).toEqual([
      ['*', 404],
      ['/404', 404],
    ]);
    expect(t.dispose()).toEqual([]);
  });

  it('renders the three columns as spec 000 writes them: only the trade link and the way home under the language prefix', async () => {
    const t = createPluginTester(plugin, { region: { key: 'main', languages: ['en', 'zh'], defaultLang: 'en' }, locale: 'zh' });
    await t.preload();
    const html = t.renderRoute('/anything');
    expect(html).toContain('data-plugin="not-found"');
    expect(html).toContain('页面不存在');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      '/zh/',
      '/zh/trade/BTC_USDT',
      ...HELPFUL_COLUMNS.flat().slice(1),
      '/explore/bitcoin-halving-countdown',
      '/explore/ordi',
      '/explore/copy-trading',
    ]);
    expect(hrefs).toContain('/futures/USDT/BTC_USDT');
    expect(hrefs).toContain('/learn/glossary');
  });

  it('renders the module variant: its compact list under the locale prefix, the stories bare', async () => {
    const t = createPluginTester(plugin, {
      region: { key: 'main', languages: ['en', 'zh'], defaultLang: 'en' },
      locale: 'zh',
      options: { variant: 'module', trendingTokens: ['copy-trading', 'ordi'] },
    });
    await t.preload();
    const html = t.renderRoute('/x');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      '/zh/',
      ...MODULE_LINKS.map((p) => `/zh${p}`),
      '/explore/bitcoin-halving-countdown',
      '/explore/copy-trading',
      '/explore/ordi',
    ]);
    expect(html).toContain('href="/zh/live"');
    expect(html).toContain('href="/zh/nft"');
    expect(html).toContain('href="/zh/post"');
    expect(html).not.toContain('/etf"');
  });

  it('selects the variant each region config names: the shell layout on the full sites, the module layout on the licensed ones', () => {
    const variants = Object.fromEntries(REGION_KEYS.map((key) => [key, (regionOptions(key, 'not-found') as { variant?: string }).variant]));
    expect(variants).toEqual({
      main: 'shell',
      tr: 'shell',
      bs: 'shell',
      testnet: 'shell',
      eu: 'module',
      hk: 'module',
      us: 'module',
      sg: 'module',
      uk: 'module',
      jp: 'module',
      ae: 'module',
      au: 'module',
    });
  });

  it('follows only same-site redirect targets', async () => {
    const hostileTester = createPluginTester(plugin, { query: { redirect: 'https://evil.example/' } });
    await hostileTester.preload();
    const hostile = hostileTester.renderRoute('/x');
    expect(hostile).not.toContain('evil.example');
    const okTester = createPluginTester(plugin, { query: { redirect: '/price' } });
    await okTester.preload();
    const ok = okTester.renderRoute('/x');
    expect(ok).toContain('href="/price"');
  });

  it('reads a redirect target as a browser does: slashes collapsed, backslash and tab forms refused', async () => {
    const homeFor = async (redirect: string) => {
      const t = createPluginTester(plugin, { query: { redirect } });
      await t.preload();
      return /<a class="shell-btn[^"]*" href="([^"]*)"/.exec(t.renderRoute('/x'))?.[1];
    };
    expect(await homeFor('/en//evil.example/phish')).toBe('/en/evil.example/phish');
    expect(await homeFor('/\\evil.example/phish')).toBe('/');
    expect(await homeFor('/\t/evil.example/phish')).toBe('/');
    expect(await homeFor('/..//evil.example/phish')).toBe('/evil.example/phish');
  });

  it('rejects an invalid option', () => {
    expect(() => createPluginTester(plugin, { options: { variant: 'huge' } })).toThrow(/option \/variant must be one of/);
  });
});

describe('links', () => {
  it('derives translation keys and targets', () => {
    expect(linkKey('/futures/USDT/BTC_USDT')).toBe('futures');
    expect(linkKey('/learn/glossary')).toBe('learn_glossary');
    expect(linkKey('/buy-sell-crypto')).toBe('buy_sell_crypto');
    expect(trendingStories(['ordi']).map((s) => s.href)).toEqual(['/explore/bitcoin-halving-countdown', '/explore/ordi']);
    expect(homeTarget('/ar', null)).toBe('/ar/');
    expect(helpfulHref('/en-uk', '/trade/BTC_USDT')).toBe('/en-uk/trade/BTC_USDT');
    expect(helpfulHref('/en-uk', '/futures/USDT/BTC_USDT')).toBe('/futures/USDT/BTC_USDT');
    expect(helpfulHref('', '/trade/BTC_USDT')).toBe('/trade/BTC_USDT');
  });
});
