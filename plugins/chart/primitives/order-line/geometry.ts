/** Row layout and hit-testing maths of order/position lines (pure: no canvas, testable). */
export type ButtonKind = 'tpsl' | 'reverse' | 'close';
export type HitPart = ButtonKind | 'body' | 'line';

export interface RowInput {
  id: string;
  /** Y of the line's price in pane px. */
  y: number;
  /** Text cells, left to right (side, qty, pnl, tp/sl text). */
  cells: string[];
  buttons: ButtonKind[];
}

export interface RowLayout {
  id: string;
  lineY: number;
  left: number;
  top: number;
  width: number;
  height: number;
  cells: Array<{ text: string; x: number; w: number }>;
  buttons: Array<{ kind: ButtonKind; x: number; w: number }>;
}

export interface RowMetrics {
  rowHeight: number;
  padding: number;
  cellPadding: number;
}

/**
 * Lays rows out right-aligned `padding` px before the price axis, one row height tall and centred on their
 * line; rows that would overlap are pushed down so every button stays clickable.
 */
export function layoutRows(rows: RowInput[], paneWidth: number, measure: (text: string) => number, m: RowMetrics): RowLayout[] {
  const sorted = [...rows].sort((a, b) => a.y - b.y);
  const out: RowLayout[] = [];
  let prevBottom = -Infinity;
  for (const r of sorted) {
    const cells = r.cells.map((text) => ({ text, w: Math.ceil(measure(text)) + 2 * m.cellPadding }));
    const buttons = r.buttons.map((kind) => ({
      kind,
      w: kind === 'tpsl' ? Math.max(m.rowHeight, Math.ceil(measure('TP/SL')) + 2 * m.cellPadding) : m.rowHeight,
    }));
    const width = cells.reduce((s, c) => s + c.w, 0) + buttons.reduce((s, b) => s + b.w, 0);
    const left = Math.max(0, paneWidth - m.padding - width);
    let top = Math.round(r.y - m.rowHeight / 2);
    if (top < prevBottom + 1) top = prevBottom + 1;
    prevBottom = top + m.rowHeight;
    let x = left;
    const placedCells = cells.map((c) => ({ ...c, x: (x += c.w) - c.w }));
    const placedButtons = buttons.map((b) => ({ ...b, x: (x += b.w) - b.w }));
    out.push({ id: r.id, lineY: r.y, left, top, width, height: m.rowHeight, cells: placedCells, buttons: placedButtons });
  }
  return out;
}

/**
 * What is under (x, y): a button first, then a row body, then a line within `tolerance` px.
 * Later rows are drawn on top, so they are tested first.
 */
export function hitTestRows(rows: readonly RowLayout[], x: number, y: number, tolerance = 4): { id: string; part: HitPart } | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i];
    if (y < r.top || y > r.top + r.height || x < r.left || x > r.left + r.width) continue;
    for (const b of r.buttons) if (x >= b.x && x <= b.x + b.w) return { id: r.id, part: b.kind };
    return { id: r.id, part: 'body' };
  }
  let best: { id: string; part: HitPart } | null = null;
  let bestDist = tolerance;
  for (const r of rows) {
    const d = Math.abs(y - r.lineY);
    if (d <= bestDist) {
      best = { id: r.id, part: 'line' };
      bestDist = d;
    }
  }
  return best;
}

/** The externalId lightweight-charts reports for a hit: `<line id>::<part>`. */
export const hitId = (id: string, part: HitPart) => `${id}::${part}`;

export function parseHitId(value: unknown): { id: string; part: HitPart } | null {
  if (typeof value !== 'string') return null;
  const at = value.lastIndexOf('::');
  if (at <= 0) return null;
  const part = value.slice(at + 2);
  if (!['tpsl', 'reverse', 'close', 'body', 'line'].includes(part)) return null;
  return { id: value.slice(0, at), part: part as HitPart };
}
