import type { SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import type { SbPoint } from '../../types';
import type { SbPointOptions } from './options';

/**
 * Turns fills into series markers: fills of one side in one bar merge into one marker with the summed
 * quantity; buys sit below the bar (arrow up), sells above (arrow down). `barOf` maps a time to its bar start.
 */
export function toMarkers(points: readonly SbPoint[], o: SbPointOptions, barOf: (seconds: number) => number): SeriesMarker<Time>[] {
  const merged = new Map<string, { time: number; type: SbPoint['type']; qty: number; price: number }>();
  for (const p of points) {
    if (!Number.isFinite(p.time) || (p.type !== 'buy' && p.type !== 'sell')) continue;
    const time = barOf(p.time);
    const key = `${time}:${p.type}`;
    const m = merged.get(key);
    if (m) m.qty += p.quantity;
    else merged.set(key, { time, type: p.type, qty: p.quantity, price: p.price });
  }
  const list = [...merged.values()].sort((a, b) => a.time - b.time || (a.type === 'buy' ? -1 : 1)).slice(-o.maxMarkers);
  return list.map((m) => {
    const buy = m.type === 'buy';
    const letter = buy ? o.buyText : o.sellText;
    return {
      id: `${m.type}-${m.time}`,
      time: m.time as UTCTimestamp,
      position: buy ? 'belowBar' : 'aboveBar',
      shape: buy ? 'arrowUp' : 'arrowDown',
      color: buy ? o.buyColor : o.sellColor,
      size: o.size,
      text: o.showQuantity ? `${letter} ${trimZeros(m.qty.toFixed(o.qtyPrecision))}` : letter,
    } satisfies SeriesMarker<Time>;
  });
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
