/**
 * Number formatting of spec 000 §5: a run of 7 or more zeros right after the decimal point collapses into
 * a zero-count notation, `0.0{7}12` for 0.000000012; `fixed` pads or rounds to that many decimals first. Zeros with
 * no digit after them (a zero padded to `fixed` decimals) are padding, not a run: `0.00000000` stays.
 */
export function formatNumber(value: number | string, fixed?: number): string {
  let text = typeof value === 'number' ? toPlainString(value, fixed) : String(value).trim();
  if (typeof value === 'string' && fixed !== undefined && text !== '' && Number.isFinite(Number(text))) {
    text = toPlainString(Number(text), fixed);
  }
  const m = /^(-?\d+)\.(0{7,})([1-9]\d*)$/.exec(text);
  if (!m) return text;
  const [, int, zeros, rest] = m;
  return `${int}.0{${zeros.length}}${rest}`;
}

/** A number as a decimal string without exponent notation. */
function toPlainString(n: number, fixed?: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (fixed !== undefined) return n.toFixed(Math.max(0, Math.min(100, fixed)));
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(Math.min(100, Math.max(0, -Math.floor(Math.log10(Math.abs(n))) + 15))).replace(/\.?0+$/, '');
}
