import { describe, expect, it, vi } from 'vitest';
import { createHttpDatafeed, parseBars, type JsonGetter } from './datafeed';

const getter = (answers: Record<string, unknown>): JsonGetter & { calls: Array<[string, unknown]> } => {
  const calls: Array<[string, unknown]> = [];
  return {
    calls,
    get: async <T>(path: string, params?: Record<string, unknown>) => {
      calls.push([path, params]);
      return answers[path] as T | undefined;
    },
  };
};

describe('parseBars', () => {
  it('turns UDF columns into bars, dropping bad rows and non-increasing times', () => {
    const r = parseBars({
      s: 'ok',
      t: [60, 120, 120, 180, 240],
      o: [1, 2, 2, 'x', 4],
      h: [1, 2, 2, 3, 4],
      l: [1, 2, 2, 3, 4],
      c: [1, 2, 2, 3, 4],
      v: [1, 1, 1, 1, 1],
    });
    expect(r.bars.map((b) => b.time)).toEqual([60, 120, 240]);
    expect(parseBars({ s: 'no_data' })).toEqual({ bars: [], noData: true });
    expect(parseBars(undefined)).toEqual({ bars: [], noData: false });
  });
});

describe('http datafeed', () => {
  const info = { symbol: 'BTC_USDT', base: 'BTC', quote: 'USDT', kind: 'SPOT', description: 'Bitcoin', pricePrecision: 1, qtyPrecision: 5, listedAt: 0 };

  it('resolves a symbol, tells unknown (null) from failed (rejects)', async () => {
    expect(await createHttpDatafeed(getter({ '/api/web/v1/chart/symbol': { code: 0, data: info } })).resolveSymbol('BTC_USDT')).toEqual(info);
    expect(await createHttpDatafeed(getter({ '/api/web/v1/chart/symbol': { code: 40401, data: null } })).resolveSymbol('X_Y')).toBeNull();
    await expect(createHttpDatafeed(getter({})).resolveSymbol('BTC_USDT')).rejects.toThrow(/failed/);
    await expect(createHttpDatafeed(getter({})).getBars('BTC_USDT', '60', { to: 1, countBack: 1 })).rejects.toThrow(/failed/);
  });

  it('asks for bars with the UDF parameters', async () => {
    const g = getter({ '/api/web/v1/chart/bars': { code: 0, data: { s: 'ok', t: [60], o: [1], h: [1], l: [1], c: [1], v: [1] } } });
    const r = await createHttpDatafeed(g).getBars('BTC_USDT', '1D', { to: 1000.7, countBack: 300 });
    expect(r.bars).toHaveLength(1);
    expect(g.calls[0]).toEqual(['/api/web/v1/chart/bars', { symbol: 'BTC_USDT', resolution: '1D', to: 1000, countback: 300, from: undefined }]);
  });

  it('streams live bars over EventSource and closes on unsubscribe', () => {
    const instances: FakeES[] = [];
    class FakeES {
      listeners: Record<string, (e: { data: string }) => void> = {};
      close = vi.fn();
      constructor(public url: string) {
        instances.push(this);
      }
      addEventListener(type: string, fn: (e: { data: string }) => void) {
        this.listeners[type] = fn;
      }
    }
    const onBar = vi.fn();
    const stop = createHttpDatafeed(getter({}), { EventSource: FakeES as unknown as typeof EventSource }).subscribeBars('ETH_USDT', '1S', onBar);
    const es = instances[0];
    expect(es.url).toBe('/api/web/v1/chart/stream?symbol=ETH_USDT&resolution=1S');
    es.listeners.bar({ data: JSON.stringify({ time: 1, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 }) });
    es.listeners.bar({ data: '{broken' });
    es.listeners.bar({ data: JSON.stringify({ time: 'x' }) });
    expect(onBar).toHaveBeenCalledTimes(1);
    stop();
    expect(es.close).toHaveBeenCalled();
  });
});
