import { type HttpClient } from '../../../core/plugin-api';
import { coinCountText } from '../../../kit';
import { numberFormat } from '../../../kit/domain/intl';
import { HOME_API, logFallback, type Envelope } from '../types';

/** Home static stats (spec 001 §3). */
export interface HomeStats {
  trading_volume: number;
  curr_count: number;
  user_register_count: number;
  simple_earn_apr_usdt: number;
  max_profit_rate: number;
  lend_earn_max_rate: number;
  total_reserve_rate: number;
}

export type StatKey = keyof HomeStats;

/** Display order of the figures. */
const STAT_KEYS: readonly StatKey[] = [
  'trading_volume',
  'user_register_count',
  'curr_count',
  'total_reserve_rate',
  'simple_earn_apr_usdt',
  'lend_earn_max_rate',
  'max_profit_rate',
];

/** Spec 001 §8: zero stats on failure. */
export const ZERO_STATS: HomeStats = Object.freeze(Object.fromEntries(STAT_KEYS.map((k) => [k, 0])) as unknown as HomeStats);

/** Numbers (or numeric strings) of a reply's data; anything else reads as 0. */
export function toHomeStats(data: unknown): HomeStats {
  const src = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const num = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : NaN;
    return Number.isFinite(n) && n >= 0 ? n : 0;
  };
  return Object.fromEntries(STAT_KEYS.map((k) => [k, num(src[k])])) as unknown as HomeStats;
}

/**
 * The figures with the site's one coin count (core `coinCount`: the site settings' `currency_count`, else 2700) in
 * place of the reply's `curr_count`, so "Cryptocurrencies listed" states the number the hero and the meta description
 * state. A failed call's zeros stay zeros (the section hides).
 */
export function withSiteCoinCount(stats: HomeStats, siteCoinCount: number): HomeStats {
  return isEmptyStats(stats) ? stats : { ...stats, curr_count: siteCoinCount };
}

/** GET homeStaticTradeData; zeros (and a log line) when the call fails or answers a non-zero code. */
export async function fetchHomeStats(http: HttpClient): Promise<HomeStats> {
  try {
    const reply = await http.get<Envelope<unknown>>(HOME_API.stats, undefined, { shared: true });
    if (!reply || reply.code !== 0) {
      logFallback('home stats unavailable', reply?.message ?? 'no reply');
      return { ...ZERO_STATS };
    }
    return toHomeStats(reply.data);
  } catch (err) {
    logFallback('home stats failed', (err as Error)?.message);
    return { ...ZERO_STATS };
  }
}

/** One figure ready to show. */
export interface StatView {
  key: StatKey;
  value: string;
}

/** What the stats loader puts into the page: the figures and their server-formatted text. */
export interface StatsLoaderData {
  stats: HomeStats;
  views: StatView[];
}

/**
 * Formats the figures for a locale (BCP 47 tag): volumes compact (`$2.48B`, `32.5M`), the coin count grouped as the
 * hero writes it (`coinCountText`), rates as percents. `rateUnit` says whether 12.5 means 12.5 % ('percent') or 1250 % ('fraction').
 */
export function formatHomeStats(stats: HomeStats, localeTag: string, rateUnit: 'percent' | 'fraction' = 'percent'): StatView[] {
  // The same figures are formatted for every home page until they change (they are shared for 30 s).
  const key = `${localeTag}|${rateUnit}|${STAT_KEYS.map((k) => stats[k]).join(',')}`;
  let views = formatted.get(key);
  if (!views) {
    if (formatted.size >= 256) formatted.clear();
    formatted.set(key, (views = format(stats, localeTag, rateUnit)));
  }
  return views;
}

const formatted = new Map<string, StatView[]>();

function format(stats: HomeStats, localeTag: string, rateUnit: 'percent' | 'fraction'): StatView[] {
  const money = numberFormat(localeTag, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 });
  const compact = numberFormat(localeTag, { notation: 'compact', maximumFractionDigits: 1 });
  const percent = numberFormat(localeTag, { style: 'percent', maximumFractionDigits: 2 });
  return STAT_KEYS.map((key) => {
    const n = stats[key];
    let value: string;
    if (key === 'trading_volume') value = money.format(n);
    else if (key === 'user_register_count') value = compact.format(n);
    else if (key === 'curr_count') value = coinCountText(n, localeTag);
    else value = percent.format(rateUnit === 'percent' ? n / 100 : n);
    return { key, value };
  });
}

/** True when every figure is zero (nothing worth showing). */
export function isEmptyStats(stats: HomeStats): boolean {
  return STAT_KEYS.every((k) => !stats[k]);
}
