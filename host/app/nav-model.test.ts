import { describe, expect, it } from 'vitest';
import chart from '../../plugins/chart';
import { createPluginTester } from '../../core/testing';
import { headerNav, spotPath } from './nav-model';

const spotOf = (nodes: ReturnType<typeof headerNav>) => nodes.find((n) => n.code === 'spot')?.item.path;

describe('header navigation: the spot entry', () => {
  it("goes to the trade menu's spot entry: the chart's default market of the site (BTC_TRY on Turkey)", () => {
    for (const [region, path] of [
      ['tr', '/trade/BTC_TRY'],
      ['main', '/trade/BTC_USDT'],
    ]) {
      const t = createPluginTester(chart, { region });
      expect(spotOf(headerNav([], spotPath(t.activation.menus.trade))), region).toBe(path);
      t.dispose();
    }
  });

  it('goes to BTC_USDT without a spot entry, and stays hidden where compliance hides spot', () => {
    expect(spotPath(undefined)).toBe('/trade/BTC_USDT');
    expect(spotPath([{ pluginId: 'x', item: { key: 'bots', label: 'bots', path: '/strategybot', code: 'strategybot' } }])).toBe('/trade/BTC_USDT');
    expect(spotOf(headerNav([]))).toBe('/trade/BTC_USDT');
    expect(spotOf(headerNav(['spot'], '/trade/BTC_TRY'))).toBeUndefined();
  });
});
