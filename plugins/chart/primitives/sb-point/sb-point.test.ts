import type { ISeriesApi, SeriesMarker, SeriesType, Time } from 'lightweight-charts';
import { describe, expect, it, vi } from 'vitest';
import { arrowWidth, groupByBar, labelBound, markerLayout, mergeByBar } from './grouping';
import { visibleSlice } from './marker-window';
import { defaultSbPointOptions } from './options';
import { groupMarkers } from './renderer';
import { createSbPoints, type MarkerView } from './sb-point';

const handed = vi.hoisted(() => ({ calls: [] as Array<Array<{ time: unknown; text?: string }>> }));
vi.mock('lightweight-charts', () => ({
  createSeriesMarkers: () => ({ setMarkers: (m: SeriesMarker<Time>[]) => handed.calls.push(m), detach: () => {} }),
}));

const minute = (t: number) => Math.floor(t / 60) * 60;
const pt = (time: number, type: 'buy' | 'sell', quantity: number) => ({ time, type, price: 100, quantity, symbol: 'BTC_USDT', rawTimestamp: time * 1000 });
const space = (barSpacing: number, labelPx = 50) => ({ barSpacing, arrowPx: arrowWidth(barSpacing), labelPx: { buy: labelPx, sell: labelPx }, gapPx: 4 });

describe('sb points to markers', () => {
  it('merges fills of one side in one bar and sorts by time', () => {
    const bars = mergeByBar([pt(185, 'sell', 1), pt(61, 'buy', 0.25), pt(119, 'buy', 0.5), pt(130, 'buy', 2)], minute);
    expect(groupMarkers(bars, defaultSbPointOptions).map((x) => [x.time, x.position, x.shape, x.text])).toEqual([
      [60, 'belowBar', 'arrowUp', 'B 0.75'],
      [120, 'belowBar', 'arrowUp', 'B 2'],
      [180, 'aboveBar', 'arrowDown', 'S 1'],
    ]);
    expect(bars.map((b) => b.fills)).toEqual([2, 1, 1]);
  });

  it('skips malformed points; bare arrows carry no text', () => {
    const bars = mergeByBar([pt(Number.NaN, 'buy', 1), { ...pt(60, 'buy', 1), type: 'hold' as 'buy' }, pt(60, 'sell', 1)], minute);
    expect(bars).toEqual([{ time: 60, type: 'sell', qty: 1, fills: 1 }]);
    expect(groupMarkers(bars, defaultSbPointOptions, false)[0]).not.toHaveProperty('text');
    expect(groupMarkers(bars, { ...defaultSbPointOptions, showQuantity: false })[0].text).toBe('S');
  });

  it('groups neighbouring bars of one side at the newest, summing quantities', () => {
    const bars = mergeByBar([pt(0, 'buy', 1), pt(60, 'buy', 2), pt(120, 'sell', 4), pt(180, 'buy', 8), pt(600, 'buy', 16)], minute);
    // 20 px bars, labels 50 px wide: markers of one side at least 54 px apart. Bar 1 (40 px from bar 3) joins bar 3's
    // marker; bar 0 (60 px from it) keeps its own.
    const { groups, at, layout } = groupByBar(
      bars,
      Float64Array.from(bars, (b) => b.time / 60),
      space(20),
    );
    expect(layout).toEqual({ labels: true, spacing: { buy: 54, sell: 54 } });
    expect(groups.map((g) => [g.time, g.type, g.qty, g.fills])).toEqual([
      [0, 'buy', 1, 1],
      [120, 'sell', 4, 1],
      [180, 'buy', 10, 2],
      [600, 'buy', 16, 1],
    ]);
    expect([...at]).toEqual([0, 2, 3, 10]);
  });

  it('drops labels before arrows: bars narrower than an arrow keep bare arrows, an arrow and the gap apart', () => {
    expect(markerLayout(space(7))).toEqual({ labels: false, spacing: { buy: 15, sell: 15 } });
    expect(markerLayout(space(12)).labels).toBe(true);
  });

  it('keeps labels on narrow bars while the markers are far enough apart to need no grouping', () => {
    const sparse = mergeByBar([pt(0, 'buy', 1), pt(600, 'sell', 2), pt(1200, 'buy', 3)], minute);
    const at = (list: typeof sparse) => Float64Array.from(list, (b) => b.time / 60);
    // 7 px bars, labels 50 px wide: the buys are 20 bars (140 px) apart, more than the 54 px a label needs.
    expect(groupByBar(sparse, at(sparse), space(7)).layout.labels).toBe(true);
    const dense = mergeByBar([pt(0, 'buy', 1), pt(60, 'buy', 2), pt(1200, 'buy', 3)], minute);
    const { layout, groups } = groupByBar(dense, at(dense), space(7));
    expect(layout.labels).toBe(false);
    expect(groups.map((g) => [g.time, g.qty])).toEqual([
      [60, 3],
      [1200, 3],
    ]);
  });

  it('measures like lightweight-charts: arrows follow bars from 12 to 30 px, at least 11 px wide', () => {
    expect([0.5, 7, 12, 13, 20, 30, 60].map((s) => arrowWidth(s))).toEqual([11, 11, 11, 11, 17, 27, 27]);
    expect(arrowWidth(20, 2)).toBe(35);
  });

  it('bounds the label widths of a side by its total', () => {
    expect(labelBound('B', 12.3456, 4, true)).toBe('B 88.8888');
    expect(labelBound('买', 9.6, 0, true)).toBe('买 88');
    expect(labelBound('S', 3, 2, false)).toBe('S');
  });

  it('hands over the visible markers, one bar of slack each side, the newest when too many', () => {
    const at = Float64Array.from([0, 2, 2, 5, 9, 14]);
    expect(visibleSlice(at, { from: 3, to: 9.5 }, 500)).toEqual([1, 5]);
    expect(visibleSlice(at, { from: 3, to: 9.5 }, 2)).toEqual([3, 5]);
    expect(visibleSlice(at, null, 500)).toEqual([0, 6]);
    expect(visibleSlice(at, { from: 20, to: 30 }, 500)).toEqual([6, 6]);
  });
});

describe('sb points on a chart', () => {
  /** One-minute bars 0..999 on a 7 px time scale showing bars 900..999; counts what the markers ask of it. */
  function chart() {
    const state = { barSpacing: 7, from: 900, to: 999, indexOf: 0, measured: 0, bars: new Map<number, { high: number; low: number }>() };
    let onChange = () => {};
    const view: MarkerView = {
      barSpacing: () => state.barSpacing,
      indexOf: (time) => (state.indexOf++, time / 60),
      visible: () => ({ from: state.from, to: state.to }),
      textWidth: (text) => (state.measured++, text.length * 7),
      extremes: (position) => state.bars.get(position) ?? null,
      subscribe: (cb) => ((onChange = cb), () => {}),
    };
    return { state, view, change: () => onChange() };
  }
  const points = Array.from({ length: 1000 }, (_, i) => pt(i * 60, i % 2 ? 'buy' : 'sell', 1));

  it('regroups on a new bar spacing, re-picks the visible markers on a scroll, and does nothing otherwise', () => {
    handed.calls = [];
    const c = chart();
    const sb = createSbPoints({} as ISeriesApi<SeriesType, Time>, minute, c.view);
    sb.setPoints(points);
    expect(handed.calls).toHaveLength(1);
    // 7 px bars: bare arrows 15 px (3 bars) apart per side, 100 bars and a bar of slack each side in view.
    expect(handed.calls[0].length).toBeLessThanOrEqual(2 * (Math.floor((102 * 7) / 15) + 1));
    expect(handed.calls[0].every((m) => m.text === undefined)).toBe(true);

    const asked = { ...c.state };
    c.change();
    expect(handed.calls).toHaveLength(1);
    expect([c.state.indexOf, c.state.measured]).toEqual([asked.indexOf, asked.measured]);

    Object.assign(c.state, { from: 800, to: 899 });
    c.change();
    expect(handed.calls).toHaveLength(2);
    expect(handed.calls[1].every((m) => Number(m.time) < 900 * 60)).toBe(true);
    expect(c.state.indexOf).toBe(asked.indexOf);

    c.state.barSpacing = 30;
    c.change();
    expect(handed.calls).toHaveLength(3);
    expect(handed.calls[2].every((m) => m.text?.startsWith('B ') || m.text?.startsWith('S '))).toBe(true);
  });

  it('measures no text while there are no fills, and measures once fills arrive', () => {
    handed.calls = [];
    const c = chart();
    const sb = createSbPoints({} as ISeriesApi<SeriesType, Time>, minute, c.view);
    sb.applyOptions({ qtyPrecision: 5 });
    sb.setPoints([]);
    c.state.barSpacing = 30;
    c.change();
    expect(c.state.measured).toBe(0);
    expect(handed.calls.every((markers) => markers.length === 0)).toBe(true);
    sb.setPoints(points);
    expect(c.state.measured).toBeGreaterThan(0);
    expect(handed.calls.at(-1)!.length).toBeGreaterThan(0);
  });

  it('labels sparse fills in view on narrow bars, and drops the labels where the fills in view are dense', () => {
    handed.calls = [];
    const c = chart();
    // A fill on every bar up to 800, then one every 25 bars (175 px at 7 px a bar: room for a label).
    const sparse = Array.from({ length: 8 }, (_, i) => pt((800 + i * 25) * 60, i % 2 ? 'buy' : 'sell', 1));
    const sb = createSbPoints({} as ISeriesApi<SeriesType, Time>, minute, c.view);
    sb.setPoints([...points.slice(0, 800), ...sparse]);
    expect(handed.calls.at(-1)!.length).toBeGreaterThan(0);
    expect(handed.calls.at(-1)!.every((m) => m.text?.startsWith('B ') || m.text?.startsWith('S '))).toBe(true);
    Object.assign(c.state, { from: 700, to: 799 });
    c.change();
    expect(handed.calls.at(-1)!.every((m) => m.text === undefined)).toBe(true);
  });

  it('leaves off the older of two labels of opposite sides that may meet, again when a live bar moves', () => {
    handed.calls = [];
    const c = chart();
    Object.assign(c.state, { barSpacing: 30, from: 990, to: 999 });
    // A sell at bar 997 and a buy at bar 998, next to each other: both labels while the buy's bar reaches below the
    // sell's high.
    c.state.bars.set(997, { high: 101, low: 99 });
    c.state.bars.set(998, { high: 102, low: 100 });
    const sb = createSbPoints({} as ISeriesApi<SeriesType, Time>, minute, c.view);
    sb.setPoints([pt(997 * 60, 'sell', 1), pt(998 * 60, 'buy', 2)]);
    expect(handed.calls.at(-1)!.map((m) => m.text)).toEqual(['S 1', 'B 2']);
    sb.lastBarChanged();
    expect(handed.calls).toHaveLength(1);
    // The buy's bar now lies wholly above the sell's: its label would stand on the sell's at some price scale.
    c.state.bars.set(998, { high: 103, low: 101.5 });
    sb.lastBarChanged();
    expect(handed.calls.at(-1)!.map((m) => m.text)).toEqual([undefined, 'B 2']);
    // Four bars (120 px) apart, more than half of two labels' widths (56 px each) and the gap: both keep theirs.
    c.state.bars.set(994, { high: 101, low: 99 });
    sb.setPoints([pt(994 * 60, 'sell', 1), pt(998 * 60, 'buy', 2)]);
    expect(handed.calls.at(-1)!.map((m) => m.text)).toEqual(['S 1', 'B 2']);
  });
});
