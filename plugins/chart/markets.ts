import type { ChartPluginOptions } from './plugin-options';

/** The quote every site offers markets in. */
const USDT = 'USDT';

/** The markets one site offers, and the one its links open. */
export interface SiteMarkets {
  /** The site's quote currency (its defaultCurrB, upper case), or USDT when no market is quoted in it. */
  quote: string;
  /** Markets offered, BASE_QUOTE, in the order of the `symbols` option: never empty. */
  symbols: readonly string[];
  /** The default market: one of `symbols`. */
  defaultSymbol: string;
}

type MarketOptions = Pick<ChartPluginOptions, 'symbols' | 'defaultBase'>;

const quoteOf = (symbol: string) => symbol.slice(symbol.indexOf('_') + 1);

/**
 * The markets of a site whose default quote is `defaultCurrB` (a region's `defaultCurrB`): those of `symbols` quoted
 * in USDT or in that quote; a quote no market is in leaves the USDT ones (and a list without those, every market).
 * The default market is `defaultBase` in the site's quote, else in USDT, else the first offered.
 */
export function siteMarkets(options: MarketOptions, defaultCurrB: unknown): SiteMarkets {
  const wanted = typeof defaultCurrB === 'string' ? defaultCurrB.toUpperCase() : USDT;
  const quote = options.symbols.some((s) => quoteOf(s) === wanted) ? wanted : USDT;
  const offered = options.symbols.filter((s) => quoteOf(s) === quote || quoteOf(s) === USDT);
  const symbols = offered.length ? offered : options.symbols;
  const pick = [`${options.defaultBase}_${quote}`, `${options.defaultBase}_${USDT}`].find((s) => symbols.includes(s));
  return { quote, symbols, defaultSymbol: pick ?? symbols[0] ?? `${options.defaultBase}_${USDT}` };
}
