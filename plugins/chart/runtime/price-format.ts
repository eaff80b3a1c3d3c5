import type { PriceFormatCustom } from 'lightweight-charts';
import { formatNumber } from '../../../kit/domain/format';

/** Most decimals a price label shows (lightweight-charts' own limit is far above any symbol's precision). */
const MAX_DECIMALS = 16;

const decimals = (precision: number) => (Number.isInteger(precision) ? Math.min(MAX_DECIMALS, Math.max(0, precision)) : 2);

/** A price as the chart's labels write it: `precision` decimals, a run of 7+ zeros in the notation of spec 000 §5. */
export function chartPriceText(price: number, precision: number): string {
  return formatNumber(price, decimals(precision));
}

/**
 * The price format of a series whose values are prices: price-axis labels, the last-value and crosshair labels go
 * through `chartPriceText` (lightweight-charts' custom `formatter`), so a price of 0.000000012 reads `0.0{7}12`.
 * Per series, not the chart-wide `localization.priceFormatter`, which would also rewrite the volume scale.
 */
export function chartPriceFormat(precision: number): PriceFormatCustom {
  const d = decimals(precision);
  return { type: 'custom', minMove: 10 ** -d, formatter: (price: number) => formatNumber(price, d) };
}
