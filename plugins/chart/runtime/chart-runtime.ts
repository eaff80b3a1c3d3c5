import {
  CandlestickSeries,
  createChart,
  CrosshairMode,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { BarStore, type BarColumns } from '../feed/bar-store';
import { barStart, parseResolution, type ParsedResolution } from '../feed/resolution';
import type { IndicatorType } from '../indicators/inputs';
import type { Resolution } from '../constants';
import { createLiquidation, type LiquidationApi } from '../primitives/liquidation/liquidation';
import { createOrderLines, type OrderLinesApi } from '../primitives/order-line/order-line';
import { createSbPoints, type SbPointsApi } from '../primitives/sb-point/sb-point';
import type { ChartSkin } from '../skin/skin';
import { chartFormatters } from '../time/timezone';
import type { Bar, LiquidationData, PositionLine, SbPoint } from '../types';
import { createPaneIndicator, type PaneIndicator } from './indicator-panes';
import { candleColors, candleData, skinOptions, volumeColor, volumeData } from './series-data';
import { chartPriceFormat } from './price-format';

/** Translated texts painted on the canvas. */
export interface RuntimeLabels {
  buy: string;
  sell: string;
  mark: string;
  tpsl: string;
}

export interface RuntimeConfig {
  skin: ChartSkin;
  timeZone: string;
  locale: string;
  resolution: Resolution;
  pricePrecision: number;
  qtyPrecision: number;
  indicators: Array<{ type: IndicatorType; inputs: number[] }>;
  overlays: { volume: boolean; liquidation: boolean };
  liquidationBuckets: number;
  labels: RuntimeLabels;
  /** Called (at most once per range change) when fewer than `edgeBars` bars are left of the view. */
  onNearLeftEdge?: () => void;
  /** Zoom or scroll changed. */
  onViewChange?: () => void;
  edgeBars?: number;
}

/** The chart of one symbol and resolution: lightweight-charts, indicator panes and the custom sources. */
export interface ChartRuntime {
  readonly chart: IChartApi;
  readonly store: BarStore;
  setBars(bars: readonly Bar[] | BarColumns): void;
  prependBars(bars: readonly Bar[]): number;
  upsertBar(bar: Bar): void;
  setResolution(resolution: Resolution): void;
  setIndicators(list: Array<{ type: IndicatorType; inputs: number[] }>, paneHeights?: number[]): void;
  setOverlays(o: { volume: boolean; liquidation: boolean }): void;
  setSkin(skin: ChartSkin): void;
  setPrecision(price: number, qty: number): void;
  setLines(lines: PositionLine[]): void;
  setMarks(points: SbPoint[]): void;
  setLiquidation(data: LiquidationData | null): void;
  /** Pane heights (price pane first) and the view relative to the last bar. */
  view(): { paneHeights: number[]; visible: { bars: number; rightOffset: number } | null };
  applyView(visible: { bars: number; rightOffset: number } | null): void;
  destroy(): void;
}

const MAIN_STRETCH = 3;

/** The lightweight-charts chart with the skin, the 11 px font, the normal crosshair and the locale's time formats. */
function createBaseChart(
  container: HTMLElement,
  cfg: RuntimeConfig,
  skin: ChartSkin,
  res: ParsedResolution,
  fmt: () => ReturnType<typeof chartFormatters>,
): IChartApi {
  return createChart(container, {
    autoSize: true,
    ...skinOptions(skin),
    layout: { ...skinOptions(skin).layout, fontSize: 11, attributionLogo: true },
    crosshair: { ...skinOptions(skin).crosshair, mode: CrosshairMode.Normal },
    localization: { locale: cfg.locale, timeFormatter: (t: Time) => fmt().time(t) },
    timeScale: {
      ...skinOptions(skin).timeScale,
      timeVisible: true,
      secondsVisible: res.unit === 'second',
      rightOffset: 6,
      barSpacing: 7,
      tickMarkFormatter: (t: Time, type: number) => fmt().tick(t, type),
    },
  });
}

/**
 * Watches the visible range: reports every change, and asks once for older bars when fewer than `edgeBars` are
 * left of the view (again only after the view moved away from the edge, or after `reset`).
 */
function edgeWatcher(cfg: RuntimeConfig, store: BarStore): { onRange: (range: LogicalRange | null) => void; reset: () => void } {
  let edgeAsked = false;
  return {
    onRange(range) {
      cfg.onViewChange?.();
      if (!range || !store.length) return;
      if (range.from < (cfg.edgeBars ?? 30)) {
        if (!edgeAsked) {
          edgeAsked = true;
          cfg.onNearLeftEdge?.();
        }
      } else edgeAsked = false;
    },
    reset: () => (edgeAsked = false),
  };
}

/** Order-line colours of a skin. */
const lineColors = (skin: ChartSkin) => ({
  buy: skin.up,
  sell: skin.down,
  takeProfit: skin.up,
  stopLoss: skin.down,
  up: skin.up,
  down: skin.down,
  text: skin.text,
  panel: skin.panel,
  border: skin.border,
});

/** Stretch factors of the panes: the saved heights when they fit, else the price pane 3× each indicator pane. */
function stretchPanes(chart: IChartApi, heights?: number[]): void {
  const panes = chart.panes();
  const valid = heights && heights.length === panes.length && heights.every((h) => h > 0);
  panes.forEach((p, i) => p.setStretchFactor(valid ? heights[i] : i === 0 ? MAIN_STRETCH : 1));
}

/** The two overlays on the price pane, each switched on and off: the volume histogram and the liquidation map. */
function createOverlays(chart: IChartApi, candles: ISeriesApi<'Candlestick'>, store: BarStore, cfg: RuntimeConfig, skinOf: () => ChartSkin) {
  let volume: ISeriesApi<'Histogram'> | null = null;
  let liq: LiquidationApi | null = null;
  let liqData: LiquidationData | null = null;
  const setVolume = (on: boolean) => {
    if (on && !volume) {
      volume = chart.addSeries(HistogramSeries, { priceScaleId: 'vol', priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 0);
      volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
      if (store.length) volume.setData(volumeData(store, skinOf()));
    } else if (!on && volume) {
      chart.removeSeries(volume);
      volume = null;
    }
  };
  const setLiq = (on: boolean) => {
    if (on && !liq) {
      const skin = skinOf();
      liq = createLiquidation(candles, {
        buckets: cfg.liquidationBuckets,
        shortColor: skin.up,
        longColor: skin.down,
        markColor: skin.brand,
        markLabel: cfg.labels.mark,
      });
      liq.setData(liqData);
    } else if (!on && liq) {
      liq.detach();
      liq = null;
    }
  };
  return {
    get volume() {
      return volume;
    },
    get liquidation() {
      return liq;
    },
    set(o: RuntimeConfig['overlays']) {
      setVolume(o.volume);
      setLiq(o.liquidation);
    },
    setLiquidationData(data: LiquidationData | null) {
      liqData = data;
      liq?.setData(data);
    },
  };
}

/** Creates the chart in `container` (which must have a size); the canvas stays left-to-right. */
export function createChartRuntime(container: HTMLElement, cfg: RuntimeConfig): ChartRuntime {
  let skin = cfg.skin;
  let res: ParsedResolution = parseResolution(cfg.resolution)!;
  let fmt = chartFormatters(res.unit, cfg.timeZone, cfg.locale);
  const chart = createBaseChart(container, cfg, skin, res, () => fmt);
  const store = new BarStore();
  const candles: ISeriesApi<'Candlestick'> = chart.addSeries(CandlestickSeries, { ...candleColors(skin), priceLineVisible: true });
  let indicators: PaneIndicator[] = [];
  let pricePrecision = cfg.pricePrecision;

  const lines: OrderLinesApi = createOrderLines(chart, candles, { pricePrecision, labels: { tpsl: cfg.labels.tpsl, reverse: '⇅', close: '×' } });
  const sb: SbPointsApi = createSbPoints(candles, (t) => barStart(t, res), {
    buyText: cfg.labels.buy,
    sellText: cfg.labels.sell,
    buyColor: skin.up,
    sellColor: skin.down,
    qtyPrecision: cfg.qtyPrecision,
  });

  const applyPrecision = () => candles.applyOptions({ priceFormat: chartPriceFormat(pricePrecision) });
  applyPrecision();

  const overlays = createOverlays(chart, candles, store, cfg, () => skin);
  overlays.set(cfg.overlays);
  const setStretch = (heights?: number[]) => stretchPanes(chart, heights);

  const buildIndicators = (list: RuntimeConfig['indicators'], heights?: number[]) => {
    indicators.forEach((i) => i.remove());
    indicators = list.map((spec, i) => createPaneIndicator(chart, spec.type, spec.inputs, i + 1, skin));
    indicators.forEach((i) => i.setPrecision(pricePrecision));
    if (store.length) indicators.forEach((i) => i.setAll(store));
    setStretch(heights);
  };
  buildIndicators(cfg.indicators);

  const edge = edgeWatcher(cfg, store);
  chart.timeScale().subscribeVisibleLogicalRangeChange(edge.onRange);

  const setAllData = () => {
    candles.setData(candleData(store));
    overlays.volume?.setData(volumeData(store, skin));
    indicators.forEach((i) => i.setAll(store));
  };

  return {
    chart,
    store,
    setBars(bars) {
      store.setAll(bars);
      edge.reset();
      setAllData();
    },
    prependBars(bars) {
      const added = store.prepend(bars);
      if (added) setAllData();
      edge.reset();
      return added;
    },
    upsertBar(bar) {
      const kind = store.upsert(bar);
      if (kind === 'ignored') return;
      const i = store.length - 1;
      const time = bar.time as UTCTimestamp;
      candles.update({ time, open: bar.open, high: bar.high, low: bar.low, close: bar.close });
      overlays.volume?.update({ time, value: bar.volume, color: volumeColor(store, i, skin) });
      indicators.forEach((ind) => ind.updateAt(store, i));
    },
    setResolution(next) {
      res = parseResolution(next)!;
      fmt = chartFormatters(res.unit, cfg.timeZone, cfg.locale);
      chart.applyOptions({ timeScale: { secondsVisible: res.unit === 'second' } });
      sb.setBarMapper((t) => barStart(t, res));
    },
    setIndicators(list, heights) {
      buildIndicators(list, heights);
    },
    setOverlays(o) {
      overlays.set({ ...o });
    },
    setSkin(next) {
      skin = next;
      chart.applyOptions(skinOptions(skin));
      candles.applyOptions(candleColors(skin));
      const volume = overlays.volume;
      if (volume && store.length) volume.setData(volumeData(store, skin));
      indicators.forEach((i) => i.applySkin(skin, store));
      sb.applyOptions({ buyColor: skin.up, sellColor: skin.down });
      overlays.liquidation?.applyOptions({ shortColor: skin.up, longColor: skin.down, markColor: skin.brand });
      lines.applyOptions({ colors: lineColors(skin) });
    },
    setPrecision(price, qty) {
      pricePrecision = price;
      applyPrecision();
      indicators.forEach((i) => i.setPrecision(price));
      lines.applyOptions({ pricePrecision: price });
      sb.applyOptions({ qtyPrecision: qty });
    },
    setLines: (l) => lines.setLines(l),
    setMarks: (p) => sb.setPoints(p),
    setLiquidation: (data) => overlays.setLiquidationData(data),
    view() {
      const paneHeights = chart.panes().map((p) => p.getHeight());
      const r = chart.timeScale().getVisibleLogicalRange();
      const visible = r && store.length ? { bars: Math.max(1, r.to - r.from), rightOffset: store.length - 1 - r.to } : null;
      return { paneHeights, visible };
    },
    applyView(visible) {
      if (!visible || !store.length) return;
      const to = store.length - 1 - visible.rightOffset;
      chart.timeScale().setVisibleLogicalRange({ from: to - visible.bars, to });
    },
    destroy() {
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(edge.onRange);
      indicators.forEach((i) => i.remove());
      lines.detach();
      sb.detach();
      overlays.liquidation?.detach();
      chart.remove();
    },
  };
}
