/**
 * Chart benchmark page: the same 1-minute candles with MACD and KDJ, drawn through the plugin's chart runtime
 * or through bare lightweight-charts (indicator values precomputed, outside the timing). Driven by tools/bench/chart.ts.
 * Opened as `?floor`, it draws by itself what the trade page's chart shows first on a phone (its default layout: the
 * latest 500 bars, volume and MACD), through bare lightweight-charts at the trade page's chart size: the page
 * Lighthouse measures beside the trade page (tools/bench/lighthouse-pages.ts).
 */
import { CandlestickSeries, createChart, HistogramSeries, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { computeKdj } from '../indicators/kdj';
import { computeMacd } from '../indicators/macd';
import { createChartRuntime } from '../runtime/chart-runtime';
import { buildSkin, withAlpha } from '../skin/skin';
import { makeBars } from './bars';

/** Milliseconds from creating the chart to its first frame, and until it holds every bar. */
interface BenchTimes {
  firstFrame: number;
  allBars: number;
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));

async function plugin(n: number): Promise<BenchTimes> {
  const bars = makeBars(n);
  const el = document.getElementById('chart')!;
  const t0 = performance.now();
  const rt = createChartRuntime(el, {
    skin: buildSkin('light', 'green'),
    timeZone: 'UTC',
    locale: 'en',
    resolution: '1',
    pricePrecision: 2,
    qtyPrecision: 4,
    indicators: [
      { type: 'MACD', inputs: [12, 26, 9] },
      { type: 'KDJ', inputs: [9, 3, 3] },
    ],
    overlays: { volume: true, liquidation: false },
    liquidationBuckets: 24,
    labels: { buy: 'B', sell: 'S', mark: 'Mark', tpsl: 'TP/SL' },
  });
  rt.setBars(bars);
  await nextFrame();
  const firstFrame = performance.now() - t0;
  // Older bars are handed over when the browser is idle (runtime/history-deferral.ts): time that too.
  const candles = rt.chart.panes()[0].getSeries()[0];
  while (candles.data().length < n) await new Promise((r) => setTimeout(r, 5));
  await nextFrame();
  return { firstFrame, allBars: performance.now() - t0 };
}

/** The trade page's chart on a phone: its size (CSS pixels), bars loaded when it opens, and default layout. */
const TRADE_FLOOR = { width: '100%', height: '458px', bars: 500, kdj: false } as const;

async function bare(n: number, kdj = true): Promise<BenchTimes> {
  const b = makeBars(n);
  const skin = buildSkin('light', 'green');
  const m = computeMacd(b.c, n, { fast: 12, slow: 26, signal: 9 });
  const k = kdj ? computeKdj(b.h, b.l, b.c, n, { period: 9, kSmooth: 3, dSmooth: 3 }) : null;
  const time = (i: number) => b.t[i] as UTCTimestamp;
  const line = (v: Float64Array) => Array.from({ length: n }, (_, i) => ({ time: time(i), value: v[i] }));
  const up = withAlpha(skin.up, 0.35),
    down = withAlpha(skin.down, 0.35),
    hu = withAlpha(skin.up, 0.8),
    hd = withAlpha(skin.down, 0.8);
  const candles = Array.from({ length: n }, (_, i) => ({ time: time(i), open: b.o[i], high: b.h[i], low: b.l[i], close: b.c[i] }));
  const volume = Array.from({ length: n }, (_, i) => ({ time: time(i), value: b.v[i], color: b.c[i] >= b.o[i] ? up : down }));
  const hist = Array.from({ length: n }, (_, i) => ({ time: time(i), value: m.hist[i], color: m.hist[i] >= 0 ? hu : hd }));
  const lines = [line(m.dif), line(m.dea), ...(k ? [line(k.k), line(k.d), line(k.j)] : [])];
  const el = document.getElementById('chart')!;
  const t0 = performance.now();
  const chart = createChart(el, { autoSize: true, timeScale: { timeVisible: true } });
  chart
    .addSeries(CandlestickSeries, { upColor: skin.up, downColor: skin.down, wickUpColor: skin.up, wickDownColor: skin.down, borderVisible: false })
    .setData(candles);
  const vol = chart.addSeries(HistogramSeries, { priceScaleId: 'vol', priceFormat: { type: 'volume' } }, 0);
  vol.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
  vol.setData(volume);
  chart.addSeries(HistogramSeries, {}, 1).setData(hist);
  lines.forEach((data, i) => chart.addSeries(LineSeries, { lineWidth: 1, priceLineVisible: false }, i < 2 ? 1 : 2).setData(data));
  chart.panes().forEach((p, i) => p.setStretchFactor(i === 0 ? 3 : 1));
  await nextFrame();
  const firstFrame = performance.now() - t0;
  return { firstFrame, allBars: firstFrame };
}

declare global {
  interface Window {
    chartBench: (mode: 'plugin' | 'bare', n: number) => Promise<BenchTimes>;
  }
}
window.chartBench = (mode, n) => (mode === 'plugin' ? plugin(n) : bare(n));

if (new URLSearchParams(location.search).has('floor')) {
  const el = document.getElementById('chart')!;
  Object.assign(el.style, { width: TRADE_FLOOR.width, height: TRADE_FLOOR.height });
  // As on the trade page, the bars come after the page has loaded.
  addEventListener('load', () => setTimeout(() => void bare(TRADE_FLOOR.bars, TRADE_FLOOR.kdj)));
}
