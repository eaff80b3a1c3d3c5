import { createSeriesMarkers, type ISeriesApi, type SeriesType, type Time } from 'lightweight-charts';
import type { SbPoint } from '../../types';
import { arrowWidth, groupByBar, labelBound, labelsThatMayMeet, mergeByBar, type BarExtremes, type FillGroup, type Grouping, type Side } from './grouping';
import { visibleSlice } from './marker-window';
import { defaultSbPointOptions, type SbPointOptions } from './options';
import { groupMarkers } from './renderer';

/** Free space between two markers of one side, and between two labels of opposite sides, in px. */
const GAP_PX = 4;
const NONE: Set<number> = new Set();
const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) => a.size === b.size && [...a].every((x) => b.has(x));

/** What the markers need to know of the chart's time scale. */
export interface MarkerView {
  barSpacing(): number;
  /** Position on the time scale of the bar starting at `time` (nondecreasing with time). */
  indexOf(time: number): number;
  /** The visible bars as positions of `indexOf`'s scale; null without bars. */
  visible(): { from: number; to: number } | null;
  /** Width in px of a text in the markers' font. */
  textWidth(text: string): number;
  /** The high and low of the bar at a position of `indexOf`'s scale; null when there is none. */
  extremes(position: number): BarExtremes | null;
  /** Calls `cb` on zoom, scroll and resize; returns the unsubscribe. */
  subscribe(cb: () => void): () => void;
  /** Told what is drawn: the markers handed over, the least spacing between two of one side, whether labelled. */
  drawn?(count: number, spacingPx: number, labels: boolean): void;
}

/** Handle of the buy/sell markers of one series. */
export interface SbPointsApi {
  applyOptions(patch: Partial<SbPointOptions>): void;
  setPoints(points: SbPoint[]): void;
  /** Changes how times map to bars (after a resolution change). */
  setBarMapper(barOf: (seconds: number) => number): void;
  /** The bars changed (a fresh series or older bars in front): positions are computed again. */
  barsChanged(): void;
  /** The latest bar changed (a live update): its high and low may bring two labels of opposite sides together. */
  lastBarChanged(): void;
  detach(): void;
}

/**
 * Markers grouped for one bar spacing: with labels, and, on bars narrower than an arrow, bare (used where the labelled
 * grouping joins bars in view: a dense stretch of fills).
 */
interface Grouped {
  barSpacing: number;
  labelled: Grouping;
  bare: Grouping | null;
}

/** The grouping to show for the bars in view: the labelled one unless it joins bars there. */
function inView(g: Grouped, perBarAt: Float64Array, range: { from: number; to: number } | null): Grouping {
  if (!g.bare) return g.labelled;
  const [lo, hi] = visibleSlice(g.labelled.at, range, Infinity);
  const [barsLo, barsHi] = visibleSlice(perBarAt, range, Infinity);
  return hi - lo === barsHi - barsLo ? g.labelled : g.bare;
}

/**
 * Adds buy/sell markers (source sb_point_widget) to a series through lightweight-charts' series markers, grouped by
 * the room a bar has on screen (`grouping.ts`), labelled unless labels would join bars in view. Groups are computed
 * again when the bar spacing, the fills, the bars or the options change; scrolling only re-selects the visible ones
 * (and the labelled or bare grouping), and hands them over when they differ.
 */
export function createSbPoints(
  series: ISeriesApi<SeriesType, Time>,
  barOf: (seconds: number) => number,
  view: MarkerView,
  options: Partial<SbPointOptions> = {},
): SbPointsApi {
  let o: SbPointOptions = { ...defaultSbPointOptions, ...options };
  let mapper = barOf;
  let perBar: FillGroup[] = [];
  let perBarAt = new Float64Array(0);
  let labelPx: Record<Side, number> = { buy: 0, sell: 0 };
  let grouped: Grouped | null = null;
  let shown: { grouping: Grouping | null; slice: [number, number]; unlabelled: Set<number> } = { grouping: null, slice: [0, 0], unlabelled: new Set() };
  const markers = createSeriesMarkers(series, [], { autoScale: true });

  const show = (force: boolean) => {
    if (!grouped) return;
    const range = view.visible();
    const grouping = inView(grouped, perBarAt, range);
    const slice = visibleSlice(grouping.at, range, o.maxMarkers);
    const groups = grouping.groups.slice(...slice);
    const space = { barSpacing: grouped.barSpacing, labelPx, gapPx: GAP_PX };
    const unlabelled = grouping.layout.labels ? labelsThatMayMeet(groups, grouping.at.subarray(...slice), space, (p) => view.extremes(p)) : NONE;
    const same = grouping === shown.grouping && slice[0] === shown.slice[0] && slice[1] === shown.slice[1] && sameSet(unlabelled, shown.unlabelled);
    if (!force && same) return;
    shown = { grouping, slice, unlabelled };
    markers.setMarkers(groupMarkers(groups, o, grouping.layout.labels, unlabelled));
    const { spacing, labels } = grouping.layout;
    view.drawn?.(slice[1] - slice[0], Math.min(spacing.buy, spacing.sell), labels);
  };
  const regroup = () => {
    const barSpacing = view.barSpacing();
    const space = { barSpacing, arrowPx: arrowWidth(barSpacing, o.size), labelPx, gapPx: GAP_PX };
    const narrow = barSpacing < space.arrowPx;
    grouped = { barSpacing, labelled: groupByBar(perBar, perBarAt, space, true), bare: narrow ? groupByBar(perBar, perBarAt, space, false) : null };
    show(true);
  };
  const locate = () => {
    perBarAt = Float64Array.from(perBar, (g) => view.indexOf(g.time));
    regroup();
  };
  const measure = () => {
    // No fills, no labels: nothing to measure (the first measurement makes a canvas and parses its font).
    if (!perBar.length) {
      labelPx = { buy: 0, sell: 0 };
      return;
    }
    const total = { buy: 0, sell: 0 };
    for (const g of perBar) total[g.type] += Math.abs(g.qty);
    const width = (side: Side) => view.textWidth(labelBound(side === 'buy' ? o.buyText : o.sellText, total[side], o.qtyPrecision, o.showQuantity));
    labelPx = { buy: width('buy'), sell: width('sell') };
  };
  let points: SbPoint[] = [];
  const refill = () => {
    perBar = mergeByBar(points, mapper);
    measure();
    locate();
  };
  const unsubscribe = view.subscribe(() => (grouped && view.barSpacing() === grouped.barSpacing ? show(false) : regroup()));
  return {
    applyOptions(patch) {
      o = { ...o, ...patch };
      measure();
      regroup();
    },
    setPoints(next) {
      points = next;
      refill();
    },
    setBarMapper(next) {
      mapper = next;
      refill();
    },
    barsChanged: locate,
    lastBarChanged: () => show(false),
    detach() {
      unsubscribe();
      markers.detach();
    },
  };
}
