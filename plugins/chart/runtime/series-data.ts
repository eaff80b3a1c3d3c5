import { ColorType, type CandlestickData, type HistogramData, type Time, type UTCTimestamp } from 'lightweight-charts';
import type { BarStore } from '../feed/bar-store';
import { withAlpha, type ChartSkin } from '../skin/skin';

/** Chart options that carry colours: what a theme change reapplies. */
export function skinOptions(s: ChartSkin) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: s.background },
      textColor: s.text,
      panes: { separatorColor: s.border, separatorHoverColor: withAlpha(s.brand, 0.3) },
    },
    grid: { vertLines: { color: s.grid }, horzLines: { color: s.grid } },
    crosshair: { vertLine: { color: s.crosshair, labelBackgroundColor: s.brand }, horzLine: { color: s.crosshair, labelBackgroundColor: s.brand } },
    rightPriceScale: { borderColor: s.border },
    timeScale: { borderColor: s.border },
  };
}

/** Candle colours of a skin (rise/fall follow red-rise or green-rise). */
export const candleColors = (s: ChartSkin) => ({
  upColor: s.up,
  downColor: s.down,
  borderUpColor: s.up,
  borderDownColor: s.down,
  wickUpColor: s.up,
  wickDownColor: s.down,
});

/** The store's bars from `from` on as candlestick data. */
export function candleData(store: BarStore, from = 0): CandlestickData<Time>[] {
  const out = new Array<CandlestickData<Time>>(store.length - from);
  const { time, open, high, low, close } = store;
  for (let i = from; i < store.length; i++) out[i - from] = { time: time[i] as UTCTimestamp, open: open[i], high: high[i], low: low[i], close: close[i] };
  return out;
}

/** Volume bars from `from` on, coloured by the candle's direction. */
export function volumeData(store: BarStore, skin: ChartSkin, from = 0): HistogramData<Time>[] {
  const out = new Array<HistogramData<Time>>(store.length - from);
  const up = withAlpha(skin.up, 0.35);
  const down = withAlpha(skin.down, 0.35);
  const { time, volume, open, close } = store;
  for (let i = from; i < store.length; i++) out[i - from] = { time: time[i] as UTCTimestamp, value: volume[i], color: close[i] >= open[i] ? up : down };
  return out;
}

/** The volume colour of bar `i`. */
export const volumeColor = (store: BarStore, i: number, skin: ChartSkin) => withAlpha(store.close[i] >= store.open[i] ? skin.up : skin.down, 0.35);
