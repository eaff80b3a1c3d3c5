/** A reward amount for a locale: `$40,000` for USD-like currencies, else `40,000 BTC` (pure). */
export function formatReward(amount: string, currency: string, localeTag: string): string {
  const n = Number(amount);
  if (!amount || !Number.isFinite(n)) return '';
  let tag = 'en';
  try {
    tag = Intl.NumberFormat.supportedLocalesOf([localeTag]).length ? localeTag : 'en';
  } catch {
    /* malformed tag: English */
  }
  if (currency === 'USDT' || currency === 'USD') {
    return new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(n);
  }
  return `${new Intl.NumberFormat(tag, { maximumFractionDigits: 8 }).format(n)} ${currency}`;
}

/** A plain number for a locale (`40,000`). */
export function formatAmount(amount: string, localeTag: string): string {
  const n = Number(amount);
  if (!amount || !Number.isFinite(n)) return '';
  try {
    return new Intl.NumberFormat(localeTag, { maximumFractionDigits: 8 }).format(n);
  } catch {
    return new Intl.NumberFormat('en', { maximumFractionDigits: 8 }).format(n);
  }
}
