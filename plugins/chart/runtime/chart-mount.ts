import type { ChartDatafeed } from '../feed/datafeed';
import { nextBarStart, parseResolution } from '../feed/resolution';
import { defaultInputs, type IndicatorType } from '../indicators/inputs';
import { clearLayout, defaultLayout, loadLayout, saveLayout, type ChartLayout, type KeyValueStore } from '../layout/layout-store';
import type { ChartPluginOptions } from '../plugin-options';
import { buildSkin, readBodySkin, type ChartSkin } from '../skin/skin';
import { resolveTimeZone } from '../time/timezone';
import type { LiquidationData, PositionLine, SbPoint, SymbolInfo } from '../types';
import type { Resolution } from '../constants';
import { startAutosave } from './autosave';
import { createChartRuntime, type ChartRuntime, type RuntimeConfig, type RuntimeLabels } from './chart-runtime';

export type ChartStatus = 'loading' | 'ready' | 'empty' | 'error' | 'unknown-symbol';

export interface ChartState {
  status: ChartStatus;
  layout: ChartLayout;
  symbolInfo: SymbolInfo | null;
}

export interface MountDeps {
  symbol: string;
  datafeed: ChartDatafeed;
  store: KeyValueStore;
  options: ChartPluginOptions;
  locale: string;
  labels: RuntimeLabels;
  /** Element whose classes carry theme and rise colour (default document.body). */
  body?: HTMLElement;
  onState?: (state: ChartState) => void;
  now?: () => number;
}

/** What the widget can ask of a mounted chart. */
export interface ChartHandle {
  readonly runtime: ChartRuntime;
  layout(): ChartLayout;
  setResolution(r: Resolution): void;
  /** Adds (with inputs), updates or removes an indicator pane. */
  setIndicator(type: IndicatorType, inputs: number[] | null): void;
  setOverlay(key: keyof ChartLayout['overlays'], on: boolean): void;
  resetLayout(): void;
  setLines(lines: PositionLine[]): void;
  setMarks(points: SbPoint[] | null): void;
  setLiquidation(data: LiquidationData | null): void;
  save(): void;
  destroy(): void;
}

/** The runtime's configuration for a layout: skin, time zone, locale, resolution, panes and overlays. */
function runtimeConfigOf(deps: MountDeps, layout: ChartLayout, skin: ChartSkin): RuntimeConfig {
  return {
    skin,
    timeZone: resolveTimeZone(deps.options.fallbackTimeZone),
    locale: deps.locale,
    resolution: layout.resolution,
    pricePrecision: 2,
    qtyPrecision: 4,
    indicators: layout.indicators,
    overlays: layout.overlays,
    liquidationBuckets: deps.options.liquidationBuckets,
    labels: deps.labels,
  };
}

type IndicatorList = ChartLayout['indicators'];

/**
 * The indicator list and pane heights after adding (with inputs), updating or removing (`inputs` null) one indicator;
 * null when there is nothing to remove. A new pane gets a third of the price pane's height (at least 60).
 */
function indicatorChange(
  indicators: IndicatorList,
  paneHeights: () => number[],
  type: IndicatorType,
  inputs: number[] | null,
): { list: IndicatorList; heights: number[] } | null {
  const index = indicators.findIndex((i) => i.type === type);
  const list = [...indicators];
  if (!inputs) {
    if (index < 0) return null;
    list.splice(index, 1);
    return { list, heights: paneHeights().filter((_, i) => i !== index + 1) };
  }
  if (index >= 0) {
    list[index] = { type, inputs };
    return { list, heights: paneHeights() };
  }
  list.push({ type, inputs });
  const h = paneHeights();
  return { list, heights: [...h, Math.max(60, Math.round((h[0] ?? 300) / 3))] };
}

/** Back to the default bar spacing and right margin, scrolled to the latest bar. */
function resetTimeScale(runtime: ChartRuntime): void {
  runtime.chart.timeScale().applyOptions({ barSpacing: 7, rightOffset: 6 });
  runtime.chart.timeScale().scrollToRealTime();
}

/**
 * Mounts the chart of one symbol: restores its saved layout, loads bars, follows the live stream, loads
 * older bars on scrolling left, follows theme changes, and saves the layout (auto-save, unload, theme change).
 */
export function mountChart(container: HTMLElement, deps: MountDeps): ChartHandle {
  const { symbol, datafeed, store, options } = deps;
  const now = deps.now ?? (() => Date.now() / 1000);
  const body = deps.body ?? document.body;
  const fresh = () => defaultLayout(options.defaultResolution, options.defaultIndicators, defaultInputs);
  let layout: ChartLayout = loadLayout(store, symbol) ?? fresh();
  let status: ChartStatus = 'loading';
  let info: SymbolInfo | null = null;
  let gen = 0;
  let dirty = false;
  let loadingOlder = false;
  let exhausted = false;
  let stopLive: (() => void) | null = null;
  let externalMarks: SbPoint[] | null = null;
  let destroyed = false;

  const skinOf = () => {
    const s = readBodySkin(body);
    return buildSkin(s.theme, s.rise, options.brandColor);
  };
  const emit = () => deps.onState?.({ status, layout, symbolInfo: info });
  const setStatus = (s: ChartStatus) => {
    status = s;
    emit();
  };

  const runtime = createChartRuntime(container, {
    ...runtimeConfigOf(deps, layout, skinOf()),
    onNearLeftEdge: () => void loadOlder(),
    onViewChange: () => (dirty = true),
  });

  const save = () => {
    if (destroyed || status !== 'ready') return;
    layout = { ...layout, ...runtime.view() };
    saveLayout(store, symbol, layout);
    dirty = false;
  };

  const loadMarks = async (g: number) => {
    if (externalMarks || !runtime.store.length) return;
    const points = await datafeed.getMarks(symbol, runtime.store.time[0], now()).catch(() => []);
    if (g === gen && !externalMarks) runtime.setMarks(points);
  };

  const load = async () => {
    const g = ++gen;
    stopLive?.();
    stopLive = null;
    exhausted = false;
    setStatus('loading');
    try {
      if (!info) {
        info = await datafeed.resolveSymbol(symbol);
        if (g !== gen) return;
        if (!info) return setStatus('unknown-symbol');
        runtime.setPrecision(info.pricePrecision, info.qtyPrecision);
      }
      const res = await datafeed.getBars(symbol, layout.resolution, { to: now(), countBack: options.initialBars });
      if (g !== gen) return;
      runtime.setBars(res.bars);
      if (!res.bars.length) return setStatus(res.noData ? 'empty' : 'error');
      exhausted = res.noData || res.bars.length < options.initialBars;
      runtime.applyView(layout.visible);
      setStatus('ready');
      const res1 = parseResolution(layout.resolution)!;
      stopLive = datafeed.subscribeBars(symbol, layout.resolution, (bar) => {
        if (g !== gen) return;
        const n = runtime.store.length;
        // A live bar beyond the next one means bars were missed (sleep, lost connection): reload instead.
        if (n && bar.time > nextBarStart(runtime.store.time[n - 1], res1)) void load();
        else runtime.upsertBar(bar);
      });
      void loadMarks(g);
    } catch {
      if (g === gen) setStatus('error');
    }
  };

  async function loadOlder() {
    if (loadingOlder || exhausted || status !== 'ready' || !runtime.store.length) return;
    loadingOlder = true;
    const g = gen;
    try {
      const res = await datafeed.getBars(symbol, layout.resolution, { to: runtime.store.time[0], countBack: options.historyPageBars });
      if (g !== gen) return;
      const added = res.bars.length ? runtime.prependBars(res.bars) : 0;
      if (added === 0 || res.noData || res.bars.length < options.historyPageBars) exhausted = true;
      if (added) void loadMarks(g);
    } catch {
      /* try again on the next scroll */
    } finally {
      loadingOlder = false;
    }
  }

  const stopAutosave = startAutosave({ body, autoSaveMs: options.autoSaveMs, isDirty: () => dirty, save, onSkinChange: () => runtime.setSkin(skinOf()) });
  void load();

  return {
    runtime,
    layout: () => layout,
    setResolution(r) {
      if (r === layout.resolution) return;
      save();
      layout = { ...layout, resolution: r };
      runtime.setResolution(r);
      void load().then(save);
    },
    setIndicator(type, inputs) {
      const change = indicatorChange(layout.indicators, () => runtime.view().paneHeights, type, inputs);
      if (!change) return;
      layout = { ...layout, indicators: change.list };
      runtime.setIndicators(change.list, change.heights);
      emit();
      save();
    },
    setOverlay(key, on) {
      layout = { ...layout, overlays: { ...layout.overlays, [key]: on } };
      runtime.setOverlays(layout.overlays);
      emit();
      save();
    },
    resetLayout() {
      clearLayout(store, symbol);
      const next = fresh();
      const resolutionChanged = next.resolution !== layout.resolution;
      layout = next;
      runtime.setIndicators(layout.indicators);
      runtime.setOverlays(layout.overlays);
      if (resolutionChanged) {
        runtime.setResolution(layout.resolution);
        void load();
      } else {
        resetTimeScale(runtime);
        emit();
      }
    },
    setLines: (lines) => runtime.setLines(lines),
    setMarks(points) {
      externalMarks = points;
      if (points) runtime.setMarks(points);
      else void loadMarks(gen);
    },
    setLiquidation: (d) => runtime.setLiquidation(d),
    save,
    destroy() {
      save();
      destroyed = true;
      gen++;
      stopLive?.();
      stopAutosave();
      runtime.destroy();
    },
  };
}
