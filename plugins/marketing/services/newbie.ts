import type { HttpClient } from '../../../core/plugin-api';
import { dailyCounter, sameLocalDay } from '../../../core/plugin-api';
import { logFallback, type Envelope } from '../types';

/** The experiment variant of the new-user popup: 1 = A, 2 = B. */
export type NewbieVariant = 1 | 2;

/** Prize numbers (spec 001 §3): group_A.num, group_B.num_first / num_second, the guide's prize_num. */
export interface NewbiePrize {
  variant: NewbieVariant | null;
  currency: string;
  groupA: string;
  groupBFirst: string;
  groupBSecond: string;
  guideTotal: string;
}

/** Spec 001 §8: empty prize on failure. */
export const EMPTY_PRIZE: NewbiePrize = Object.freeze({ variant: null, currency: '', groupA: '', groupBFirst: '', groupBSecond: '', guideTotal: '' });

const amount = (v: unknown) => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d+(\.\d+)?$/.test(s) && Number(s) > 0 ? s : '';
};

/** The variant from the experiment field: 1 or 2 (number or text), else null (hidden). */
export function toVariant(v: unknown): NewbieVariant | null {
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  return n === 1 || n === 2 ? n : null;
}

/** Reads the prize pop and guide replies (pure). */
export function toPrize(pop: unknown, guide: unknown, experimentField: string): NewbiePrize {
  const p = pop && typeof pop === 'object' ? (pop as Record<string, unknown>) : {};
  const a = (p.group_A && typeof p.group_A === 'object' ? p.group_A : {}) as Record<string, unknown>;
  const b = (p.group_B && typeof p.group_B === 'object' ? p.group_B : {}) as Record<string, unknown>;
  const g = guide && typeof guide === 'object' ? (guide as Record<string, unknown>) : {};
  const currency = typeof p.currency === 'string' && /^[A-Za-z0-9]{1,16}$/.test(p.currency) ? p.currency.toUpperCase() : 'USDT';
  return {
    variant: toVariant(p[experimentField]),
    currency,
    groupA: amount(a.num),
    groupBFirst: amount(b.num_first),
    groupBSecond: amount(b.num_second),
    guideTotal: amount(g.prize_num),
  };
}

/** Whether the popup has what its variant needs to show. */
export function hasPrize(prize: NewbiePrize): boolean {
  if (prize.variant === 1) return prize.groupA !== '';
  if (prize.variant === 2) return prize.groupBFirst !== '' || prize.groupBSecond !== '';
  return false;
}

/**
 * Spec 001 §5 and §9: a stored counter `count/timestamp` (anything else ignored) allows another show when fewer
 * than `maxPerDay` happened today and the last one is at least `minGapMs` ago. A timestamp in the future is ignored.
 */
export function mayShowNewbie(raw: string | null, now: number, rules: { maxPerDay: number; minGapMs: number }): boolean {
  const parsed = dailyCounter.parse(raw);
  if (!parsed || parsed.at > now) return true;
  const today = sameLocalDay(parsed.at, now) ? parsed.count : 0;
  return today < rules.maxPerDay && now - parsed.at >= rules.minGapMs;
}

/** GET the prize pop and the guide together; empty prize (and a log line) on failure. */
export async function fetchNewbiePrize(http: HttpClient, paths: { prizePopPath: string; guidePath: string }, experimentField: string): Promise<NewbiePrize> {
  const [pop, guide] = await Promise.all([
    http.get<Envelope>(paths.prizePopPath).catch(() => undefined),
    http.get<Envelope>(paths.guidePath).catch(() => undefined),
  ]);
  if (!pop || pop.code !== 0) {
    logFallback('newbie prize unavailable', pop?.message ?? 'no reply');
    return { ...EMPTY_PRIZE };
  }
  if (!guide || guide.code !== 0) logFallback('newbie prize guide unavailable', guide?.message ?? 'no reply');
  return toPrize(pop.data, guide?.code === 0 ? guide.data : undefined, experimentField);
}
