import type { SiteSettings } from '../../core/data/types';

/** Spec 000 §3, §9: the currency count when the site settings give none (their documented default). */
export const DEFAULT_COIN_COUNT = 2700;
/** Largest count taken as true; beyond it a reply is malformed. */
const MAX_COIN_COUNT = 100_000;

/**
 * The one coin count the hero, the spot product card and the meta description state: the site settings'
 * `currency_count` (a whole number from 1 to 100000, as digits), else 2700.
 */
export function coinCount(site: Pick<SiteSettings, 'currency_count'>): number {
  const raw = String(site.currency_count ?? '').trim();
  if (!/^\d{1,6}$/.test(raw)) return DEFAULT_COIN_COUNT;
  const n = Number(raw);
  return n >= 1 && n <= MAX_COIN_COUNT ? n : DEFAULT_COIN_COUNT;
}
