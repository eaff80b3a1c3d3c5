/** Options of the buy/sell markers (source name: sb_point_widget). */
export interface SbPointOptions {
  buyColor: string;
  sellColor: string;
  /** Letters put before the quantity (translated by the caller). */
  buyText: string;
  sellText: string;
  /** Show the summed quantity beside the letter (on markers that carry labels: `grouping.ts`). */
  showQuantity: boolean;
  /** Decimals of the quantity text. */
  qtyPrecision: number;
  /** Marker size multiplier of lightweight-charts. */
  size: number;
  /** Markers handed to the chart at once, the visible ones: beyond this many, the oldest are dropped. */
  maxMarkers: number;
}

export const defaultSbPointOptions: SbPointOptions = {
  buyColor: '#20b26c',
  sellColor: '#ef454a',
  buyText: 'B',
  sellText: 'S',
  showQuantity: true,
  qtyPrecision: 4,
  size: 1,
  maxMarkers: 500,
};
