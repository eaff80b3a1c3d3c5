import { numberFormat } from './intl';
import type { SiteSettings } from '../../core/plugin-api';

/** Spec 000 §3, §9: the currency count when the site settings give none (their documented default). */
export const DEFAULT_COIN_COUNT = 2700;
/** Largest count taken as true; beyond it a reply is malformed. */
const MAX_COIN_COUNT = 100_000;

/**
 * The site's one coin count: the site settings' `currency_count` (a whole number from 1 to 100000, as digits), else
 * 2700. The home hero, the spot product card, every page's meta description and the home statistics' "Cryptocurrencies
 * listed" all state this number, so a page never shows two.
 */
export function coinCount(site: Pick<SiteSettings, 'currency_count'>): number {
  const raw = String(site.currency_count ?? '').trim();
  if (!/^\d{1,6}$/.test(raw)) return DEFAULT_COIN_COUNT;
  const n = Number(raw);
  return n >= 1 && n <= MAX_COIN_COUNT ? n : DEFAULT_COIN_COUNT;
}

/** The count as the page writes it: grouped by `Intl` for the page's language tag (`3,800`, `3.800`, `3 800`). */
export function coinCountText(count: number, htmlLang: string): string {
  return numberFormat(htmlLang, { maximumFractionDigits: 0 }).format(count);
}

/**
 * The values a text stating the coin count takes: `count` picks the plural form, `{{coins}}` writes the number
 * (`t('home.heroLead', coinCountValues(site, locale.html))`).
 */
export function coinCountValues(site: Pick<SiteSettings, 'currency_count'>, htmlLang: string): { count: number; coins: string } {
  const count = coinCount(site);
  return { count, coins: coinCountText(count, htmlLang) };
}
