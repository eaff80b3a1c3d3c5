import { HistogramSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { BarStore } from '../feed/bar-store';
import { createLiquidation, type LiquidationApi } from '../primitives/liquidation/liquidation';
import type { ChartSkin } from '../skin/skin';
import type { LiquidationData } from '../types';
import { volumeData } from './series-data';

export interface OverlaySettings {
  buckets: number;
  markLabel: string;
}

/**
 * The two overlays on the price pane, each switched on and off: the volume histogram and the liquidation map.
 * `shownFrom` is the first bar the chart has been handed (history-deferral.ts).
 */
export function createOverlays(
  chart: IChartApi,
  candles: ISeriesApi<'Candlestick'>,
  store: BarStore,
  settings: OverlaySettings,
  skinOf: () => ChartSkin,
  shownFrom: () => number,
) {
  let volume: ISeriesApi<'Histogram'> | null = null;
  let liq: LiquidationApi | null = null;
  let liqData: LiquidationData | null = null;
  const setVolume = (on: boolean) => {
    if (on && !volume) {
      volume = chart.addSeries(HistogramSeries, { priceScaleId: 'vol', priceFormat: { type: 'volume' }, priceLineVisible: false, lastValueVisible: false }, 0);
      volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
      if (store.length) volume.setData(volumeData(store, skinOf(), shownFrom()));
    } else if (!on && volume) {
      chart.removeSeries(volume);
      volume = null;
    }
  };
  const setLiq = (on: boolean) => {
    if (on && !liq) {
      const skin = skinOf();
      liq = createLiquidation(candles, {
        buckets: settings.buckets,
        shortColor: skin.up,
        longColor: skin.down,
        markColor: skin.brand,
        markLabel: settings.markLabel,
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
    set(o: { volume: boolean; liquidation: boolean }) {
      setVolume(o.volume);
      setLiq(o.liquidation);
    },
    setLiquidationData(data: LiquidationData | null) {
      liqData = data;
      liq?.setData(data);
    },
  };
}

export type Overlays = ReturnType<typeof createOverlays>;
