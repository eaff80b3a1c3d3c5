import { describe, expect, it } from 'vitest';
import { BarStore } from './bar-store';

const bar = (time: number, close = 10) => ({ time, open: close, high: close + 1, low: close - 1, close, volume: 1 });

describe('BarStore', () => {
  it('updates the live bar, appends newer bars, ignores older ones', () => {
    const s = new BarStore();
    s.setAll([bar(60), bar(120)]);
    expect(s.upsert(bar(120, 11))).toBe('update');
    expect(s.upsert(bar(180, 12))).toBe('append');
    expect(s.upsert(bar(60, 1))).toBe('ignored');
    expect(s.length).toBe(3);
    expect(Array.from(s.close.subarray(0, 3))).toEqual([10, 11, 12]);
  });
  it('grows past its capacity', () => {
    const s = new BarStore();
    s.setAll([]);
    for (let i = 1; i <= 1000; i++) s.upsert(bar(i * 60, i));
    expect(s.length).toBe(1000);
    expect(s.at(999)).toMatchObject({ time: 60000, close: 1000 });
  });
  it('prepends older history and drops overlap', () => {
    const s = new BarStore();
    s.setAll({ t: [180, 240], o: [3, 4], h: [3, 4], l: [3, 4], c: [3, 4], v: [1, 1] });
    expect(s.prepend([bar(60, 1), bar(120, 2), bar(180, 99)])).toBe(2);
    expect(Array.from(s.time.subarray(0, s.length))).toEqual([60, 120, 180, 240]);
    expect(Array.from(s.close.subarray(0, s.length))).toEqual([1, 2, 3, 4]);
  });
});

describe('BarStore live merge', () => {
  it('keeps the live bar open and never shrinks its range', () => {
    const s = new BarStore();
    s.setAll([{ time: 60, open: 10, high: 12, low: 9, close: 11, volume: 1 }]);
    const next = { time: 60, open: 10.5, high: 11.5, low: 9.5, close: 11.2, volume: 2 };
    s.upsert(next);
    expect(s.at(0)).toEqual({ time: 60, open: 10, high: 12, low: 9, close: 11.2, volume: 2 });
    expect(next.high).toBe(12);
  });
});
