import { OrderType, POSITION_PADDING, POSITION_ROW_HEIGHT, Side } from '../../constants';
import type { PositionLine } from '../../types';

/** Options of the order/position line primitive (source name: order_line_widget). */
export interface OrderLineOptions {
  /** Row height in CSS px (spec 001 §9: 24). */
  rowHeight: number;
  /** Gap between a row and the price axis in CSS px (spec 001 §9: 40). */
  padding: number;
  /** Horizontal padding inside each text cell. */
  cellPadding: number;
  font: string;
  /** Decimals of the price shown on the axis and passed to onMove. */
  pricePrecision: number;
  colors: { buy: string; sell: string; takeProfit: string; stopLoss: string; text: string; panel: string; border: string; up: string; down: string };
  /** Texts of the buttons (translated by the caller). */
  labels: { tpsl: string; reverse: string; close: string };
}

export const defaultOrderLineOptions: OrderLineOptions = {
  rowHeight: POSITION_ROW_HEIGHT,
  padding: POSITION_PADDING,
  cellPadding: 6,
  font: '12px -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif',
  pricePrecision: 2,
  colors: {
    buy: '#20b26c',
    sell: '#ef454a',
    takeProfit: '#20b26c',
    stopLoss: '#ef454a',
    text: '#1f2329',
    panel: '#ffffff',
    border: '#e5e6eb',
    up: '#20b26c',
    down: '#ef454a',
  },
  labels: { tpsl: 'TP/SL', reverse: '⇅', close: '×' },
};

/** Colour of a line: take-profit and stop-loss have their own, others follow the side. */
export function lineColor(line: PositionLine, o: OrderLineOptions): string {
  if (line.type === OrderType.TakeProfit) return o.colors.takeProfit;
  if (line.type === OrderType.StopLoss) return o.colors.stopLoss;
  return line.side === Side.Sell ? o.colors.sell : o.colors.buy;
}

/** Orders can be dragged to a new price; positions cannot. */
export function isDraggable(line: PositionLine): boolean {
  return line.type !== OrderType.Position && typeof line.callbacks?.onMove === 'function';
}

/** Shallow-merges options, colours and labels included. */
export function mergeOrderLineOptions(base: OrderLineOptions, patch: Partial<OrderLineOptions>): OrderLineOptions {
  return { ...base, ...patch, colors: { ...base.colors, ...patch.colors }, labels: { ...base.labels, ...patch.labels } };
}
