import { LIQUIDATION_BUCKETS } from '../../constants';

/** Options of the liquidation heat indicator (source name: liquidation_amount_indicator). */
export interface LiquidationOptions {
  /** Price buckets (spec 001 §9: 24). */
  buckets: number;
  /** Longest bar as a share of the pane width. */
  maxWidthRatio: number;
  /** Colour of short liquidations (above the mark price). */
  shortColor: string;
  /** Colour of long liquidations (below the mark price). */
  longColor: string;
  markColor: string;
  /** Label of the mark price line (translated by the caller). */
  markLabel: string;
  font: string;
}

export const defaultLiquidationOptions: LiquidationOptions = {
  buckets: LIQUIDATION_BUCKETS,
  maxWidthRatio: 0.16,
  shortColor: '#20b26c',
  longColor: '#ef454a',
  markColor: '#2354e6',
  markLabel: 'Mark',
  font: '11px -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif',
};
