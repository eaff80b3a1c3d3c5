/** Business constants of the price chart (spec 001 §3 and §9). */

/** Every resolution the chart offers, in toolbar order (spec 001 §9). */
export const RESOLUTIONS = [
  '1S',
  '10S',
  '30S',
  '1',
  '3',
  '5',
  '15',
  '30',
  '60',
  '120',
  '240',
  '360',
  '480',
  '720',
  '1D',
  '2D',
  '3D',
  '5D',
  '1W',
  '1M',
] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Default resolution: one hour. */
export const DEFAULT_RESOLUTION: Resolution = '60';
/** Price buckets of the liquidation heat indicator. */
export const LIQUIDATION_BUCKETS = 24;
/** Height of one position/order row, in CSS px. */
export const POSITION_ROW_HEIGHT = 24;
/** Horizontal padding between a position row and the price axis, in CSS px. */
export const POSITION_PADDING = 40;
/** Default brand colour of the chart (blue, the shell's --brand). */
export const DEFAULT_BRAND_COLOR = '#2354e6';
/** Time zone used when the browser's cannot be read or is not supported. */
export const FALLBACK_TIME_ZONE = 'Asia/Shanghai';
/** TD Sequential counts: setup to 9, countdown to 13. */
export const TD_SETUP_COUNT = 9;
export const TD_COUNTDOWN_COUNT = 13;

/** Order types (spec 001 §3). */
export const OrderType = { Limit: 0, Market: 1, Stop: 2, TrailingLimit: 3, Position: 4, TakeProfit: 5, StopLoss: 6 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

/** Order and position sides. */
export const Side = { Buy: 1, Sell: -1 } as const;
export type Side = (typeof Side)[keyof typeof Side];

/** Symbol kinds: PILOT, SPOT and memebox (alpha). */
export const SYMBOL_KINDS = ['PILOT', 'SPOT', 'memebox'] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** Fake-API (and default datafeed) endpoints. */
export const CHART_API = {
  config: '/api/web/v1/chart/config',
  symbol: '/api/web/v1/chart/symbol',
  search: '/api/web/v1/chart/search',
  bars: '/api/web/v1/chart/bars',
  marks: '/api/web/v1/chart/marks',
  stream: '/api/web/v1/chart/stream',
  positions: '/api/web/v1/chart/positions',
  orders: '/api/web/v1/chart/orders',
  orderMove: '/api/web/v1/chart/orders/move',
  liquidation: '/api/web/v1/chart/liquidation',
} as const;
