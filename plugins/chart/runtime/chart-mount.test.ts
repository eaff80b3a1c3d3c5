// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartDatafeed } from '../feed/datafeed';
import { BarStore } from '../feed/bar-store';
import { layoutKey, type KeyValueStore } from '../layout/layout-store';
import { DEFAULT_CHART_OPTIONS } from '../plugin-options';
import type { Bar } from '../types';
import type { RuntimeConfig } from './chart-runtime';
import type { MountDeps } from './mount-types';

/** A stand-in for the lightweight-charts runtime: records calls, keeps bars in a real BarStore. */
const fake = vi.hoisted(() => ({ last: null as null | Record<string, any> }));
vi.mock('./chart-runtime', () => ({
  createChartRuntime: (_el: HTMLElement, cfg: RuntimeConfig) => {
    const store = new BarStore();
    const rt = {
      cfg,
      store,
      calls: [] as string[],
      chart: { timeScale: () => ({ applyOptions: vi.fn(), scrollToRealTime: vi.fn() }) },
      setBars: (b: Bar[]) => store.setAll(b),
      prependBars: (b: Bar[]) => store.prepend(b),
      upsertBar: (b: Bar) => store.upsert(b),
      setResolution: (r: string) => rt.calls.push(`resolution ${r}`),
      setIndicators: (l: unknown[]) => rt.calls.push(`indicators ${l.length}`),
      setOverlays: vi.fn(),
      setSkin: (s: { theme: string }) => rt.calls.push(`skin ${s.theme}`),
      setPrecision: vi.fn(),
      setLines: vi.fn(),
      setMarks: vi.fn(),
      setLiquidation: vi.fn(),
      view: () => ({ paneHeights: [300, 100], visible: { bars: 80, rightOffset: 2 } }),
      applyView: vi.fn(),
      destroy: vi.fn(),
    };
    fake.last = rt;
    return rt;
  },
}));

const { mountChart } = await import('./chart-mount');
const { prefetchFirstLoad } = await import('../feed/first-load');

const bars = (from: number, count: number): Bar[] =>
  Array.from({ length: count }, (_, i) => ({ time: from + i * 3600, open: 1, high: 2, low: 0.5, close: 1.5, volume: 1 }));
const flush = () => new Promise((r) => setTimeout(r, 0));

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

function feed(history: Bar[]) {
  let onBar: ((b: Bar) => void) | null = null;
  const f: ChartDatafeed & { getBars: ReturnType<typeof vi.fn> } = {
    resolveSymbol: async (s) => ({
      symbol: s,
      base: 'BTC',
      quote: 'USDT',
      kind: 'SPOT',
      description: 'Bitcoin',
      pricePrecision: 1,
      qtyPrecision: 4,
      listedAt: 0,
    }),
    getBars: vi.fn(async (_s, _r, req) => {
      const list = history.filter((b) => b.time < req.to).slice(-req.countBack);
      return { bars: list, noData: list.length < req.countBack };
    }),
    getMarks: async () => [],
    searchSymbols: async () => [],
    subscribeBars: (_s, _r, cb) => {
      onBar = cb;
      return () => (onBar = null);
    },
  };
  return { f, push: (b: Bar) => onBar?.(b) };
}

const options = { ...DEFAULT_CHART_OPTIONS, initialBars: 100, historyPageBars: 100, autoSaveMs: 1000 };
const NOW = 1_700_000_000;

describe('mountChart', () => {
  beforeEach(() => {
    document.body.className = 'theme-light green-rise';
  });
  afterEach(() => vi.useRealTimers());

  it('loads bars, then older pages on reaching the left edge until history ends', async () => {
    const history = bars(NOW - 250 * 3600, 250);
    const { f } = feed(history);
    const states: string[] = [];
    const h = mountChart(document.createElement('div'), {
      symbol: 'BTC_USDT',
      datafeed: f,
      store: memory(),
      options,
      locale: 'en',
      labels: { buy: 'B', sell: 'S', mark: 'M', tpsl: 'T' },
      onState: (s) => states.push(s.status),
      now: () => NOW,
    });
    await flush();
    expect(states.at(-1)).toBe('ready');
    expect(fake.last!.store.length).toBe(100);
    fake.last!.cfg.onNearLeftEdge();
    await flush();
    expect(fake.last!.store.length).toBe(200);
    fake.last!.cfg.onNearLeftEdge();
    await flush();
    expect(fake.last!.store.length).toBe(250);
    fake.last!.cfg.onNearLeftEdge();
    await flush();
    expect(f.getBars).toHaveBeenCalledTimes(3);
    h.destroy();
  });

  it('restores the saved layout, saves on theme change, auto-save and page hide', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const store = memory();
    store.set(
      layoutKey('BTC_USDT'),
      JSON.stringify({
        v: 1,
        resolution: '1D',
        indicators: [{ type: 'KDJ', inputs: [14, 3, 3] }],
        overlays: { volume: false, liquidation: true },
        paneHeights: [],
        visible: null,
        savedAt: 1,
      }),
    );
    const { f } = feed(bars(NOW - 100 * 3600, 100));
    const h = mountChart(document.createElement('div'), {
      symbol: 'BTC_USDT',
      datafeed: f,
      store,
      options,
      locale: 'en',
      labels: { buy: 'B', sell: 'S', mark: 'M', tpsl: 'T' },
      now: () => NOW,
    });
    expect(fake.last!.cfg.resolution).toBe('1D');
    expect(fake.last!.cfg.indicators).toEqual([{ type: 'KDJ', inputs: [14, 3, 3] }]);
    await flush();
    store.data.clear();
    document.body.classList.replace('theme-light', 'theme-dark');
    await flush();
    expect(fake.last!.calls).toContain('skin dark');
    expect(JSON.parse(store.data.get(layoutKey('BTC_USDT'))!)).toMatchObject({
      resolution: '1D',
      paneHeights: [300, 100],
      visible: { bars: 80, rightOffset: 2 },
    });

    store.data.clear();
    vi.advanceTimersByTime(1000);
    expect(store.data.size).toBe(0); // nothing changed since the last save
    fake.last!.cfg.onViewChange();
    vi.advanceTimersByTime(1000);
    expect(store.data.size).toBe(1);

    store.data.clear();
    window.dispatchEvent(new Event('pagehide'));
    expect(store.data.size).toBe(1);
    h.destroy();
  });

  it('merges live bars and reloads after a gap', async () => {
    const history = bars(NOW - 100 * 3600, 100);
    const { f, push } = feed(history);
    const h = mountChart(document.createElement('div'), {
      symbol: 'BTC_USDT',
      datafeed: f,
      store: memory(),
      options,
      locale: 'en',
      labels: { buy: 'B', sell: 'S', mark: 'M', tpsl: 'T' },
      now: () => NOW,
    });
    await flush();
    const last = history[99].time;
    push({ time: last + 3600, open: 1.5, high: 3, low: 1, close: 2.5, volume: 1 });
    expect(fake.last!.store.length).toBe(101);
    push({ time: last + 5 * 3600, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    await flush();
    expect(f.getBars).toHaveBeenCalledTimes(2);
    h.destroy();
  });

  it('resets to the defaults and forgets the saved layout', async () => {
    const store = memory();
    const { f } = feed(bars(NOW - 100 * 3600, 100));
    const h = mountChart(document.createElement('div'), {
      symbol: 'ETH_USDT',
      datafeed: f,
      store,
      options,
      locale: 'en',
      labels: { buy: 'B', sell: 'S', mark: 'M', tpsl: 'T' },
      now: () => NOW,
    });
    await flush();
    h.setIndicator('TD', []);
    h.setResolution('15');
    await flush();
    expect(JSON.parse(store.data.get(layoutKey('ETH_USDT'))!)).toMatchObject({ resolution: '15', indicators: [{ type: 'MACD' }, { type: 'TD' }] });
    h.resetLayout();
    expect(store.data.has(layoutKey('ETH_USDT'))).toBe(false);
    expect(h.layout()).toMatchObject({ resolution: '60', indicators: [{ type: 'MACD', inputs: [12, 26, 9] }] });
    h.destroy();
  });

  describe('with the first load asked for before mounting', () => {
    const labels = { buy: 'B', sell: 'S', mark: 'M', tpsl: 'T' };
    type Mount = Pick<MountDeps, 'symbol' | 'datafeed' | 'store' | 'prefetched' | 'onState' | 'onFirstBars'>;
    const mountPrefetched = (m: Mount) => mountChart(document.createElement('div'), { ...m, options, locale: 'en', labels, now: () => NOW });

    it('draws the prefetched bars in the task after the chart is made: no call of its own for the same symbol and resolution', async () => {
      const store = memory();
      const { f } = feed(bars(NOW - 150 * 3600, 150));
      const prefetched = prefetchFirstLoad(f, 'BTC_USDT', store, options, NOW);
      expect(prefetched.resolution).toBe(options.defaultResolution);
      await prefetched.bars;
      const h = mountPrefetched({ symbol: 'BTC_USDT', datafeed: f, store, prefetched });
      expect(fake.last!.store.length).toBe(0); // the mount's task made the chart only
      await flush(); // this task was queued before the one the bars wait for
      await flush();
      expect(fake.last!.store.length).toBe(100);
      expect(f.getBars).toHaveBeenCalledTimes(1);
      h.setResolution('15');
      await flush();
      expect(f.getBars).toHaveBeenCalledTimes(2);
      expect(f.getBars.mock.calls[1][1]).toBe('15');
      h.destroy();
    });

    it("makes the chart with the symbol's precisions when the prefetched info is in, and with defaults before", async () => {
      const { f } = feed(bars(NOW - 150 * 3600, 150));
      const precisions = () => [fake.last!.cfg.pricePrecision, fake.last!.cfg.qtyPrecision];
      const early = prefetchFirstLoad(f, 'BTC_USDT', memory(), options, NOW);
      mountPrefetched({ symbol: 'BTC_USDT', datafeed: f, store: memory(), prefetched: early }).destroy();
      expect(precisions()).toEqual([2, 4]);
      const prefetched = prefetchFirstLoad(f, 'BTC_USDT', memory(), options, NOW);
      await prefetched.symbolInfo;
      expect(prefetched.info?.pricePrecision).toBe(1);
      mountPrefetched({ symbol: 'BTC_USDT', datafeed: f, store: memory(), prefetched }).destroy();
      expect(precisions()).toEqual([1, 4]);
      // Another symbol's info is not this one's.
      mountPrefetched({ symbol: 'ETH_USDT', datafeed: f, store: memory(), prefetched }).destroy();
      expect(precisions()).toEqual([2, 4]);
    });

    it('calls onFirstBars once, in the task that sets the first bars and before them, not in the chart-making task', async () => {
      const { f } = feed(bars(NOW - 150 * 3600, 150));
      const prefetched = prefetchFirstLoad(f, 'BTC_USDT', memory(), options, NOW);
      await prefetched.bars;
      const barsAtCall: number[] = [];
      const h = mountPrefetched({ symbol: 'BTC_USDT', datafeed: f, store: memory(), prefetched, onFirstBars: () => barsAtCall.push(fake.last!.store.length) });
      expect(barsAtCall).toEqual([]);
      await flush();
      await flush();
      expect(barsAtCall).toEqual([0]);
      expect(fake.last!.store.length).toBe(100);
      h.setResolution('15');
      await flush();
      expect(f.getBars).toHaveBeenCalledTimes(2);
      expect(barsAtCall).toEqual([0]);
      h.destroy();
    });

    it('calls onFirstBars with the first bars of a later load when the first one failed', async () => {
      const { f } = feed(bars(NOW - 150 * 3600, 150));
      f.getBars.mockRejectedValueOnce(new Error('down'));
      const calls: string[] = [];
      const h = mountPrefetched({
        symbol: 'BTC_USDT',
        datafeed: f,
        store: memory(),
        onFirstBars: () => calls.push('first bars'),
        onState: (s) => calls.push(s.status),
      });
      await flush();
      expect(calls).toEqual(['error']);
      h.setResolution('15');
      await flush();
      expect(calls).toEqual(['error', 'loading', 'first bars', 'ready']);
      h.destroy();
    });

    it('asks for the saved resolution, and loads anew when the prefetch was for another symbol', async () => {
      const store = memory();
      store.set(
        layoutKey('BTC_USDT'),
        JSON.stringify({ v: 1, resolution: '1D', indicators: [], overlays: { volume: true, liquidation: false }, paneHeights: [], visible: null, savedAt: 1 }),
      );
      const { f } = feed(bars(NOW - 100 * 86400, 100));
      const prefetched = prefetchFirstLoad(f, 'BTC_USDT', store, options, NOW);
      expect(prefetched.resolution).toBe('1D');
      const h = mountPrefetched({ symbol: 'ETH_USDT', datafeed: f, store, prefetched });
      await flush();
      expect(f.getBars).toHaveBeenCalledTimes(2);
      expect(f.getBars.mock.calls[1][0]).toBe('ETH_USDT');
      h.destroy();
    });

    it('shows a failed prefetch as a failed load', async () => {
      const { f } = feed([]);
      f.getBars.mockRejectedValue(new Error('down'));
      const prefetched = prefetchFirstLoad(f, 'BTC_USDT', memory(), options, NOW);
      const states: string[] = [];
      const h = mountPrefetched({ symbol: 'BTC_USDT', datafeed: f, store: memory(), prefetched, onState: (s) => states.push(s.status) });
      await flush();
      expect(states.at(-1)).toBe('error');
      expect(f.getBars).toHaveBeenCalledTimes(1);
      h.destroy();
    });
  });
});
