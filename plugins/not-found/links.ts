import { localePath } from '../../core/plugin-api';

/** Spec 000 §2: the helpful links, three columns; only the trade link carries the language prefix (`helpfulHref`). */
export const HELPFUL_COLUMNS: string[][] = [
  ['/trade/BTC_USDT', '/futures/USDT/BTC_USDT', '/alpha', '/etf', '/convert/USDT/BTC', '/buy-sell-crypto', '/copytrading'],
  ['/price', '/crypto-market-data', '/price-prediction', '/how-to-buy', '/converter'],
  ['/news', '/learn', '/blog', '/crypto-wiki', '/learn/glossary', '/upcoming-event', '/help'],
];

/** The one helpful link spec 000 §2 writes under the language prefix (/{lang}/trade/BTC_USDT); the others are bare. */
const PREFIXED_HELPFUL = '/trade/BTC_USDT';

/** The target of a helpful link of the shell variant: the trade link under the language prefix, the others as written. */
export function helpfulHref(langPrefix: string, path: string): string {
  return path === PREFIXED_HELPFUL ? localePath(langPrefix, path) : path;
}

/** Spec 001 §2: the module variant's helpful links, each under the locale prefix. */
export const MODULE_LINKS = ['/learn', '/blog', '/live', '/nft', '/post', '/price', '/how-to-buy'];

/** Translation key of a link path: '/futures/USDT/BTC_USDT' -> 'futures'. */
export function linkKey(path: string): string {
  const key = path
    .split('/')
    .filter(Boolean)
    .slice(0, path.startsWith('/learn/') ? 2 : 1)
    .join('_');
  return key.replace(/-/g, '_');
}

/**
 * Trending stories: the halving countdown, then one per configured token. Bare paths, as spec 000 §2 writes them
 * (spec 001 prefixes only its helpful list), so a story is the same page in every language.
 */
export function trendingStories(tokens: string[]): Array<{ key: string; href: string }> {
  return [{ key: 'halving', href: '/explore/bitcoin-halving-countdown' }, ...tokens.map((token) => ({ key: token, href: `/explore/${token}` }))];
}

/** Where "back home" goes: the `redirect` query value that passed `safePath` (null if it did not), else the locale root. */
export function homeTarget(langPrefix: string, redirect: string | null): string {
  return redirect ?? localePath(langPrefix, '/');
}
