import { describe, expect, it } from 'vitest';
import { computeKdj, kdjBuffers, updateKdjAt } from './kdj';
import { computeMacd, macdBuffers, updateMacdAt } from './macd';
import { computeTd, tdBuffers, updateTdAt } from './td-sequential';
import { defaultInputs, validateInputs } from './inputs';

const f64 = (a: number[]) => Float64Array.from(a);

describe('KDJ', () => {
  // Hand-computed with n=3, m1=3, m2=3 (K, D start from 50).
  const high = f64([10, 12, 13, 11, 9]);
  const low = f64([8, 9, 10, 7, 8.5]);
  const close = f64([9, 11, 10, 8, 9]);
  const expected = [
    [50, 50, 50],
    [58.3333, 52.7778, 69.4444],
    [52.2222, 52.5926, 51.4815],
    [40.3704, 48.5185, 24.0741],
    [38.0247, 45.0206, 24.0329],
  ];
  it('matches hand-computed values', () => {
    const r = computeKdj(high, low, close, 5, { period: 3, kSmooth: 3, dSmooth: 3 });
    expected.forEach(([k, d, j], i) => {
      expect(r.k[i]).toBeCloseTo(k, 3);
      expect(r.d[i]).toBeCloseTo(d, 3);
      expect(r.j[i]).toBeCloseTo(j, 3);
    });
  });
  it('gives RSV 50 on a flat range', () => {
    const r = computeKdj(f64([5, 5]), f64([5, 5]), f64([5, 5]), 2, { period: 9, kSmooth: 3, dSmooth: 3 });
    expect([r.k[1], r.d[1], r.j[1]]).toEqual([50, 50, 50]);
  });
});

describe('MACD', () => {
  it('matches hand-computed values (fast 2, slow 3, signal 2)', () => {
    const r = computeMacd(f64([10, 11, 12, 11]), 4, { fast: 2, slow: 3, signal: 2 });
    const dif = [0, 0.166667, 0.305556, 0.060185];
    const dea = [0, 0.111111, 0.240741, 0.12037];
    dif.forEach((v, i) => expect(r.dif[i]).toBeCloseTo(v, 5));
    dea.forEach((v, i) => expect(r.dea[i]).toBeCloseTo(v, 5));
    dif.forEach((v, i) => expect(r.hist[i]).toBeCloseTo(v - dea[i], 5));
  });
});

describe('TD Sequential', () => {
  // 30 falling closes: a buy setup completes at bar 12 (9) and the countdown reaches 13 at bar 24.
  const n = 30;
  const close = f64(Array.from({ length: n }, (_, i) => 100 - i));
  const high = close.map((c) => c + 0.5);
  const low = close.map((c) => c - 0.5);
  const r = computeTd(high, low, close, n);
  it('counts the setup to 9 and starts again', () => {
    expect(Array.from(r.buySetup.slice(0, 14))).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1]);
    expect(r.buySetup[21]).toBe(9);
    expect(Math.max(...r.sellSetup)).toBe(0);
  });
  it('counts the countdown from the 9 bar to 13', () => {
    expect(r.buyCountdown[11]).toBe(0);
    expect(r.buyCountdown[12]).toBe(1);
    expect(r.buyCountdown[24]).toBe(13);
    expect(r.buyCountdown[25]).toBe(0);
    expect(Math.max(...r.buyCountdown)).toBe(13);
  });
  it('cancels a buy countdown when a sell setup completes', () => {
    const rising = [...Array.from({ length: 14 }, (_, i) => 100 - i), ...Array.from({ length: 12 }, (_, i) => 90 + i * 2)];
    const c = f64(rising);
    const t = computeTd(
      c.map((x) => x + 0.5),
      c.map((x) => x - 0.5),
      c,
      c.length,
    );
    const sellNine = t.sellSetup.indexOf(9);
    expect(sellNine).toBeGreaterThan(13);
    expect(t.buyState[sellNine]).toBe(-1);
    expect(t.sellState[sellNine]).toBeGreaterThanOrEqual(0);
  });
});

/** A seeded random walk of OHLC bars. */
function walk(n: number, seed = 7) {
  let s = seed;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
  const o = new Float64Array(n),
    h = new Float64Array(n),
    l = new Float64Array(n),
    c = new Float64Array(n);
  let p = 100;
  for (let i = 0; i < n; i++) {
    o[i] = p;
    p *= 1 + (rnd() - 0.5) * 0.02;
    c[i] = p;
    h[i] = Math.max(o[i], c[i]) * (1 + rnd() * 0.005);
    l[i] = Math.min(o[i], c[i]) * (1 - rnd() * 0.005);
  }
  return { o, h, l, c };
}

describe('incremental updates equal a full recompute', () => {
  const n = 500;
  const { h, l, c } = walk(n);
  it('bar by bar', () => {
    const kdj = kdjBuffers(n),
      macd = macdBuffers(n),
      td = tdBuffers(n);
    const ki = { period: 9, kSmooth: 3, dSmooth: 3 },
      mi = { fast: 12, slow: 26, signal: 9 };
    for (let i = 0; i < n; i++) {
      updateKdjAt(h, l, c, i, ki, kdj);
      updateMacdAt(c, i, mi, macd);
      updateTdAt(h, l, c, i, td);
    }
    const fk = computeKdj(h, l, c, n, ki),
      fm = computeMacd(c, n, mi),
      ft = computeTd(h, l, c, n);
    for (let i = 0; i < n; i++) {
      expect(kdj.k[i]).toBeCloseTo(fk.k[i], 9);
      expect(kdj.j[i]).toBeCloseTo(fk.j[i], 9);
      expect(macd.hist[i]).toBeCloseTo(fm.hist[i], 12);
    }
    expect(td.buySetup).toEqual(ft.buySetup);
    expect(td.sellCountdown).toEqual(ft.sellCountdown);
  });
  it('when the live bar changes', () => {
    const hh = h.slice(),
      ll = l.slice(),
      cc = c.slice();
    const ki = { period: 14, kSmooth: 3, dSmooth: 3 },
      mi = { fast: 12, slow: 26, signal: 9 };
    const kdj = computeKdj(hh, ll, cc, n, ki),
      macd = computeMacd(cc, n, mi),
      td = computeTd(hh, ll, cc, n);
    cc[n - 1] *= 1.03;
    hh[n - 1] = Math.max(hh[n - 1], cc[n - 1]);
    updateKdjAt(hh, ll, cc, n - 1, ki, kdj);
    updateMacdAt(cc, n - 1, mi, macd);
    updateTdAt(hh, ll, cc, n - 1, td);
    const fk = computeKdj(hh, ll, cc, n, ki),
      fm = computeMacd(cc, n, mi),
      ft = computeTd(hh, ll, cc, n);
    expect(kdj.k[n - 1]).toBeCloseTo(fk.k[n - 1], 9);
    expect(kdj.d[n - 1]).toBeCloseTo(fk.d[n - 1], 9);
    expect(macd.dif[n - 1]).toBeCloseTo(fm.dif[n - 1], 12);
    expect(macd.dea[n - 1]).toBeCloseTo(fm.dea[n - 1], 12);
    expect(td.sellSetup[n - 1]).toBe(ft.sellSetup[n - 1]);
    expect(td.buySetup[n - 1]).toBe(ft.buySetup[n - 1]);
  });
});

describe('input validation', () => {
  it('has the spec defaults', () => {
    expect(defaultInputs('KDJ')).toEqual([9, 3, 3]);
    expect(defaultInputs('MACD')).toEqual([12, 26, 9]);
  });
  it('accepts the range ends', () => {
    expect(validateInputs('KDJ', [1, 2000, '2000'])).toEqual({ ok: true, values: [1, 2000, 2000] });
    expect(validateInputs('MACD', [1, 2000, 50])).toEqual({ ok: true, values: [1, 2000, 50] });
  });
  it('rejects values out of range, fractions, text and blanks', () => {
    const r = validateInputs('MACD', [0, '2001', 51]);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors.map((e) => [e.index, e.key, e.params.max])).toEqual([
        [0, 'errors.range', 2000],
        [1, 'errors.range', 2000],
        [2, 'errors.range', 50],
      ]);
    const k = validateInputs('KDJ', ['9.5', 'abc', '']);
    if (!k.ok) expect(k.errors.map((e) => e.key)).toEqual(['errors.integer', 'errors.integer', 'errors.required']);
    expect(k.ok).toBe(false);
  });
});
