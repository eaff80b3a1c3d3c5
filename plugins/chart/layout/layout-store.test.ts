import { describe, expect, it } from 'vitest';
import { defaultInputs } from '../indicators/inputs';
import { clearLayout, defaultLayout, layoutKey, loadLayout, parseLayout, saveLayout, type KeyValueStore } from './layout-store';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

describe('layout store', () => {
  const base = defaultLayout('60', ['MACD'], defaultInputs);

  it('saves and restores per symbol', () => {
    const store = memoryStore();
    const layout = {
      ...base,
      resolution: '1D' as const,
      indicators: [{ type: 'KDJ' as const, inputs: [14, 3, 3] }],
      paneHeights: [400, 120],
      visible: { bars: 120, rightOffset: 3 },
    };
    saveLayout(store, 'btc_usdt', layout, 1234);
    expect(store.data.has('chart.layout.v1.BTC_USDT')).toBe(true);
    expect(loadLayout(store, 'BTC_USDT')).toEqual({ ...layout, savedAt: 1234 });
    expect(loadLayout(store, 'ETH_USDT')).toBeNull();
    clearLayout(store, 'BTC_USDT');
    expect(loadLayout(store, 'BTC_USDT')).toBeNull();
  });

  it('starts from the defaults', () => {
    expect(base).toMatchObject({ resolution: '60', indicators: [{ type: 'MACD', inputs: [12, 26, 9] }], paneHeights: [], visible: null });
  });

  it('ignores malformed layouts without throwing', () => {
    const store = memoryStore();
    const bad: unknown[] = [
      '{not json',
      'null',
      '[]',
      '42',
      JSON.stringify({ ...base, v: 2 }),
      JSON.stringify({ ...base, resolution: '7' }),
      JSON.stringify({ ...base, indicators: [{ type: 'RSI', inputs: [] }] }),
      JSON.stringify({ ...base, indicators: [{ type: 'MACD', inputs: [12, 26, 51] }] }),
      JSON.stringify({ ...base, indicators: [{ type: 'KDJ', inputs: [9, 3] }] }),
      JSON.stringify({
        ...base,
        indicators: [
          { type: 'TD', inputs: [] },
          { type: 'TD', inputs: [] },
        ],
      }),
      JSON.stringify({ ...base, overlays: { volume: 'yes', liquidation: true } }),
      JSON.stringify({ ...base, paneHeights: [100, -5] }),
      JSON.stringify({ ...base, paneHeights: 'tall' }),
      JSON.stringify({ ...base, visible: { bars: 'many', rightOffset: 0 } }),
    ];
    for (const raw of bad) {
      store.data.set(layoutKey('BTC_USDT'), raw as string);
      expect(loadLayout(store, 'BTC_USDT')).toBeNull();
    }
  });

  it('accepts a layout without a visible range', () => {
    expect(parseLayout({ ...base, visible: undefined })).toMatchObject({ visible: null });
  });
});
