/** The mounted chart's state and what mounting needs (chart-mount.ts mounts; chart-session.ts runs one symbol). */
import type { ChartDatafeed } from '../feed/datafeed';
import type { ChartLayout, KeyValueStore } from '../layout/layout-store';
import type { ChartPluginOptions } from '../plugin-options';
import type { SymbolInfo } from '../types';
import type { RuntimeLabels } from './chart-runtime';
import type { PrefetchedLoad } from '../feed/first-load';

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
  /** The first load's calls, already asked for (`prefetchFirstLoad`): taken when symbol and resolution match. */
  prefetched?: PrefetchedLoad;
  /**
   * Called once, just before the chart's first bars are set (in the same task): what the chart should draw with them
   * (the page's lines, marks, liquidation map) set then is drawn in the bars' frame, and not made in the chart's task.
   */
  onFirstBars?: () => void;
}
