import { describe, expect, it } from 'vitest';
import { defaultSbPointOptions } from './options';
import { toMarkers } from './renderer';

const minute = (t: number) => Math.floor(t / 60) * 60;
const pt = (time: number, type: 'buy' | 'sell', quantity: number) => ({ time, type, price: 100, quantity, symbol: 'BTC_USDT', rawTimestamp: time * 1000 });

describe('sb points to markers', () => {
  it('merges fills of one side in one bar and sorts by time', () => {
    const m = toMarkers([pt(185, 'sell', 1), pt(61, 'buy', 0.25), pt(119, 'buy', 0.5), pt(130, 'buy', 2)], defaultSbPointOptions, minute);
    expect(m.map((x) => [x.time, x.position, x.shape, x.text])).toEqual([
      [60, 'belowBar', 'arrowUp', 'B 0.75'],
      [120, 'belowBar', 'arrowUp', 'B 2'],
      [180, 'aboveBar', 'arrowDown', 'S 1'],
    ]);
  });
  it('skips malformed points and keeps the newest when over the limit', () => {
    const m = toMarkers(
      [pt(Number.NaN, 'buy', 1), { ...pt(60, 'buy', 1), type: 'hold' as 'buy' }, pt(60, 'sell', 1), pt(120, 'sell', 1)],
      { ...defaultSbPointOptions, maxMarkers: 1, showQuantity: false },
      minute,
    );
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ time: 120, text: 'S' });
  });
});
