import type { IChartApi } from 'lightweight-charts';
import type { BarStore } from '../feed/bar-store';
import type { IndicatorType } from '../indicators/inputs';
import type { ChartSkin } from '../skin/skin';
import { createPaneIndicator, type PaneIndicator } from './indicator-panes';

/** Stretch factor of the price pane against 1 for each indicator pane. */
const MAIN_STRETCH = 3;

export type IndicatorSpec = { type: IndicatorType; inputs: number[] };

/** Stretch factors of the panes: the saved heights when they fit, else the price pane 3× each indicator pane. */
function stretchPanes(chart: IChartApi, heights?: number[]): void {
  const panes = chart.panes();
  const valid = heights && heights.length === panes.length && heights.every((h) => h > 0);
  panes.forEach((p, i) => p.setStretchFactor(valid ? heights[i] : i === 0 ? MAIN_STRETCH : 1));
}

/**
 * The indicator panes under the price pane, as one list: rebuilt on a new selection, computed once per new history,
 * shown from `shownFrom` (the first bar the chart has been handed, history-deferral.ts).
 */
export function createIndicatorSet(chart: IChartApi, store: BarStore, skinOf: () => ChartSkin, shownFrom: () => number) {
  let list: PaneIndicator[] = [];
  return {
    /** Replaces the panes (new selection), with their data when there are bars. */
    build(specs: IndicatorSpec[], priceDecimals: number, heights?: number[]) {
      list.forEach((i) => i.remove());
      list = specs.map((spec, i) => createPaneIndicator(chart, spec.type, spec.inputs, i + 1, skinOf()));
      list.forEach((i) => i.setPrecision(priceDecimals));
      if (store.length) list.forEach((i) => i.setAll(store, shownFrom()));
      stretchPanes(chart, heights);
    },
    /** Recomputes on new history and hands the bars from `from` on. */
    setAll: (from: number) => list.forEach((i) => i.setAll(store, from)),
    /** Hands the computed values from `from` on (no recompute). */
    show: (from: number) => list.forEach((i) => i.show(store, from)),
    updateAt: (i: number) => list.forEach((ind) => ind.updateAt(store, i)),
    applySkin: (skin: ChartSkin) => list.forEach((i) => i.applySkin(skin, store)),
    setPrecision: (price: number) => list.forEach((i) => i.setPrecision(price)),
    remove: () => list.forEach((i) => i.remove()),
  };
}

export type IndicatorSet = ReturnType<typeof createIndicatorSet>;
