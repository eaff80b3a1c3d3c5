import { localePath } from '../../core';

/** Spec 000 §2: the helpful links, three columns (the first column's trade link carries the language prefix). */
export const HELPFUL_COLUMNS: string[][] = [
  ['/trade/BTC_USDT', '/futures/USDT/BTC_USDT', '/alpha', '/etf', '/convert/USDT/BTC', '/buy-sell-crypto', '/copytrading'],
  ['/price', '/crypto-market-data', '/price-prediction', '/how-to-buy', '/converter'],
  ['/news', '/learn', '/blog', '/crypto-wiki', '/learn/glossary', '/upcoming-event', '/help'],
];

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

/** Trending stories: the halving countdown, then one per configured token. */
export function trendingStories(langPrefix: string, tokens: string[]): Array<{ key: string; href: string }> {
  return [
    { key: 'halving', href: localePath(langPrefix, '/explore/bitcoin-halving-countdown') },
    ...tokens.map((token) => ({ key: token, href: localePath(langPrefix, `/explore/${token}`) })),
  ];
}

/** Where "back home" goes: the `redirect` query value that passed `safePath` (null if it did not), else the locale root. */
export function homeTarget(langPrefix: string, redirect: string | null): string {
  return redirect ?? localePath(langPrefix, '/');
}
