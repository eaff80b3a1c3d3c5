import type { SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import type { FillGroup, Side } from './grouping';
import type { SbPointOptions } from './options';

/** The label of a marker: the side's letter, with the summed quantity when `showQuantity`. */
export function markerText(type: Side, qty: number, o: SbPointOptions): string {
  const letter = type === 'buy' ? o.buyText : o.sellText;
  return o.showQuantity ? `${letter} ${trimZeros(qty.toFixed(o.qtyPrecision))}` : letter;
}

/**
 * One series marker per group: buys below the bar (arrow up), sells above (arrow down); bare arrows without `labels`,
 * and for the groups whose indexes `unlabelled` holds.
 */
export function groupMarkers(groups: readonly FillGroup[], o: SbPointOptions, labels = true, unlabelled?: ReadonlySet<number>): SeriesMarker<Time>[] {
  return groups.map((m, i) => {
    const buy = m.type === 'buy';
    return {
      id: `${m.type}-${m.time}`,
      time: m.time as UTCTimestamp,
      position: buy ? 'belowBar' : 'aboveBar',
      shape: buy ? 'arrowUp' : 'arrowDown',
      color: buy ? o.buyColor : o.sellColor,
      size: o.size,
      ...(labels && !unlabelled?.has(i) ? { text: markerText(m.type, m.qty, o) } : {}),
    } satisfies SeriesMarker<Time>;
  });
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
