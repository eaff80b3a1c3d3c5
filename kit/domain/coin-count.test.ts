import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinCount, coinCountText, coinCountValues, DEFAULT_COIN_COUNT } from './coin-count';

describe('coin count (site settings currency_count)', () => {
  it('takes a whole count from 1 to 100000, else the documented 2700', () => {
    expect(coinCount({ currency_count: '3800' })).toBe(3800);
    expect(coinCount({ currency_count: ' 42 ' })).toBe(42);
    for (const bad of ['', '0', '-5', '3.8k', '1e4', '999999', 'NaN', '<b>1</b>']) expect(coinCount({ currency_count: bad })).toBe(DEFAULT_COIN_COUNT);
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = coinCount({ currency_count: s });
        expect(Number.isInteger(n) && n >= 1 && n <= 100_000).toBe(true);
      }),
    );
  });

  it("is written grouped by Intl in the page's language", () => {
    expect(coinCountText(3800, 'en')).toBe('3,800');
    expect(coinCountText(3800, 'de')).toBe('3.800');
    expect(coinCountText(3800, 'fr')).toBe('3\u202f800');
    expect(coinCountText(3800, 'not a tag!!')).toBe('3,800');
    expect(coinCountValues({ currency_count: '3800' }, 'vi')).toEqual({ count: 3800, coins: '3.800' });
    expect(coinCountValues({ currency_count: 'x' }, 'en')).toEqual({ count: 2700, coins: '2,700' });
  });
});
