import type { LiquidationLevel } from '../../types';

/** One price bucket of the heat map, amounts in USD. */
export interface LiquidationBucket {
  low: number;
  high: number;
  short: number;
  long: number;
}

/**
 * Sums liquidation levels into `count` equal price buckets spanning the levels and the mark price.
 * Levels with non-finite or negative values are ignored.
 */
export function bucketize(levels: readonly LiquidationLevel[], markPrice: number, count: number): LiquidationBucket[] {
  const valid = levels.filter((l) => Number.isFinite(l.price) && l.price > 0 && l.short_liq_usd_new >= 0 && l.long_liq_usd_new >= 0);
  if (!valid.length || count < 1) return [];
  let min = Number.isFinite(markPrice) && markPrice > 0 ? markPrice : valid[0].price;
  let max = min;
  for (const l of valid) {
    if (l.price < min) min = l.price;
    if (l.price > max) max = l.price;
  }
  if (max === min) {
    min *= 0.995;
    max *= 1.005;
  }
  const step = (max - min) / count;
  const out = Array.from({ length: count }, (_, i) => ({ low: min + i * step, high: min + (i + 1) * step, short: 0, long: 0 }));
  for (const l of valid) {
    const b = out[Math.min(count - 1, Math.floor((l.price - min) / step))];
    b.short += l.short_liq_usd_new;
    b.long += l.long_liq_usd_new;
  }
  return out;
}
