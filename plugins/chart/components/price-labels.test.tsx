// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { definePlugin } from '../../../core/plugin-api';
import { createPluginTester } from '../../../core/plugin-api/testing';
import type { FakeRequest } from '../../../core/plugin-api/fake-api';
import { OrderType } from '../constants';
import { searchHandler } from '../fake/market';
import type { BarPrice } from 'lightweight-charts';
import type { ChartDatafeed, JsonGetter } from '../feed/datafeed';
import { createHttpDatafeed } from '../feed/datafeed';
import { chartPriceFormat, chartPriceText } from '../runtime/price-format';
import type { SymbolInfo } from '../types';
import { PositionsTable } from './PositionsTable';
import { SymbolSearch } from './SymbolSearch';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A tiny-priced meme coin: 0.000000012 USDT, ten decimals. */
const TINY: SymbolInfo = {
  symbol: 'TINY_USDT',
  base: 'TINY',
  quote: 'USDT',
  kind: 'memebox',
  description: 'Tiny',
  pricePrecision: 10,
  qtyPrecision: 0,
  listedAt: 0,
  lastPrice: 0.000000012,
};
const t = (key: string) => key;

let root: Root | undefined;
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('chart price labels (spec 000 §5 zero-count notation)', () => {
  it('the series price format writes axis, last-value and crosshair labels in the notation', () => {
    const format = chartPriceFormat(10);
    expect(format).toMatchObject({ type: 'custom', minMove: 1e-10 });
    expect(format.formatter(0.000000012 as BarPrice)).toBe('0.0{7}120');
    expect(format.formatter(65000.5 as BarPrice)).toBe('65000.5000000000');
    expect(chartPriceFormat(1).formatter(65000.55 as BarPrice)).toBe('65000.6');
    expect(chartPriceText(0.000000012, 9)).toBe('0.0{7}12');
    expect(chartPriceText(0.0000085, 10)).toBe('0.0000085000');
  });

  it('a malformed precision falls back to 2 decimals; a huge one is capped', () => {
    expect(chartPriceText(1.005, Number.NaN)).toBe('1.00');
    expect(chartPriceText(1, 1000)).toBe('1.0000000000000000');
  });

  it('the positions table writes a tiny average price in the notation', () => {
    const html = renderToString(
      <PositionsTable
        lines={[{ id: 'p1', type: OrderType.Position, avgPrice: 0.000000012, visible: true, sideText: 'Long', qty: 1000 }]}
        precision={10}
        t={t}
      />,
    );
    expect(html).toContain('<td>0.0{7}120</td>');
  });
});

describe('symbol search prices', () => {
  it('the fake search answers each symbol with its last price at its precision', () => {
    const reply = searchHandler({ query: new URLSearchParams('query=btc') } as FakeRequest, 1_750_000_000).body as { data: { list: SymbolInfo[] } };
    const [btc] = reply.data.list;
    expect(btc.symbol).toBe('BTC_USDT');
    expect(btc.lastPrice).toBeGreaterThan(0);
    expect(Number(btc.lastPrice!.toFixed(btc.pricePrecision))).toBe(btc.lastPrice);
  });

  it('reads lastPrice from the search reply, dropping a malformed one', async () => {
    const { lastPrice: _drop, ...info } = TINY;
    const http = { get: async () => ({ code: 0, data: { list: [TINY, { ...info, symbol: 'BAD_USDT', lastPrice: 'x' }] } }) };
    const list = await createHttpDatafeed(http as JsonGetter).searchSymbols('t');
    expect(list.map((s) => s.lastPrice)).toEqual([0.000000012, undefined]);
  });

  it('lists a tiny price in the notation', async () => {
    vi.useFakeTimers();
    const datafeed = { searchSymbols: async () => [TINY] } as unknown as ChartDatafeed;
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    // In a page's shell (the coin icons read it), as a footer item of a test plugin.
    const searchHost = definePlugin({
      id: 'search-host',
      slotEntries: () => [
        {
          slot: 'footer',
          render: () => <SymbolSearch datafeed={datafeed} delayMs={1000} allowed={['TINY_USDT']} hrefOf={(s) => `/trade/${s}`} t={t} />,
        },
      ],
    });
    const tester = createPluginTester(searchHost);
    act(() => root!.render(tester.element({ slot: 'footer' })));
    const input = host.querySelector('input')!;
    act(() => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(input, 'tiny');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    const price = host.querySelector('.chart-search__price')!;
    expect(price.textContent).toBe('0.0{7}120');
    expect(price.getAttribute('value')).toBe('1.2e-8');
  });
});
