import type { OrderType, Side, SymbolKind } from './constants';

/** One OHLCV bar; `time` in UTC seconds (bar open). */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** What the chart needs to know about a symbol. */
export interface SymbolInfo {
  /** Exchange name, BASE_QUOTE (BTC_USDT). */
  symbol: string;
  base: string;
  quote: string;
  kind: SymbolKind;
  /** Display name (Bitcoin). */
  description: string;
  /** Decimals of prices. */
  pricePrecision: number;
  /** Decimals of quantities. */
  qtyPrecision: number;
  /** First bar time (UTC seconds): no history before it. */
  listedAt: number;
  /** Latest price, where a reply carries one (search results). */
  lastPrice?: number;
}

/** A buy/sell marker (spec 001 §3 "SB point"). */
export interface SbPoint {
  /** Bar time it belongs to (UTC seconds). */
  time: number;
  type: 'buy' | 'sell';
  price: number;
  quantity: number;
  symbol: string;
  /** Fill time in ms, as the trading back end sent it. */
  rawTimestamp: number;
}

/** Per-button tooltips of a position or order row. */
interface LineTooltips {
  close?: string;
  tpsl?: string;
  reverse?: string;
  body?: string;
}

/** Callbacks of a position or order row. */
interface LineCallbacks {
  onClose?: (id: string) => void;
  onTpsl?: (id: string) => void;
  onReverse?: (id: string) => void;
  /** An order line was dragged to a new price (positions are not draggable). */
  onMove?: (id: string, price: number) => void;
}

/** A position or order line (spec 001 §3 "chart position line"). */
export interface PositionLine {
  id: string;
  type: OrderType;
  side?: Side;
  avgPrice: number;
  visible: boolean;
  sideText: string;
  pnlText?: string;
  pnlValue?: number;
  qtyText?: string;
  qty?: number;
  tpslText?: string;
  showCloseButton?: boolean;
  showTPSLButton?: boolean;
  showReverseButton?: boolean;
  tooltips?: LineTooltips;
  callbacks?: LineCallbacks;
}

/** One price level of the liquidation map (spec 001 §3). */
export interface LiquidationLevel {
  price: number;
  short_liq_usd_new: number;
  long_liq_usd_new: number;
}

/** Liquidation data of a symbol: the mark price and estimated liquidation amounts by price. */
export interface LiquidationData {
  mark_price: number;
  levels: LiquidationLevel[];
}
