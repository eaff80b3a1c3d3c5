import { describe, expect, it } from 'vitest';
import { createPluginTester } from '../../core/testing';
import plugin from './index';
import { homeTarget, linkKey, trendingStories } from './links';

describe('not-found plugin', () => {
  it('answers every unknown path and /404 with status 404', () => {
    const t = createPluginTester(plugin);
    expect(t.activation.routes.map((r) => [r.def.path, r.def.status])).toEqual([
      ['*', 404],
      ['/404', 404],
    ]);
    expect(t.dispose()).toEqual([]);
  });

  it('renders the three columns, trending stories and a way home under the language prefix', async () => {
    const t = createPluginTester(plugin, { region: { key: 'main', languages: ['en', 'zh'], defaultLang: 'en' }, locale: 'zh' });
    await t.preload();
    const html = t.renderRoute('/anything');
    expect(html).toContain('data-plugin="not-found"');
    expect(html).toContain('href="/zh/trade/BTC_USDT"');
    expect(html).toContain('href="/zh/learn/glossary"');
    expect(html).toContain('href="/zh/explore/bitcoin-halving-countdown"');
    expect(html).toContain('href="/zh/"');
    expect(html).toContain('页面不存在');
  });

  it('renders the module variant with its compact list', async () => {
    const t = createPluginTester(plugin, { options: { variant: 'module' } });
    await t.preload();
    const html = t.renderRoute('/x');
    expect(html).toContain('href="/live"');
    expect(html).toContain('href="/nft"');
    expect(html).not.toContain('href="/etf"');
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
    expect(trendingStories('', ['ordi']).map((s) => s.href)).toEqual(['/explore/bitcoin-halving-countdown', '/explore/ordi']);
    expect(homeTarget('/ar', null)).toBe('/ar/');
  });
});
