/** Deterministic 1-minute OHLCV columns (a seeded random walk around 65 000), the bench's shared input. */
export function makeBars(n: number, seed = 42) {
  let s = seed >>> 0;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
  const t = new Float64Array(n),
    o = new Float64Array(n),
    h = new Float64Array(n),
    l = new Float64Array(n),
    c = new Float64Array(n),
    v = new Float64Array(n);
  const start = 1_700_000_000 - (1_700_000_000 % 60) - n * 60;
  let p = 65000;
  for (let i = 0; i < n; i++) {
    t[i] = start + i * 60;
    o[i] = p;
    p *= 1 + (rnd() - 0.5) * 0.004;
    c[i] = p;
    h[i] = Math.max(o[i], c[i]) * (1 + rnd() * 0.001);
    l[i] = Math.min(o[i], c[i]) * (1 - rnd() * 0.001);
    v[i] = 5 + rnd() * 20;
  }
  return { t, o, h, l, c, v };
}
