import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeKdj, type KdjInputs } from './kdj';
import { computeMacd, type MacdInputs } from './macd';
import { extremeScratch, suffixExtremes } from './rolling-extreme';
import { computeTd } from './td-sequential';

/** OHLC columns of one generated series. */
interface Series {
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
}

/** Builds bars from closes: each opens at the previous close, wicks stretched by the given fractions. */
function fromCloses(closes: number[], wicks: Array<[number, number]>): Series {
  const n = closes.length;
  const s = { h: new Float64Array(n), l: new Float64Array(n), c: Float64Array.from(closes) };
  for (let i = 0; i < n; i++) {
    const open = i > 0 ? closes[i - 1] : closes[i];
    const [up, down] = wicks[i] ?? [0, 0];
    s.h[i] = Math.max(open, closes[i]) * (1 + up);
    s.l[i] = Math.min(open, closes[i]) * (1 - down);
  }
  return s;
}

const price = fc.double({ min: 1e-8, max: 1e7, noNaN: true, noDefaultInfinity: true });
const wick = fc.tuple(fc.double({ min: 0, max: 0.05, noNaN: true }), fc.double({ min: 0, max: 0.05, noNaN: true }));

/**
 * Whole-tick prices trending up and down in stretches (so setups reach 9 and countdowns 13), where equal highs,
 * lows and closes (the ties of every comparison) are common.
 */
const ticks = fc
  .array(fc.tuple(fc.constantFrom(-1, 1), fc.array(fc.tuple(fc.integer({ min: -1, max: 2 }), fc.constantFrom(0, 0.01)), { minLength: 8, maxLength: 30 })), {
    maxLength: 8,
  })
  .map((stretches) => {
    let p = 200;
    const bars = stretches.flatMap(([direction, steps]) => steps.map(([step, w]) => [(p = Math.max(1, p + direction * step)), w] as const));
    return fromCloses(
      bars.map(([close]) => close),
      bars.map(([, w]) => [w, w]),
    );
  });

/** Flat series, tick-level prices, random walks with occasional price gaps, unrelated random prices; 0 to 300 bars. */
const cleanSeries: fc.Arbitrary<Series> = fc.oneof(
  ticks,
  fc.tuple(price, fc.nat({ max: 40 })).map(([p, n]) => fromCloses(Array(n).fill(p), [])),
  fc.tuple(price, fc.array(fc.tuple(fc.double({ min: -0.02, max: 0.02, noNaN: true }), fc.boolean(), wick), { maxLength: 300 })).map(([start, steps]) => {
    let p = start;
    const closes = steps.map(([step, gap]) => (p = p * (1 + step) * (gap ? 1.5 : 1)));
    return fromCloses(
      closes,
      steps.map(([, , w]) => w),
    );
  }),
  fc.array(fc.tuple(price, wick), { maxLength: 60 }).map((bars) =>
    fromCloses(
      bars.map(([p]) => p),
      bars.map(([, w]) => w),
    ),
  ),
);

/**
 * The series above, a fifth of them with NaN written into some highs, lows or closes. The datafeed drops such bars,
 * but the fast versions still give what the definitions give (NaN spreads the same way).
 */
const series: fc.Arbitrary<Series> = fc.oneof(
  { weight: 4, arbitrary: cleanSeries },
  {
    weight: 1,
    arbitrary: fc
      .tuple(cleanSeries, fc.array(fc.tuple(fc.nat(), fc.constantFrom('h', 'l', 'c') as fc.Arbitrary<keyof Series>), { maxLength: 4 }))
      .map(([s, holes]) => {
        for (const [at, column] of holes) if (s.c.length) s[column][at % s.c.length] = NaN;
        return s;
      }),
  },
);

/** KDJ straight from its definition: scan the window of every bar. */
function naiveKdj({ h, l, c }: Series, { period, kSmooth, dSmooth }: KdjInputs) {
  const k: number[] = [],
    d: number[] = [],
    j: number[] = [];
  let pk = 50,
    pd = 50;
  for (let i = 0; i < c.length; i++) {
    const window = { h: Array.from(h.subarray(Math.max(0, i - period + 1), i + 1)), l: Array.from(l.subarray(Math.max(0, i - period + 1), i + 1)) };
    const hh = Math.max(...window.h),
      ll = Math.min(...window.l);
    const rsv = hh === ll ? 50 : ((c[i] - ll) / (hh - ll)) * 100;
    pk = ((kSmooth - 1) * pk + rsv) / kSmooth;
    pd = ((dSmooth - 1) * pd + pk) / dSmooth;
    k.push(pk);
    d.push(pd);
    j.push(3 * pk - 2 * pd);
  }
  return { k, d, j };
}

/** MACD from its definition: EMAs seeded with the first close, DEA with the first DIF (0). */
function naiveMacd(c: Float64Array, { fast, slow, signal }: MacdInputs) {
  const ema = (xs: number[], span: number) => xs.reduce<number[]>((acc, x, i) => [...acc, i === 0 ? x : acc[i - 1] + (2 / (span + 1)) * (x - acc[i - 1])], []);
  const closes = Array.from(c);
  const fastEma = ema(closes, fast),
    slowEma = ema(closes, slow);
  const dif = closes.map((_, i) => fastEma[i] - slowEma[i]);
  const dea = ema(dif, signal);
  return { dif, dea, hist: dif.map((x, i) => x - dea[i]) };
}

/** TD Sequential from its rules, one bar at a time with plain variables. */
function naiveTd({ h, l, c }: Series) {
  const r = {
    buySetup: [] as number[],
    sellSetup: [] as number[],
    buyCountdown: [] as number[],
    sellCountdown: [] as number[],
    buyState: [] as number[],
    sellState: [] as number[],
  };
  let buy = 0,
    sell = 0,
    buyCount = -1,
    sellCount = -1;
  for (let i = 0; i < c.length; i++) {
    buy = i >= 4 && c[i] < c[i - 4] ? (buy === 9 ? 1 : buy + 1) : 0;
    sell = i >= 4 && c[i] > c[i - 4] ? (sell === 9 ? 1 : sell + 1) : 0;
    if (buy === 9) [buyCount, sellCount] = [Math.max(buyCount, 0), -1];
    if (sell === 9) [sellCount, buyCount] = [Math.max(sellCount, 0), -1];
    const buyCounts = buyCount >= 0 && i >= 2 && c[i] <= l[i - 2];
    const sellCounts = sellCount >= 0 && i >= 2 && c[i] >= h[i - 2];
    r.buyCountdown.push(buyCounts ? ++buyCount : 0);
    r.sellCountdown.push(sellCounts ? ++sellCount : 0);
    if (buyCount === 13) buyCount = -1;
    if (sellCount === 13) sellCount = -1;
    r.buySetup.push(buy);
    r.sellSetup.push(sell);
    r.buyState.push(buyCount);
    r.sellState.push(sellCount);
  }
  return r;
}

const first = (a: ArrayLike<number>, n: number) => Array.from(a).slice(0, n);

describe('fast indicators equal their definitions exactly', () => {
  it('suffix highest high and lowest low of the block before, any period (1 to 70 bars)', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 70 }), fc.nat(), ({ h, l }, period, pick) => {
        fc.pre(h.length >= period);
        // The start of any block after the first (each block's scratch is filled from the block before it).
        const start = period * (1 + (pick % Math.floor(h.length / period)));
        const scratch = extremeScratch(period);
        suffixExtremes(h, l, start, period, scratch);
        const block = (column: Float64Array, x: number) => Array.from(column.subarray(start - period + x, start));
        const want = Array.from({ length: period }, (_, x) => [Math.max(...block(h, x)), Math.min(...block(l, x))]).flat();
        expect(first(scratch, 2 * period)).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it('KDJ', () => {
    // Periods from 1 to the input limit (2000), so that many series are shorter than one period.
    const period = fc.oneof(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 2000 }));
    const inputs = fc.record({ period, kSmooth: fc.integer({ min: 1, max: 2000 }), dSmooth: fc.integer({ min: 1, max: 2000 }) });
    fc.assert(
      fc.property(series, inputs, fc.nat({ max: 8 }), (s, inp, spare) => {
        const n = s.c.length;
        // Buffers larger than the series, as the chart keeps them: only the first n values are read.
        const out = { k: new Float64Array(n + spare), d: new Float64Array(n + spare), j: new Float64Array(n + spare) };
        const got = computeKdj(s.h, s.l, s.c, n, inp, out);
        const want = naiveKdj(s, inp);
        expect([first(got.k, n), first(got.d, n), first(got.j, n)]).toEqual([want.k, want.d, want.j]);
      }),
      { numRuns: 300 },
    );
  });

  it('MACD', () => {
    const span = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 2000 }));
    const inputs = fc.record({ fast: span, slow: span, signal: fc.integer({ min: 1, max: 50 }) });
    fc.assert(
      fc.property(series, inputs, (s, inp) => {
        const n = s.c.length;
        const got = computeMacd(s.c, n, inp);
        const want = naiveMacd(s.c, inp);
        expect([first(got.dif, n), first(got.dea, n), first(got.hist, n)]).toEqual([want.dif, want.dea, want.hist]);
      }),
      { numRuns: 300 },
    );
  });

  it('TD Sequential', () => {
    fc.assert(
      fc.property(series, (s) => {
        const n = s.c.length;
        const got = computeTd(s.h, s.l, s.c, n);
        const want = naiveTd(s);
        expect([got.buySetup, got.sellSetup, got.buyCountdown, got.sellCountdown, got.buyState, got.sellState].map((a) => first(a, n))).toEqual([
          want.buySetup,
          want.sellSetup,
          want.buyCountdown,
          want.sellCountdown,
          want.buyState,
          want.sellState,
        ]);
      }),
      { numRuns: 300 },
    );
  });
});
