import fc from 'fast-check';
import type { SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import type { SbPoint } from '../../types';
import { arrowWidth, groupByBar, labelBound, labelsThatMayMeet, mergeByBar, type BarExtremes, type Side } from './grouping';
import { defaultSbPointOptions, type SbPointOptions } from './options';
import { groupMarkers, markerText } from './renderer';

const BAR = 60;
const barOf = (t: number) => Math.floor(t / BAR) * BAR;
/** Label widths of the tests: a fixed width per character (8s as wide as any digit, as in chart fonts). */
const CHAR_PX = 6.5;
const width = (text: string) => text.length * CHAR_PX;

/** Fills over 400 one-minute bars: whole quantities (exact sums), some bars holding many. */
const fills: fc.Arbitrary<SbPoint[]> = fc.array(
  fc
    .record({
      time: fc.oneof(fc.integer({ min: 0, max: 400 * BAR - 1 }), fc.integer({ min: 100 * BAR, max: 110 * BAR })),
      type: fc.constantFrom<Side>('buy', 'sell'),
      quantity: fc.integer({ min: 1, max: 10 ** 7 }).map((q) => q / 10 ** 4),
    })
    .map((f) => ({ ...f, price: 100, symbol: 'BTC_USDT', rawTimestamp: f.time * 1000 })),
  { maxLength: 300 },
);

/** Bars as the chart holds them: every bar, or some missing (a fill's bar then sits at the next bar's position). */
const positions: fc.Arbitrary<(time: number) => number> = fc.oneof(
  fc.constant((time: number) => time / BAR),
  fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 400 }).map((kept) => {
    const starts = kept.sort((a, b) => a - b).map((i) => i * BAR);
    return (time: number) => starts.filter((s) => s < time).length;
  }),
);

const options: fc.Arbitrary<SbPointOptions> = fc
  .record({
    showQuantity: fc.boolean(),
    qtyPrecision: fc.integer({ min: 0, max: 6 }),
    size: fc.constantFrom(1, 1, 2),
    buyText: fc.constantFrom('B', '买', 'Al'),
  })
  .map((o) => ({ ...defaultSbPointOptions, ...o }));

/** The whole path of the chart: merge per bar, measure the widest labels, group for the bar spacing. */
function run(points: SbPoint[], indexOf: (time: number) => number, barSpacing: number, o: SbPointOptions) {
  const bars = mergeByBar(points, barOf);
  const total = { buy: 0, sell: 0 };
  for (const b of bars) total[b.type] += b.qty;
  const letter = { buy: o.buyText, sell: o.sellText };
  const labelPx = {
    buy: width(labelBound(letter.buy, total.buy, o.qtyPrecision, o.showQuantity)),
    sell: width(labelBound(letter.sell, total.sell, o.qtyPrecision, o.showQuantity)),
  };
  const space = { barSpacing, arrowPx: arrowWidth(barSpacing, o.size), labelPx, gapPx: 4 };
  return {
    bars,
    space,
    ...groupByBar(
      bars,
      Float64Array.from(bars, (b) => indexOf(b.time)),
      space,
    ),
  };
}

const sideOf = <T extends { type: Side }>(list: readonly T[], side: Side) => list.filter((x) => x.type === side);

/** The markers as the chart drew them before grouping: one per bar and side, with the summed quantity. */
function perBarMarkers(points: readonly SbPoint[], o: SbPointOptions): SeriesMarker<Time>[] {
  const merged = new Map<string, { time: number; type: Side; qty: number }>();
  for (const p of points) {
    const key = `${barOf(p.time)}:${p.type}`;
    const m = merged.get(key);
    if (m) m.qty += p.quantity;
    else merged.set(key, { time: barOf(p.time), type: p.type, qty: p.quantity });
  }
  return [...merged.values()]
    .sort((a, b) => a.time - b.time || (a.type === 'buy' ? -1 : 1))
    .map((m) => {
      const buy = m.type === 'buy';
      return {
        id: `${m.type}-${m.time}`,
        time: m.time as UTCTimestamp,
        position: buy ? 'belowBar' : 'aboveBar',
        shape: buy ? 'arrowUp' : 'arrowDown',
        color: buy ? o.buyColor : o.sellColor,
        size: o.size,
        text: markerText(m.type, m.qty, o),
      };
    });
}

const spacing = fc.double({ min: 0.5, max: 80, noNaN: true });

describe('grouping fills by the room of a bar (properties)', () => {
  it('every fill is in exactly one marker: the first of its side at or after its bar', () => {
    fc.assert(
      fc.property(fills, positions, spacing, options, (points, indexOf, barSpacing, o) => {
        const { groups } = run(points, indexOf, barSpacing, o);
        for (const side of ['buy', 'sell'] as const) {
          const own = sideOf(groups, side);
          const expected = own.map(() => ({ qty: 0, fills: 0 }));
          for (const p of sideOf(points, side)) {
            const i = own.findIndex((g) => g.time >= barOf(p.time));
            expect(i).toBeGreaterThanOrEqual(0);
            expected[i].qty += p.quantity;
            expected[i].fills++;
          }
          expect(own.map((g) => g.fills)).toEqual(expected.map((e) => e.fills));
          own.forEach((g, i) => expect(g.qty).toBeCloseTo(expected[i].qty, 6));
          own.forEach((g, i) => {
            expect(points.some((p) => p.type === side && barOf(p.time) === g.time)).toBe(true);
            if (i) expect(g.time).toBeGreaterThan(own[i - 1].time);
          });
        }
      }),
    );
  });

  it('keeps the total quantity and the number of fills of each side', () => {
    fc.assert(
      fc.property(fills, positions, spacing, options, (points, indexOf, barSpacing, o) => {
        const { groups } = run(points, indexOf, barSpacing, o);
        for (const side of ['buy', 'sell'] as const) {
          const sum = (list: Array<{ qty?: number; quantity?: number }>) => list.reduce((s, x) => s + (x.qty ?? x.quantity ?? 0), 0);
          expect(sum(sideOf(groups, side))).toBeCloseTo(sum(sideOf(points, side)), 6);
          expect(sideOf(groups, side).reduce((s, g) => s + g.fills, 0)).toBe(sideOf(points, side).length);
        }
      }),
    );
  });

  it('puts no two markers of one side closer than the spacing, so labels (or bare arrows) never overlap', () => {
    fc.assert(
      fc.property(fills, positions, spacing, options, (points, indexOf, barSpacing, o) => {
        const { groups, at, layout, space } = run(points, indexOf, barSpacing, o);
        const placed = groups.map((g, i) => ({
          ...g,
          x: at[i] * barSpacing,
          w: layout.labels ? Math.max(space.arrowPx, width(markerText(g.type, g.qty, o))) : space.arrowPx,
        }));
        for (const side of ['buy', 'sell'] as const) {
          const own = sideOf(placed, side);
          for (let i = 1; i < own.length; i++) {
            expect(own[i].x - own[i - 1].x).toBeGreaterThanOrEqual(layout.spacing[side] - 1e-9);
            expect(own[i].x - own[i].w / 2 - (own[i - 1].x + own[i - 1].w / 2)).toBeGreaterThanOrEqual(space.gapPx - 1e-9);
          }
        }
      }),
    );
  });

  it('with bars wide enough for every marker, draws what the per-bar merge draws', () => {
    fc.assert(
      fc.property(fills, options, fc.double({ min: 0, max: 40, noNaN: true }), (points, o, extra) => {
        const wide = run(points, (t) => t / BAR, 1000, o);
        const barSpacing = Math.max(wide.layout.spacing.buy, wide.layout.spacing.sell) + extra;
        const { groups, layout } = run(points, (t) => t / BAR, barSpacing, o);
        expect(layout.labels).toBe(true);
        expect(groups).toEqual(mergeByBar(points, barOf));
        expect(groupMarkers(groups, o)).toEqual(perBarMarkers(points, o));
      }),
    );
  });
});

/** The high and low of each of the 401 positions a fill's bar can take, moving by up to 4 % a bar. */
const extremes: fc.Arbitrary<BarExtremes[]> = fc
  .array(fc.record({ move: fc.double({ min: -0.04, max: 0.04, noNaN: true }), range: fc.double({ min: 0, max: 0.03, noNaN: true }) }), {
    minLength: 401,
    maxLength: 401,
  })
  .map((steps) => {
    let price = 100;
    return steps.map(({ move, range }) => {
      price *= 1 + move;
      return { low: price, high: price * (1 + range) };
    });
  });

/**
 * Where a label is drawn at a price scale of `pxPerPrice` (y grows downwards): centred on its bar, a sell's above the
 * high and a buy's below the low, `offset` px from it (the arrow and its margins: at least 1 px), `LABEL_PX` tall.
 */
const LABEL_PX = 13;
function labelBox(x: number, w: number, side: Side, bar: BarExtremes, pxPerPrice: number, offset: number) {
  const edge = side === 'sell' ? -bar.high * pxPerPrice - offset - LABEL_PX : -bar.low * pxPerPrice + offset;
  return { left: x - w / 2, right: x + w / 2, top: edge, bottom: edge + LABEL_PX };
}

describe('labels of opposite sides (properties)', () => {
  it('no two labels drawn meet, at any price scale; a label is left off only where it could meet a kept one', () => {
    fc.assert(
      fc.property(
        fills,
        positions,
        spacing,
        options,
        extremes,
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 30, noNaN: true }),
        (points, indexOf, barSpacing, o, bars, pxPerPrice, offset) => {
          const { groups, at, layout, space } = run(points, indexOf, barSpacing, o);
          fc.pre(layout.labels);
          const extremesAt = (position: number) => bars[position] ?? null;
          const dropped = labelsThatMayMeet(groups, at, space, extremesAt);
          const drawn = groupMarkers(groups, o, true, dropped);
          const labelled = groups.flatMap((g, i) =>
            drawn[i].text === undefined ? [] : [{ side: g.type, x: at[i] * barSpacing, w: width(drawn[i].text), bar: bars[at[i]] }],
          );
          for (const sell of labelled.filter((l) => l.side === 'sell'))
            for (const buy of labelled.filter((l) => l.side === 'buy')) {
              // The drawn scale, and the one that brings these two closest where one does: the buy's bar above the
              // sell's by (2 offsets + a label) px, so that the labels would overlap by half their height.
              const rise = buy.bar.low - sell.bar.high;
              for (const k of [pxPerPrice, ...(rise > 0 ? [(2 * offset + LABEL_PX) / rise] : [])]) {
                const a = labelBox(sell.x, sell.w, 'sell', sell.bar, k, offset);
                const b = labelBox(buy.x, buy.w, 'buy', buy.bar, k, offset);
                const apart = a.right + space.gapPx <= b.left || b.right + space.gapPx <= a.left || a.bottom <= b.top + 1e-9 || b.bottom <= a.top + 1e-9;
                expect(apart).toBe(true);
              }
            }
          const reach = (space.labelPx.buy + space.labelPx.sell) / 2 + space.gapPx;
          for (const i of dropped) {
            const meets = groups.some((g, j) => {
              if (dropped.has(j) || g.type === groups[i].type || Math.abs(at[j] - at[i]) * barSpacing >= reach) return false;
              const [sell, buy] = g.type === 'sell' ? [bars[at[j]], bars[at[i]]] : [bars[at[i]], bars[at[j]]];
              return buy.low > sell.high;
            });
            expect(meets).toBe(true);
          }
          if (groups.length) expect(dropped.has(groups.length - 1)).toBe(false);
        },
      ),
    );
  });
});

describe('grouping at scale', () => {
  it('draws 10,000 fills on 2 px bars as bare arrows, at most one per 8 bars of a side', () => {
    const points: SbPoint[] = Array.from({ length: 10_000 }, (_, i) => ({
      time: i * 53,
      type: i % 3 ? 'buy' : 'sell',
      quantity: 0.01,
      price: 1,
      symbol: 'X',
      rawTimestamp: 0,
    }));
    const { groups, layout } = run(points, (t) => t / BAR, 2, defaultSbPointOptions);
    expect(layout.labels).toBe(false);
    for (const side of ['buy', 'sell'] as const) expect(sideOf(groups, side).length).toBeLessThanOrEqual((10_000 * 53) / BAR / 8 + 1);
    expect(groups.reduce((s, g) => s + g.fills, 0)).toBe(10_000);
  });
});
