import type { IChartApi } from 'lightweight-charts';
import type { BarStore } from '../feed/bar-store';
import type { MarkerView } from '../primitives/sb-point/sb-point';

/** Index of the store's bar starting at `time`, or of the next bar when there is none (`store.length` past the last). */
function barIndex(store: BarStore, time: number): number {
  let lo = 0;
  let hi = store.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (store.time[mid] < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The buy/sell markers' view of the chart: positions are store indices (the chart's logical indices start at
 * `shownFrom()`, the first bar it has been handed), texts are measured in the chart's font, and what is drawn is
 * written on `container` as `data-markers`, `data-marker-spacing` (px) and `data-marker-labels`.
 */
export function createMarkerView(chart: IChartApi, store: BarStore, shownFrom: () => number, container: HTMLElement): MarkerView {
  let ctx: CanvasRenderingContext2D | null | undefined;
  return {
    barSpacing: () => chart.timeScale().options().barSpacing,
    indexOf: (time) => barIndex(store, time),
    visible() {
      const r = chart.timeScale().getVisibleLogicalRange();
      return r && { from: r.from + shownFrom(), to: r.to + shownFrom() };
    },
    textWidth(text) {
      const { fontSize, fontFamily } = chart.options().layout;
      ctx ??= document.createElement('canvas').getContext('2d');
      if (!ctx) return text.length * fontSize;
      ctx.font = `${fontSize}px ${fontFamily}`;
      return ctx.measureText(text).width;
    },
    extremes: (i) => (i >= 0 && i < store.length ? { high: store.high[i], low: store.low[i] } : null),
    subscribe(cb) {
      const scale = chart.timeScale();
      scale.subscribeVisibleLogicalRangeChange(cb);
      return () => scale.unsubscribeVisibleLogicalRangeChange(cb);
    },
    drawn(count, spacingPx, labels) {
      container.dataset.markers = String(count);
      container.dataset.markerSpacing = String(Math.floor(spacingPx));
      container.dataset.markerLabels = String(labels);
    },
  };
}
