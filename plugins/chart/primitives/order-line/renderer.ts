import type { IPrimitivePaneRenderer } from 'lightweight-charts';
import { OrderType } from '../../constants';
import type { PositionLine } from '../../types';
import { layoutRows, type RowInput, type RowLayout } from './geometry';
import { lineColor, type OrderLineOptions } from './options';

type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** What the renderer reads from its primitive at draw time. */
export interface OrderLineSource {
  options(): OrderLineOptions;
  /** Visible lines with their current y (drag previews included). */
  rows(): Array<{ line: PositionLine; input: RowInput }>;
  /** Receives the laid-out rows, for hit-testing. */
  laidOut(rows: RowLayout[]): void;
}

const widthCache = new Map<string, number>();

/** Draws order and position lines: the line across the pane and its row of cells and buttons. */
export class OrderLineRenderer implements IPrimitivePaneRenderer {
  constructor(private readonly source: OrderLineSource) {}

  draw(target: Target): void {
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      const o = this.source.options();
      const items = this.source.rows();
      ctx.font = o.font;
      const measure = (text: string) => {
        const key = `${o.font}|${text}`;
        let w = widthCache.get(key);
        if (w === undefined) widthCache.set(key, (w = ctx.measureText(text).width));
        return w;
      };
      const rows = layoutRows(
        items.map((i) => i.input),
        mediaSize.width,
        measure,
        o,
      );
      this.source.laidOut(rows);
      const byId = new Map(items.map((i) => [i.line.id, i.line]));
      for (const row of rows) {
        const line = byId.get(row.id);
        if (line) drawRow(ctx, row, line, o, mediaSize.width);
      }
    });
  }
}

function drawRow(ctx: CanvasRenderingContext2D, row: RowLayout, line: PositionLine, o: OrderLineOptions, width: number) {
  const color = lineColor(line, o);
  const y = Math.round(row.lineY) + 0.5;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.setLineDash(line.type === OrderType.Position ? [] : [4, 4]);
  ctx.beginPath();
  ctx.moveTo(0, y);
  ctx.lineTo(width, y);
  ctx.stroke();
  ctx.setLineDash([]);
  if (Math.abs(row.top + row.height / 2 - row.lineY) > 1) {
    ctx.beginPath();
    ctx.moveTo(row.left + row.width + 0.5, y);
    ctx.lineTo(row.left + row.width + 0.5, row.top + row.height / 2);
    ctx.stroke();
  }
  ctx.fillStyle = o.colors.panel;
  ctx.fillRect(row.left, row.top, row.width, row.height);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  const mid = row.top + row.height / 2;
  row.cells.forEach((cell, i) => {
    if (i === 0) {
      ctx.fillStyle = color;
      ctx.fillRect(cell.x, row.top, cell.w, row.height);
      ctx.fillStyle = '#ffffff';
    } else {
      ctx.fillStyle = cellColor(cell.text, line, o);
    }
    ctx.fillText(cell.text, cell.x + cell.w / 2, mid);
  });
  ctx.strokeStyle = color;
  for (const b of row.buttons) {
    ctx.beginPath();
    ctx.moveTo(b.x + 0.5, row.top);
    ctx.lineTo(b.x + 0.5, row.top + row.height);
    ctx.stroke();
    ctx.fillStyle = o.colors.text;
    ctx.fillText(o.labels[b.kind], b.x + b.w / 2, mid);
  }
  ctx.strokeRect(row.left + 0.5, row.top + 0.5, row.width - 1, row.height - 1);
  ctx.restore();
}

/** The PnL cell takes the rise or fall colour; other cells the text colour. */
function cellColor(text: string, line: PositionLine, o: OrderLineOptions): string {
  const pnl = line.pnlText ?? (line.pnlValue !== undefined ? String(line.pnlValue) : undefined);
  if (pnl === undefined || text !== pnl) return o.colors.text;
  const v = line.pnlValue ?? parseFloat(pnl);
  return v > 0 ? o.colors.up : v < 0 ? o.colors.down : o.colors.text;
}
