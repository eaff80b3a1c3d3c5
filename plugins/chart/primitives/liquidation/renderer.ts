import type { IPrimitivePaneRenderer } from 'lightweight-charts';
import { withAlpha } from '../../skin/skin';
import type { LiquidationOptions } from './options';

type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** A bucket already in pane coordinates. */
export interface BucketView {
  top: number;
  bottom: number;
  short: number;
  long: number;
}

/**
 * Paints the heat map behind the candles: one horizontal bar per bucket growing leftwards from the price
 * axis, its length and opacity following the amount; plus a dotted mark-price line.
 */
export class LiquidationRenderer implements IPrimitivePaneRenderer {
  constructor(private readonly data: () => { buckets: BucketView[]; markY: number | null; options: LiquidationOptions }) {}

  draw(): void {}

  drawBackground(target: Target): void {
    const { buckets, markY, options: o } = this.data();
    if (!buckets.length) return;
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      const max = buckets.reduce((m, b) => Math.max(m, b.short + b.long), 0);
      if (max <= 0) return;
      const full = mediaSize.width * o.maxWidthRatio;
      for (const b of buckets) {
        const h = Math.max(1, b.bottom - b.top - 1);
        let right = mediaSize.width;
        for (const [amount, color] of [
          [b.long, o.longColor],
          [b.short, o.shortColor],
        ] as const) {
          if (amount <= 0) continue;
          const w = (amount / max) * full;
          ctx.fillStyle = withAlpha(color, 0.08 + 0.42 * (amount / max));
          ctx.fillRect(right - w, b.top, w, h);
          right -= w;
        }
      }
      if (markY !== null) {
        ctx.save();
        ctx.strokeStyle = o.markColor;
        ctx.setLineDash([2, 3]);
        ctx.beginPath();
        ctx.moveTo(mediaSize.width - full, Math.round(markY) + 0.5);
        ctx.lineTo(mediaSize.width, Math.round(markY) + 0.5);
        ctx.stroke();
        ctx.fillStyle = o.markColor;
        ctx.font = o.font;
        ctx.textBaseline = 'bottom';
        ctx.textAlign = 'right';
        ctx.fillText(o.markLabel, mediaSize.width - 4, markY - 2);
        ctx.restore();
      }
    });
  }
}
