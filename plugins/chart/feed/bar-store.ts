import type { Bar } from '../types';

/** Bars as columns, the shape the datafeed endpoint sends (UDF style). */
export interface BarColumns {
  t: ArrayLike<number>;
  o: ArrayLike<number>;
  h: ArrayLike<number>;
  l: ArrayLike<number>;
  c: ArrayLike<number>;
  v: ArrayLike<number>;
}

const KEYS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;

/**
 * OHLCV bars in growable typed arrays, oldest first: what the indicators read in O(n) without objects.
 */
export class BarStore {
  time = new Float64Array(0);
  open = new Float64Array(0);
  high = new Float64Array(0);
  low = new Float64Array(0);
  close = new Float64Array(0);
  volume = new Float64Array(0);
  length = 0;

  /** Replaces every bar (sorted, strictly increasing times expected). */
  setAll(bars: readonly Bar[] | BarColumns): void {
    const cols = toColumns(bars);
    const n = cols.t.length;
    this.alloc(n + 64);
    this.time.set(cols.t);
    this.open.set(cols.o);
    this.high.set(cols.h);
    this.low.set(cols.l);
    this.close.set(cols.c);
    this.volume.set(cols.v);
    this.length = n;
  }

  /** Adds older bars in front; bars not older than the first one are dropped. Returns how many were added. */
  prepend(bars: readonly Bar[]): number {
    const first = this.length ? this.time[0] : Infinity;
    const older = bars.filter((b) => b.time < first);
    if (!older.length) return 0;
    const n = this.length + older.length;
    const prev = { time: this.time, open: this.open, high: this.high, low: this.low, close: this.close, volume: this.volume };
    this.alloc(n + 64);
    for (const k of KEYS) {
      const col = this[k];
      older.forEach((b, i) => (col[i] = b[k]));
      col.set(prev[k].subarray(0, this.length), older.length);
    }
    this.length = n;
    return older.length;
  }

  /**
   * A live bar: appends a newer one, ignores older ones, and merges an update of the last bar (its high never
   * falls and its low never rises while the bar is live). Returns what happened; `bar` is corrected in place.
   */
  upsert(bar: Bar): 'update' | 'append' | 'ignored' {
    const last = this.length ? this.time[this.length - 1] : -Infinity;
    if (bar.time < last) return 'ignored';
    const append = bar.time > last;
    if (append && this.length === this.time.length) this.grow(this.length * 2 + 64);
    const i = append ? this.length++ : this.length - 1;
    if (!append) {
      bar.open = this.open[i];
      bar.high = Math.max(bar.high, this.high[i], bar.close);
      bar.low = Math.min(bar.low, this.low[i], bar.close);
    }
    for (const k of KEYS) this[k][i] = bar[k];
    return append ? 'append' : 'update';
  }

  /** Bar `i` as an object. */
  at(i: number): Bar {
    return { time: this.time[i], open: this.open[i], high: this.high[i], low: this.low[i], close: this.close[i], volume: this.volume[i] };
  }

  private alloc(capacity: number) {
    for (const k of KEYS) this[k] = new Float64Array(capacity);
  }

  private grow(capacity: number) {
    for (const k of KEYS) {
      const next = new Float64Array(capacity);
      next.set(this[k].subarray(0, this.length));
      this[k] = next;
    }
  }
}

function toColumns(bars: readonly Bar[] | BarColumns): BarColumns {
  if (!Array.isArray(bars)) return bars as BarColumns;
  const list = bars as readonly Bar[];
  return {
    t: list.map((b) => b.time),
    o: list.map((b) => b.open),
    h: list.map((b) => b.high),
    l: list.map((b) => b.low),
    c: list.map((b) => b.close),
    v: list.map((b) => b.volume),
  };
}
