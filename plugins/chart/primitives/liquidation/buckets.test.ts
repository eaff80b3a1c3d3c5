import { describe, expect, it } from 'vitest';
import { bucketize } from './buckets';

const lvl = (price: number, s: number, l: number) => ({ price, short_liq_usd_new: s, long_liq_usd_new: l });

describe('liquidation buckets', () => {
  it('makes 24 equal buckets over the levels and sums amounts', () => {
    const levels = Array.from({ length: 49 }, (_, i) => lvl(88 + i * 0.5, i >= 24 ? 1000 : 0, i < 24 ? 2000 : 0));
    const b = bucketize(levels, 100, 24);
    expect(b).toHaveLength(24);
    expect(b[0].low).toBe(88);
    expect(b[23].high).toBeCloseTo(112, 9);
    expect(b.reduce((s, x) => s + x.short, 0)).toBe(25 * 1000);
    expect(b.reduce((s, x) => s + x.long, 0)).toBe(24 * 2000);
    expect(b[23].short).toBeGreaterThan(0);
    expect(b[0].long).toBeGreaterThan(0);
  });
  it('ignores bad levels and handles a single price', () => {
    expect(bucketize([], 100, 24)).toEqual([]);
    const b = bucketize([lvl(100, 5, 7), lvl(NaN, 1, 1), lvl(100, -1, 0)], 100, 4);
    expect(b).toHaveLength(4);
    expect(b.reduce((s, x) => s + x.short + x.long, 0)).toBe(12);
  });
});
