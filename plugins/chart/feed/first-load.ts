/**
 * The first load's two calls (the symbol, the latest bars for the saved layout's resolution), asked for as soon as the
 * layout is known, while the chart code is still loading. The chart then has its bars when it is created, so its
 * first frames draw them instead of an empty chart that is drawn again when they arrive.
 */
import type { Resolution } from '../constants';
import type { BarsResult, ChartDatafeed } from './datafeed';
import { openingLayout, type KeyValueStore } from '../layout/layout-store';
import type { ChartPluginOptions } from '../plugin-options';
import type { SymbolInfo } from '../types';

export interface PrefetchedLoad {
  symbol: string;
  resolution: Resolution;
  symbolInfo: Promise<SymbolInfo | null>;
  bars: Promise<BarsResult>;
  /** The symbol's info once `symbolInfo` has resolved (the chart is then made with its precisions). */
  info?: SymbolInfo | null;
}

/** Starts the first load's calls for the resolution `store` holds for `symbol` (else the options' default). */
export function prefetchFirstLoad(
  datafeed: ChartDatafeed,
  symbol: string,
  store: KeyValueStore,
  options: ChartPluginOptions,
  now = Date.now() / 1000,
): PrefetchedLoad {
  const { resolution } = openingLayout(store, symbol, options);
  const load: PrefetchedLoad = {
    symbol,
    resolution,
    symbolInfo: datafeed.resolveSymbol(symbol),
    bars: datafeed.getBars(symbol, resolution, { to: now, countBack: options.initialBars }),
  };
  // A load that is never taken (the chart code failed, or the widget unmounted first) is no unhandled rejection; the
  // session awaiting these promises still sees their failure.
  load.symbolInfo.then(
    (info) => (load.info = info),
    () => {},
  );
  load.bars.catch(() => {});
  return load;
}
