/** Coin icon URLs (spec 000 §3, §8, §9; spec 001 §5, §9): image defaults and the hourly cache-busting version. */

/** Spec 000 §9: default image width 28, quality 75. */
export const COIN_ICON_DEFAULTS = { width: 28, quality: 75 } as const;

/** Where coin icons live: `${base}${symbol}.png` (the lead may point it at the CDN). */
const COIN_ICON_BASE = '/cdn/coin-icons/';

/** The default coin icon shown when an icon fails to load (spec 000 §8): a neutral coin, inline so it never fails. */
export const DEFAULT_COIN_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#8a93a6"/><circle cx="16" cy="16" r="10.5" fill="none" stroke="#fff" stroke-width="2"/><path d="M16 10.5v11M13 13.5h4.5a2 2 0 0 1 0 4H13" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>',
  );

const SYMBOL = /^[A-Za-z0-9_.-]{1,32}$/;

/** The hourly version (UTC yyyymmddHH): changes once an hour so whitelisted icons are re-fetched hourly. */
export function coinIconVersion(nowMs: number): string {
  const d = new Date(nowMs);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}`;
}

export interface CoinIconUrlOptions {
  width?: number;
  quality?: number;
  /** Coins busted hourly (core data commonConfig.coinIconVersionWhiteList). */
  whitelist?: readonly string[];
  base?: string;
  /** The hourly version to use (ShellData.coinIconVersion); default computed from `now`. */
  version?: string;
  now?: number;
}

/** True when the coin's icon gets the hourly version (case-insensitive). */
export function isVersionedCoin(symbol: string, whitelist: readonly string[] = []): boolean {
  const s = symbol.toLowerCase();
  return whitelist.some((w) => w.toLowerCase() === s);
}

/**
 * The icon URL of a coin: `${base}${symbol}.png?w=28&q=75`, plus `&v=<yyyymmddHH>` for whitelisted coins.
 * An unusable symbol gives the default icon.
 */
export function coinIconUrl(
  symbol: string,
  {
    width = COIN_ICON_DEFAULTS.width,
    quality = COIN_ICON_DEFAULTS.quality,
    whitelist = [],
    base = COIN_ICON_BASE,
    version,
    now = Date.now(),
  }: CoinIconUrlOptions = {},
): string {
  if (typeof symbol !== 'string' || !SYMBOL.test(symbol)) return DEFAULT_COIN_ICON;
  const params = new URLSearchParams({ w: String(Math.round(width)), q: String(Math.round(quality)) });
  if (isVersionedCoin(symbol, whitelist)) params.set('v', version ?? coinIconVersion(now));
  return `${base}${encodeURIComponent(symbol.toLowerCase())}.png?${params}`;
}

/** Milliseconds from `nowMs` to the next full UTC hour, when the version changes. */
export function msToNextHour(nowMs: number): number {
  return 3_600_000 - (nowMs % 3_600_000);
}
