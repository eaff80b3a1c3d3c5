/** Locale formatting that renders the same on the server and in the browser (fixed UTC time zone). */

/** A grouped number in the page's language, keeping the decimals it was given ('12345.50' → '12,345.50'). */
export function formatAmount(value: string | number, htmlLang: string): string {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n)) return String(value);
  const decimals = Math.min(8, /\.(\d+)$/.exec(String(value))?.[1].length ?? 0);
  return new Intl.NumberFormat(htmlLang, { minimumFractionDigits: decimals, maximumFractionDigits: Math.max(decimals, 8) }).format(n);
}

/** Thin and narrow no-break spaces: the server's ICU puts them where the browser's may put a space (around '–'). */
const NARROW_SPACES = /[\u2009\u202f]/g;

/**
 * A date range from unix seconds, in UTC ('May 1 – May 31, 2030 (UTC)' style per language), with plain spaces: the
 * server's ICU and the browser's space the dash differently, and hydration compares the text.
 */
export function formatPeriod(start: number, end: number, htmlLang: string): string {
  const f = new Intl.DateTimeFormat(htmlLang, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return f.formatRange(new Date(start * 1000), new Date(end * 1000)).replace(NARROW_SPACES, ' ');
}
