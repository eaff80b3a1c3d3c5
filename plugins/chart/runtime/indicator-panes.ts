import {
  createSeriesMarkers,
  createTextWatermark,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type ITextWatermarkPluginApi,
  type SeriesMarker,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { BarStore } from '../feed/bar-store';
import { computeKdj, kdjBuffers, updateKdjAt, type KdjResult } from '../indicators/kdj';
import { computeMacd, macdBuffers, updateMacdAt, type MacdResult } from '../indicators/macd';
import { computeTd, tdBuffers, updateTdAt, type TdResult } from '../indicators/td-sequential';
import type { IndicatorType } from '../indicators/inputs';
import { TD_COUNTDOWN_COUNT, TD_SETUP_COUNT } from '../constants';
import { withAlpha, type ChartSkin } from '../skin/skin';
import { chartPriceFormat } from './price-format';

type Point = { time: UTCTimestamp; value: number; color?: string };

/** One indicator drawn in its own pane: full compute on new history, one-bar recompute on live bars. */
export interface PaneIndicator {
  readonly type: IndicatorType;
  readonly inputs: number[];
  readonly series: ISeriesApi<SeriesType>[];
  /** Recomputes everything and replaces the series data with the bars from `from` on (all by default). */
  setAll(store: BarStore, from?: number): void;
  /** Replaces the series data with the computed values from `from` on, without recomputing. */
  show(store: BarStore, from: number): void;
  /** Recomputes bar `i` only (the live bar) and updates the series with it. */
  updateAt(store: BarStore, i: number): void;
  applySkin(skin: ChartSkin, store: BarStore): void;
  /** Decimals of price-valued indicators (MACD follows the symbol's price precision). */
  setPrecision(decimals: number): void;
  remove(): void;
}

const lineOpts = { lineWidth: 1 as const, priceLineVisible: false, lastValueVisible: true, crosshairMarkerRadius: 2 };
const noop = () => {};
/** MACD values are price differences: two more decimals than the price (zero-count notation like the prices). */
const priceFormat = (decimals: number) => chartPriceFormat(Math.min(decimals + 2, 12));

/** Values of bars `from`..end as line points. */
function points(store: BarStore, values: Float64Array, from: number): Point[] {
  const out = new Array<Point>(store.length - from);
  const t = store.time;
  for (let i = from; i < store.length; i++) out[i - from] = { time: t[i] as UTCTimestamp, value: values[i] };
  return out;
}

/** A pane label ("MACD(12,26,9)") in the top-left corner. */
function label(chart: IChartApi, paneIndex: number, text: string, skin: ChartSkin): ITextWatermarkPluginApi<Time> {
  return createTextWatermark(chart.panes()[paneIndex], { horzAlign: 'left', vertAlign: 'top', lines: [{ text, color: skin.muted, fontSize: 11 }] });
}

function kdj(chart: IChartApi, pane: number, inputs: number[], skin: ChartSkin): PaneIndicator {
  const cfg = { period: inputs[0], kSmooth: inputs[1], dSmooth: inputs[2] };
  const k = chart.addSeries(LineSeries, { ...lineOpts, title: 'K', color: skin.lines.k }, pane);
  const d = chart.addSeries(LineSeries, { ...lineOpts, title: 'D', color: skin.lines.d }, pane);
  const j = chart.addSeries(LineSeries, { ...lineOpts, title: 'J', color: skin.lines.j }, pane);
  const wm = label(chart, pane, `KDJ(${inputs.join(',')})`, skin);
  let out: KdjResult = kdjBuffers(0);
  const show = (s: BarStore, from: number) => {
    k.setData(points(s, out.k, from));
    d.setData(points(s, out.d, from));
    j.setData(points(s, out.j, from));
  };
  return {
    type: 'KDJ',
    inputs,
    series: [k, d, j],
    setAll(s, from = 0) {
      out = computeKdj(s.high, s.low, s.close, s.length, cfg, kdjBuffers(s.time.length, out));
      show(s, from);
    },
    show,
    updateAt(s, i) {
      out = growKeep(out, s.time.length, kdjBuffers);
      updateKdjAt(s.high, s.low, s.close, i, cfg, out);
      const time = s.time[i] as UTCTimestamp;
      k.update({ time, value: out.k[i] });
      d.update({ time, value: out.d[i] });
      j.update({ time, value: out.j[i] });
    },
    applySkin(sk) {
      k.applyOptions({ color: sk.lines.k });
      d.applyOptions({ color: sk.lines.d });
      j.applyOptions({ color: sk.lines.j });
      wm.applyOptions({ lines: [{ text: `KDJ(${inputs.join(',')})`, color: sk.muted, fontSize: 11 }] });
    },
    setPrecision: noop,
    remove() {
      wm.detach();
      [k, d, j].forEach((s) => chart.removeSeries(s));
    },
  };
}

function macd(chart: IChartApi, pane: number, inputs: number[], skin: ChartSkin): PaneIndicator {
  const cfg = { fast: inputs[0], slow: inputs[1], signal: inputs[2] };
  let sk = skin;
  const hist = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, title: 'MACD' }, pane);
  const dif = chart.addSeries(LineSeries, { ...lineOpts, title: 'DIF', color: skin.lines.dif }, pane);
  const dea = chart.addSeries(LineSeries, { ...lineOpts, title: 'DEA', color: skin.lines.dea }, pane);
  const wm = label(chart, pane, `MACD(${inputs.join(',')})`, skin);
  let out: MacdResult = macdBuffers(0);
  const up = () => withAlpha(sk.up, 0.8);
  const down = () => withAlpha(sk.down, 0.8);
  let shown = 0;
  const histData = (s: BarStore) => {
    const u = up(),
      dn = down();
    const data = new Array<Point>(s.length - shown);
    for (let i = shown; i < s.length; i++) data[i - shown] = { time: s.time[i] as UTCTimestamp, value: out.hist[i], color: out.hist[i] >= 0 ? u : dn };
    return data;
  };
  const show = (s: BarStore, from: number) => {
    shown = from;
    hist.setData(histData(s));
    dif.setData(points(s, out.dif, from));
    dea.setData(points(s, out.dea, from));
  };
  return {
    type: 'MACD',
    inputs,
    series: [hist, dif, dea],
    setAll(s, from = 0) {
      out = computeMacd(s.close, s.length, cfg, macdBuffers(s.time.length, out));
      show(s, from);
    },
    show,
    updateAt(s, i) {
      out = growKeep(out, s.time.length, macdBuffers);
      updateMacdAt(s.close, i, cfg, out);
      const time = s.time[i] as UTCTimestamp;
      hist.update({ time, value: out.hist[i], color: out.hist[i] >= 0 ? up() : down() });
      dif.update({ time, value: out.dif[i] });
      dea.update({ time, value: out.dea[i] });
    },
    applySkin(next, s) {
      sk = next;
      dif.applyOptions({ color: next.lines.dif });
      dea.applyOptions({ color: next.lines.dea });
      wm.applyOptions({ lines: [{ text: `MACD(${inputs.join(',')})`, color: next.muted, fontSize: 11 }] });
      if (s.length) hist.setData(histData(s));
    },
    setPrecision(decimals) {
      [hist, dif, dea].forEach((x) => x.applyOptions({ priceFormat: priceFormat(decimals) }));
    },
    remove() {
      wm.detach();
      [hist, dif, dea].forEach((x) => chart.removeSeries(x));
    },
  };
}

/** TD setup bar `i`: sell counts up, buy counts down; a completed 9 is opaque. */
function tdSetupPoint(out: TdResult, sk: ChartSkin, s: BarStore, i: number): Point {
  const sell = out.sellSetup[i];
  const buy = out.buySetup[i];
  return {
    time: s.time[i] as UTCTimestamp,
    value: sell ? sell : -buy,
    color: withAlpha(sell ? sk.up : sk.down, sell === TD_SETUP_COUNT || buy === TD_SETUP_COUNT ? 0.95 : 0.45),
  };
}

/** TD countdown bar `i`, faint behind the setup. */
function tdCountdownPoint(out: TdResult, sk: ChartSkin, s: BarStore, i: number): Point {
  const sell = out.sellCountdown[i];
  const buy = out.buyCountdown[i];
  return { time: s.time[i] as UTCTimestamp, value: sell ? sell : -buy, color: withAlpha(sell ? sk.up : sk.down, 0.25) };
}

/** Whether bar `i` completes a setup (9) or a countdown (13). */
const isTdMark = (out: TdResult, i: number) =>
  out.buySetup[i] === TD_SETUP_COUNT ||
  out.sellSetup[i] === TD_SETUP_COUNT ||
  out.buyCountdown[i] === TD_COUNTDOWN_COUNT ||
  out.sellCountdown[i] === TD_COUNTDOWN_COUNT;

/** The "9" and "13" markers of bar `i`. */
function tdMarkersAt(out: TdResult, sk: ChartSkin, s: BarStore, i: number): SeriesMarker<Time>[] {
  const time = s.time[i] as UTCTimestamp;
  const m: SeriesMarker<Time>[] = [];
  if (out.sellSetup[i] === TD_SETUP_COUNT) m.push({ time, position: 'aboveBar', shape: 'circle', color: sk.up, text: '9', size: 0.5 });
  if (out.buySetup[i] === TD_SETUP_COUNT) m.push({ time, position: 'belowBar', shape: 'circle', color: sk.down, text: '9', size: 0.5 });
  if (out.sellCountdown[i] === TD_COUNTDOWN_COUNT) m.push({ time, position: 'aboveBar', shape: 'square', color: sk.up, text: '13', size: 0.6 });
  if (out.buyCountdown[i] === TD_COUNTDOWN_COUNT) m.push({ time, position: 'belowBar', shape: 'square', color: sk.down, text: '13', size: 0.6 });
  return m;
}

function td(chart: IChartApi, pane: number, skin: ChartSkin): PaneIndicator {
  let sk = skin;
  const setup = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, title: 'Setup' }, pane);
  const countdown = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, title: 'Countdown' }, pane);
  const markers: ISeriesMarkersPluginApi<Time> = createSeriesMarkers(setup, [], { autoScale: true });
  const wm = label(chart, pane, 'TD Sequential', skin);
  let out: TdResult = tdBuffers(0);
  const setupPoint = (s: BarStore, i: number) => tdSetupPoint(out, sk, s, i);
  const cdPoint = (s: BarStore, i: number) => tdCountdownPoint(out, sk, s, i);
  const markerAt = (s: BarStore, i: number) => tdMarkersAt(out, sk, s, i);
  let list: SeriesMarker<Time>[] = [];
  let shown = 0;
  const paintAll = (s: BarStore) => {
    const a = new Array<Point>(s.length - shown);
    const b = new Array<Point>(s.length - shown);
    list = [];
    for (let i = shown; i < s.length; i++) {
      a[i - shown] = setupPoint(s, i);
      b[i - shown] = cdPoint(s, i);
      if (isTdMark(out, i)) list.push(...markerAt(s, i));
    }
    setup.setData(a);
    countdown.setData(b);
    markers.setMarkers(list);
  };
  return {
    type: 'TD',
    inputs: [],
    series: [setup, countdown],
    setAll(s, from = 0) {
      out = computeTd(s.high, s.low, s.close, s.length, tdBuffers(s.time.length, out));
      shown = from;
      paintAll(s);
    },
    show(s, from) {
      shown = from;
      paintAll(s);
    },
    updateAt(s, i) {
      out = growKeep(out, s.time.length, tdBuffers);
      updateTdAt(s.high, s.low, s.close, i, out);
      setup.update(setupPoint(s, i));
      countdown.update(cdPoint(s, i));
      const time = s.time[i];
      const next = [...list.filter((m) => m.time !== time), ...markerAt(s, i)];
      if (next.length !== list.length || markerAt(s, i).length) markers.setMarkers((list = next));
    },
    applySkin(next, s) {
      sk = next;
      wm.applyOptions({ lines: [{ text: 'TD Sequential', color: next.muted, fontSize: 11 }] });
      if (s.length) paintAll(s);
    },
    setPrecision: noop,
    remove() {
      markers.detach();
      wm.detach();
      [setup, countdown].forEach((x) => chart.removeSeries(x));
    },
  };
}

/** Keeps computed values when the store outgrows the buffers (a live append past capacity). */
function growKeep<T extends object>(prev: T, capacity: number, make: (n: number, prev?: T) => T): T {
  const next = make(capacity, prev);
  if (next === prev) return prev;
  for (const key of Object.keys(prev) as Array<keyof T>) (next[key] as unknown as Float64Array).set(prev[key] as unknown as Float64Array);
  return next;
}

/** Creates an indicator in pane `pane` (1 = first pane under the price pane). */
export function createPaneIndicator(chart: IChartApi, type: IndicatorType, inputs: number[], pane: number, skin: ChartSkin): PaneIndicator {
  if (type === 'KDJ') return kdj(chart, pane, inputs, skin);
  if (type === 'MACD') return macd(chart, pane, inputs, skin);
  return td(chart, pane, skin);
}
