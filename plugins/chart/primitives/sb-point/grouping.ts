import type { SbPoint } from '../../types';

export type Side = SbPoint['type'];

/** Fills of one side drawn as one marker at `time` (the latest bar among them), `qty` summed over `fills` fills. */
export interface FillGroup {
  time: number;
  type: Side;
  qty: number;
  fills: number;
}

/** Room the markers have on the time scale, in px. */
export interface MarkerSpace {
  /** Distance between neighbouring bars. */
  barSpacing: number;
  /** Width of a bare arrow (`arrowWidth`). */
  arrowPx: number;
  /** Width of the widest label a marker of each side can carry (`labelBound`). */
  labelPx: Record<Side, number>;
  /** Free space kept between two markers of one side. */
  gapPx: number;
}

/** Whether markers carry labels, and the least distance between two markers of each side. */
export interface MarkerLayout {
  labels: boolean;
  spacing: Record<Side, number>;
}

const byTime = (a: FillGroup, b: FillGroup) => a.time - b.time || (a.type === 'buy' ? -1 : 1);

/** Fills of one side in one bar merged; oldest bar first, buys before sells in a bar. Malformed fills are skipped. */
export function mergeByBar(points: readonly SbPoint[], barOf: (seconds: number) => number): FillGroup[] {
  const bars = { buy: new Map<number, FillGroup>(), sell: new Map<number, FillGroup>() };
  for (const p of points) {
    if (!Number.isFinite(p.time) || (p.type !== 'buy' && p.type !== 'sell')) continue;
    const time = barOf(p.time);
    const m = bars[p.type].get(time);
    if (m) {
      m.qty += p.quantity;
      m.fills++;
    } else bars[p.type].set(time, { time, type: p.type, qty: p.quantity, fills: 1 });
  }
  return [...bars.buy.values(), ...bars.sell.values()].sort(byTime);
}

/**
 * Labels while a bare arrow fits in a bar (or `labels` says so); narrower bars keep bare arrows, so that markers stay
 * as close to their fills as arrows allow. Each side's markers then need the width of their widest content plus the gap.
 */
export function markerLayout(space: MarkerSpace, labels = space.barSpacing >= space.arrowPx): MarkerLayout {
  const width = (side: Side) => (labels ? Math.max(space.arrowPx, space.labelPx[side]) : space.arrowPx) + space.gapPx;
  return { labels, spacing: { buy: width('buy'), sell: width('sell') } };
}

/** Groups in time order with the position of each on the time scale. */
export interface Grouping {
  groups: FillGroup[];
  at: Float64Array;
  layout: MarkerLayout;
}

/**
 * Groups per-bar fills (`mergeByBar`, oldest first) so that two markers of one side are never closer on screen than
 * `markerLayout`'s spacing: walking from the newest bar back, each marker takes in the older bars of its side that
 * lie closer than the spacing. `at[i]` is the position of `bars[i]` on the time scale in bars (nondecreasing).
 * Labels go only when bars are narrower than an arrow and keeping them would join markers (`labels` decides instead
 * when given). O(n); with bars at least the spacing apart the result is the per-bar list itself.
 */
export function groupByBar(bars: readonly FillGroup[], at: ArrayLike<number>, space: MarkerSpace, labels?: boolean): Grouping {
  if (labels !== undefined) return groupWith(bars, at, space, markerLayout(space, labels));
  const labelled = groupWith(bars, at, space, markerLayout(space, true));
  // Bars narrower than an arrow keep their labels while no two markers have to join for them (sparse fills).
  if (space.barSpacing >= space.arrowPx || labelled.groups.length === bars.length) return labelled;
  return groupWith(bars, at, space, markerLayout(space, false));
}

function groupWith(bars: readonly FillGroup[], at: ArrayLike<number>, space: MarkerSpace, layout: MarkerLayout): Grouping {
  const sides = { buy: [] as Anchored[], sell: [] as Anchored[] };
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i];
    const side = sides[bar.type];
    const last = side[side.length - 1];
    if (last && (last.at - at[i]) * space.barSpacing < layout.spacing[bar.type]) {
      last.group.qty += bar.qty;
      last.group.fills += bar.fills;
    } else side.push({ group: { time: bar.time, type: bar.type, qty: bar.qty, fills: bar.fills }, at: at[i] });
  }
  return { ...mergeSides(sides.buy, sides.sell), layout };
}

interface Anchored {
  group: FillGroup;
  at: number;
}

/** The two sides' groups (each newest first) in one list, oldest first, buys before sells in a bar. */
function mergeSides(buys: Anchored[], sells: Anchored[]): Omit<Grouping, 'layout'> {
  const groups: FillGroup[] = [];
  const at = new Float64Array(buys.length + sells.length);
  let b = buys.length - 1;
  let s = sells.length - 1;
  while (b >= 0 || s >= 0) {
    const next = s < 0 || (b >= 0 && byTime(buys[b].group, sells[s].group) < 0) ? buys[b--] : sells[s--];
    at[groups.length] = next.at;
    groups.push(next.group);
  }
  return { groups, at };
}

const ceilOdd = (x: number) => (Math.ceil(x) % 2 === 0 ? Math.ceil(x) - 1 : Math.ceil(x));
const ceilEven = (x: number) => (Math.ceil(x) % 2 !== 0 ? Math.ceil(x) - 1 : Math.ceil(x));

/**
 * Width of lightweight-charts' arrow marker at a bar spacing and size multiplier: it follows the bar spacing between
 * 12 and 30 px (a little narrower than the bar), and never gets narrower than about 11 px.
 */
export function arrowWidth(barSpacing: number, size = 1): number {
  const shape = ceilEven(ceilOdd(Math.min(Math.max(barSpacing, 12), 30))) * Math.max(size, 0);
  return ceilOdd(Math.max(shape, 12));
}

/**
 * A text at least as wide as any label of a side whose fills sum to `total`: the letter, then the integer digits of
 * the total (rounded as labels are) and every decimal, all as 8s (digits share one width in chart fonts, the point is
 * narrower).
 */
export function labelBound(letter: string, total: number, precision: number, showQuantity: boolean): string {
  if (!showQuantity) return letter;
  const digits = Math.abs(total).toFixed(precision).split('.')[0].length;
  return `${letter} ${'8'.repeat(digits)}${precision > 0 ? `.${'8'.repeat(precision)}` : ''}`;
}

/** A bar's range of prices: a sell's label sits above its `high`, a buy's below its `low`. */
export interface BarExtremes {
  high: number;
  low: number;
}

/**
 * The markers (indexes into `groups`) whose labels are left off so that no two labels of opposite sides can meet, at
 * any price scale: a sell's label stands above its bar's high and a buy's below its bar's low, so the two can meet
 * only where the buy's bar lies wholly above the sell's (its low over the sell's high) and the labels, centred on
 * their bars, are closer than half their widths plus the gap. Walking from the newest marker back, a label is kept
 * unless it could meet one kept already: the newer fills keep theirs, and every marker keeps its arrow.
 * `extremes(at[i])`: the prices of the bar at that position (null when not known: the label stays).
 */
export function labelsThatMayMeet(
  groups: readonly FillGroup[],
  at: ArrayLike<number>,
  space: Pick<MarkerSpace, 'barSpacing' | 'labelPx' | 'gapPx'>,
  extremes: (position: number) => BarExtremes | null,
): Set<number> {
  const reach = ((space.labelPx.buy + space.labelPx.sell) / 2 + space.gapPx) / space.barSpacing;
  const kept = { buy: [] as number[], sell: [] as number[] };
  const dropped = new Set<number>();
  for (let i = groups.length - 1; i >= 0; i--) {
    const side = groups[i].type;
    const mine = extremes(at[i]);
    const others = kept[side === 'buy' ? 'sell' : 'buy'];
    let meets = false;
    // Kept markers are at or after this one on the scale, the nearest last: from there until one is out of reach.
    for (let k = others.length - 1; k >= 0 && !meets; k--) {
      const j = others[k];
      if (at[j] - at[i] >= reach) break;
      const theirs = extremes(at[j]);
      if (mine && theirs) meets = side === 'buy' ? mine.low > theirs.high : theirs.low > mine.high;
    }
    if (meets) dropped.add(i);
    else kept[side].push(i);
  }
  return dropped;
}
