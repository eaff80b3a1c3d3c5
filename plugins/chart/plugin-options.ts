import type { Resolution } from './constants';
import type { IndicatorType } from './indicators/inputs';

/** The chart plugin's options (schema.json; defaults there). */
export interface ChartPluginOptions {
  /** Resolution of a symbol without a saved layout. */
  defaultResolution: Resolution;
  /** Symbols the chart offers (search results are limited to them). */
  symbols: string[];
  /** Symbol shown when the URL names none or an unknown one. */
  defaultSymbol: string;
  /** Brand colour (crosshair labels, indicator lines, mark price). */
  brandColor: string;
  /** Auto-save period of the layout, in ms. */
  autoSaveMs: number;
  /** Time zone when the browser's cannot be used. */
  fallbackTimeZone: string;
  /** Price buckets of the liquidation heat indicator. */
  liquidationBuckets: number;
  /** Debounce of the symbol search, in ms. */
  symbolSearchDelayMs: number;
  /** Indicators of a symbol without a saved layout. */
  defaultIndicators: IndicatorType[];
  /** Bars loaded first, and per page when scrolling back. */
  initialBars: number;
  historyPageBars: number;
  /** With the fake API: show its demo position, orders and fills (with working buttons) to logged-in users. */
  demoTrading: boolean;
  /** The trading overlay's back-end endpoints (the user's positions and orders; the liquidation map). */
  overlay: {
    /** GET ?symbol= → `{ code: 0, data: { list: [{ id, side, avgPrice, qty, pnlValue }] } }`. */
    positionsPath: string;
    /** GET ?symbol= → `{ code: 0, data: { list: [{ id, type, side, price, qty }] } }`. */
    ordersPath: string;
    /** GET ?symbol= → `{ code: 0, data: { mark_price, levels: [{ price, short_liq_usd_new, long_liq_usd_new }] } }`. */
    liquidationPath: string;
    /** How often positions, orders and the liquidation map are refreshed, in ms. */
    refreshMs: number;
  };
}

/** Defaults (the same as schema.json's), for embedding the chart outside the plugin. */
export const DEFAULT_CHART_OPTIONS: ChartPluginOptions = {
  defaultResolution: '60',
  symbols: ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'GT_USDT', 'DOGE_USDT', 'XRP_USDT', 'TON_USDT', 'PEPE_USDT', 'MOODENG_USDT'],
  defaultSymbol: 'BTC_USDT',
  brandColor: '#2354e6',
  autoSaveMs: 10000,
  fallbackTimeZone: 'Asia/Shanghai',
  liquidationBuckets: 24,
  symbolSearchDelayMs: 1000,
  defaultIndicators: ['MACD'],
  initialBars: 500,
  historyPageBars: 500,
  demoTrading: true,
  overlay: { positionsPath: '/api/web/v1/chart/positions', ordersPath: '/api/web/v1/chart/orders', liquidationPath: '/api/web/v1/chart/liquidation', refreshMs: 15000 },
};
