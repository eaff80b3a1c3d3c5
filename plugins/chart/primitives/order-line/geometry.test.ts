import { describe, expect, it } from 'vitest';
import { hitId, hitTestRows, layoutRows, parseHitId } from './geometry';

const m = { rowHeight: 24, padding: 40, cellPadding: 6 };
/** 7 px per character. */
const measure = (s: string) => s.length * 7;

describe('order line geometry', () => {
  const rows = layoutRows(
    [
      { id: 'p1', y: 100, cells: ['Long', '0.5'], buttons: ['tpsl', 'reverse', 'close'] },
      { id: 'o1', y: 300, cells: ['Buy'], buttons: ['close'] },
    ],
    800,
    measure,
    m,
  );

  it('right-aligns rows 40 px before the axis, 24 px tall, centred on the line', () => {
    const p = rows.find((r) => r.id === 'p1')!;
    // cells: 4*7+12=40, 3*7+12=33; buttons: tpsl max(24, 5*7+12=47)=47, 24, 24 => 168
    expect(p.width).toBe(40 + 33 + 47 + 24 + 24);
    expect(p.left + p.width).toBe(800 - 40);
    expect(p.top).toBe(88);
    expect(p.height).toBe(24);
    expect(p.buttons.map((b) => [b.kind, b.x])).toEqual([
      ['tpsl', 592 + 73],
      ['reverse', 592 + 120],
      ['close', 592 + 144],
    ]);
  });

  it('hits buttons, then the body, then the line', () => {
    expect(hitTestRows(rows, 800 - 40 - 5, 100)).toEqual({ id: 'p1', part: 'close' });
    expect(hitTestRows(rows, 800 - 40 - 30, 95)).toEqual({ id: 'p1', part: 'reverse' });
    expect(hitTestRows(rows, 670, 110)).toEqual({ id: 'p1', part: 'tpsl' });
    expect(hitTestRows(rows, 600, 100)).toEqual({ id: 'p1', part: 'body' });
    expect(hitTestRows(rows, 50, 302)).toEqual({ id: 'o1', part: 'line' });
    expect(hitTestRows(rows, 50, 306)).toBeNull();
    expect(hitTestRows(rows, 50, 200)).toBeNull();
    expect(hitTestRows(rows, 790, 100)).toEqual({ id: 'p1', part: 'line' });
  });

  it('pushes overlapping rows down so both stay clickable', () => {
    const stacked = layoutRows(
      [
        { id: 'a', y: 100, cells: ['A'], buttons: ['close'] },
        { id: 'b', y: 104, cells: ['B'], buttons: ['close'] },
      ],
      400,
      measure,
      m,
    );
    expect(stacked[0].top).toBe(88);
    expect(stacked[1].top).toBe(88 + 24 + 1);
    expect(hitTestRows(stacked, 355, 120)).toEqual({ id: 'b', part: 'close' });
    expect(hitTestRows(stacked, 355, 95)).toEqual({ id: 'a', part: 'close' });
  });

  it('round-trips hit ids, ids with colons included', () => {
    expect(parseHitId(hitId('ord:1', 'close'))).toEqual({ id: 'ord:1', part: 'close' });
    expect(parseHitId('x::nope')).toBeNull();
    expect(parseHitId(undefined)).toBeNull();
  });
});
