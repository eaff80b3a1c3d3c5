import type { IndicatorType } from '../indicators/inputs';
import { clearLayout, type ChartLayout } from '../layout/layout-store';
import type { LiquidationData, PositionLine, SbPoint } from '../types';
import type { Resolution } from '../constants';
import { startAutosave } from './autosave';
import type { ChartRuntime } from './chart-runtime';
import { ChartSession } from './chart-session';
import type { MountDeps } from './mount-types';

export type { ChartState, ChartStatus, MountDeps } from './mount-types';

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
  const chart = new ChartSession(container, deps);
  const stopAutosave = startAutosave({
    body: chart.body,
    autoSaveMs: deps.options.autoSaveMs,
    isDirty: () => chart.dirty,
    save: () => chart.save(),
    onSkinChange: () => chart.runtime.setSkin(chart.skin()),
  });
  void chart.load();
  return {
    runtime: chart.runtime,
    layout: () => chart.layout,
    ...layoutControls(chart, deps),
    setLines: (lines) => chart.runtime.setLines(lines),
    setMarks(points) {
      chart.externalMarks = points;
      if (points) chart.runtime.setMarks(points);
      else void chart.loadMarks(chart.gen);
    },
    setLiquidation: (d) => chart.runtime.setLiquidation(d),
    save: () => chart.save(),
    destroy() {
      chart.destroy();
      stopAutosave();
      chart.runtime.destroy();
    },
  };
}

/** The handle's layout changes: resolution, indicators, overlays and reset, each saved (or reloaded) as it applies. */
function layoutControls(chart: ChartSession, deps: MountDeps): Pick<ChartHandle, 'setResolution' | 'setIndicator' | 'setOverlay' | 'resetLayout'> {
  const { runtime } = chart;
  return {
    setResolution(r) {
      if (r === chart.layout.resolution) return;
      chart.save();
      chart.layout = { ...chart.layout, resolution: r };
      runtime.setResolution(r);
      void chart.load().then(() => chart.save());
    },
    setIndicator(type, inputs) {
      const change = indicatorChange(chart.layout.indicators, () => runtime.view().paneHeights, type, inputs);
      if (!change) return;
      chart.layout = { ...chart.layout, indicators: change.list };
      runtime.setIndicators(change.list, change.heights);
      chart.emit();
      chart.save();
    },
    setOverlay(key, on) {
      chart.layout = { ...chart.layout, overlays: { ...chart.layout.overlays, [key]: on } };
      runtime.setOverlays(chart.layout.overlays);
      chart.emit();
      chart.save();
    },
    resetLayout() {
      clearLayout(deps.store, deps.symbol);
      const next = chart.fresh();
      const resolutionChanged = next.resolution !== chart.layout.resolution;
      chart.layout = next;
      runtime.setIndicators(next.indicators);
      runtime.setOverlays(next.overlays);
      if (resolutionChanged) {
        runtime.setResolution(next.resolution);
        void chart.load();
      } else {
        resetTimeScale(runtime);
        chart.emit();
      }
    },
  };
}
