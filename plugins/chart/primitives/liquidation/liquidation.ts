import type { ISeriesApi, ISeriesPrimitive, IPrimitivePaneView, SeriesAttachedParameter, SeriesType, Time } from 'lightweight-charts';
import type { LiquidationData } from '../../types';
import { bucketize, type LiquidationBucket } from './buckets';
import { defaultLiquidationOptions, type LiquidationOptions } from './options';
import { LiquidationRenderer, type BucketView } from './renderer';

/** Handle of the liquidation heat indicator. */
export interface LiquidationApi {
  applyOptions(patch: Partial<LiquidationOptions>): void;
  setData(data: LiquidationData | null): void;
  /** The current buckets (for tests and a legend). */
  buckets(): readonly LiquidationBucket[];
  detach(): void;
}

class LiquidationPrimitive implements ISeriesPrimitive<Time> {
  buckets: LiquidationBucket[] = [];
  mark = NaN;
  private params: SeriesAttachedParameter<Time, SeriesType> | null = null;
  private views_: BucketView[] = [];
  private markY: number | null = null;
  private readonly views: readonly IPrimitivePaneView[];

  constructor(public options: LiquidationOptions) {
    const renderer = new LiquidationRenderer(() => ({ buckets: this.views_, markY: this.markY, options: this.options }));
    this.views = [{ zOrder: () => 'bottom', renderer: () => renderer }];
  }
  attached(p: SeriesAttachedParameter<Time, SeriesType>) {
    this.params = p;
  }
  detached() {
    this.params = null;
  }
  requestUpdate() {
    this.params?.requestUpdate();
  }
  updateAllViews() {
    const s = this.params?.series;
    if (!s) return;
    this.views_ = [];
    for (const b of this.buckets) {
      const top = s.priceToCoordinate(b.high);
      const bottom = s.priceToCoordinate(b.low);
      if (top === null || bottom === null) continue;
      this.views_.push({ top, bottom, short: b.short, long: b.long });
    }
    this.markY = Number.isFinite(this.mark) ? s.priceToCoordinate(this.mark) : null;
  }
  paneViews() {
    return this.views;
  }
}

/** Adds the liquidation heat map (source liquidation_amount_indicator) behind a price series. */
export function createLiquidation(series: ISeriesApi<SeriesType, Time>, options: Partial<LiquidationOptions> = {}): LiquidationApi {
  const p = new LiquidationPrimitive({ ...defaultLiquidationOptions, ...options });
  let data: LiquidationData | null = null;
  const rebuild = () => {
    p.buckets = data ? bucketize(data.levels, data.mark_price, p.options.buckets) : [];
    p.mark = data?.mark_price ?? NaN;
    p.updateAllViews();
    p.requestUpdate();
  };
  series.attachPrimitive(p);
  return {
    applyOptions(patch) {
      p.options = { ...p.options, ...patch };
      rebuild();
    },
    setData(next) {
      data = next;
      rebuild();
    },
    buckets: () => p.buckets,
    detach() {
      series.detachPrimitive(p);
    },
  };
}
