import type { SymbolInfo } from '../types';

/** A symbol of the fake market: its info plus the parameters of its price process. */
export interface MarketSpec extends SymbolInfo {
  /** Typical price. */
  basePrice: number;
  /** Daily volatility of log returns. */
  dailyVol: number;
  /** Typical traded base quantity per second. */
  volumePerSecond: number;
  /** US dollars one unit of the quote is worth (the demo's order sizes and liquidation amounts are in dollars). */
  quoteUsd: number;
  /** A cross rate's legs, whose walks it follows (BTC_TRY = BTC_USDT × USDT_TRY); absent: a walk of its own. */
  legs?: readonly MarketSpec[];
}

/** Turkish lira per US dollar, about. */
const USD_TRY = 34;
/** US dollars per unit of each quote currency. */
const QUOTE_USD: Readonly<Record<string, number>> = { USDT: 1, TRY: 1 / USD_TRY };

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

const spec = (
  symbol: string,
  kind: MarketSpec['kind'],
  description: string,
  basePrice: number,
  dailyVol: number,
  pricePrecision: number,
  qtyPrecision: number,
  volumePerSecond: number,
  listed: string,
): MarketSpec => {
  const [base, quote] = symbol.split('_');
  const quoteUsd = QUOTE_USD[quote] ?? 1;
  return { symbol, base, quote, kind, description, basePrice, dailyVol, pricePrecision, qtyPrecision, volumePerSecond, quoteUsd, listedAt: day(listed) };
};

const USDT_TRY = spec('USDT_TRY', 'SPOT', 'Tether', USD_TRY, 0.006, 3, 2, 2500, '2023-06-01');

/** The lira market of a USDT one: the product of its walk and USDT_TRY's, one decimal fewer, a twentieth of its trade. */
function inLira(leg: MarketSpec): MarketSpec {
  return {
    ...leg,
    symbol: `${leg.base}_TRY`,
    quote: 'TRY',
    basePrice: leg.basePrice * USD_TRY,
    dailyVol: Math.hypot(leg.dailyVol, USDT_TRY.dailyVol),
    pricePrecision: Math.max(0, leg.pricePrecision - Math.floor(Math.log10(USD_TRY))),
    volumePerSecond: leg.volumePerSecond / 20,
    quoteUsd: USDT_TRY.quoteUsd,
    listedAt: Math.max(leg.listedAt, USDT_TRY.listedAt),
    legs: [leg, USDT_TRY],
  };
}

const USDT_MARKET: readonly MarketSpec[] = [
  spec('BTC_USDT', 'SPOT', 'Bitcoin', 65000, 0.025, 1, 5, 0.4, '2017-01-01'),
  spec('ETH_USDT', 'SPOT', 'Ethereum', 3100, 0.032, 2, 4, 6, '2017-01-01'),
  spec('SOL_USDT', 'SPOT', 'Solana', 145, 0.045, 3, 3, 90, '2020-08-11'),
  spec('GT_USDT', 'SPOT', 'GateToken', 8.2, 0.035, 4, 2, 220, '2019-05-21'),
  spec('DOGE_USDT', 'SPOT', 'Dogecoin', 0.135, 0.05, 6, 0, 60000, '2018-03-01'),
  spec('XRP_USDT', 'SPOT', 'XRP', 0.55, 0.04, 5, 1, 9000, '2018-01-10'),
  spec('TON_USDT', 'SPOT', 'Toncoin', 6.4, 0.04, 4, 2, 700, '2021-09-01'),
  spec('PEPE_USDT', 'memebox', 'Pepe', 0.0000085, 0.08, 10, 0, 4e9, '2023-04-17'),
  spec('MOODENG_USDT', 'PILOT', 'Moo Deng', 0.12, 0.09, 6, 0, 80000, '2024-09-12'),
];

/** Bases the fake market also quotes in lira (the Turkish site's default quote). */
const LIRA_BASES = ['BTC', 'ETH', 'SOL', 'DOGE', 'XRP'];

/** The symbols the fake market quotes, with plausible prices and volumes: USDT markets, then lira ones. */
export const MARKET: readonly MarketSpec[] = [...USDT_MARKET, USDT_TRY, ...USDT_MARKET.filter((m) => LIRA_BASES.includes(m.base)).map(inLira)];

/** Looks a symbol up, case-insensitively; null when unknown. */
export function findMarket(symbol: string): MarketSpec | null {
  const s = symbol.toUpperCase();
  return MARKET.find((m) => m.symbol === s) ?? null;
}

/** The public part of a market spec. */
export function symbolInfo(m: MarketSpec): SymbolInfo {
  const { basePrice: _p, dailyVol: _v, volumePerSecond: _q, quoteUsd: _u, legs: _l, ...info } = m;
  return info;
}
