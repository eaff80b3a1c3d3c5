import type { i18n } from 'i18next';
import type { SiteSettings } from '../../core/plugin-api';
import { coinCount, coinCountText } from '../../kit/domain/coin-count';
import { KeptPerOwner } from '../../core/util/kept';

/**
 * By the server's shared per-language instance, then site name, coin count and language tag: at most 64 per instance
 * before the oldest go (sites × coin counts × language tags: a handful).
 */
const kept = new KeptPerOwner<i18n, string>(64);

/**
 * Every page's meta description: the site's name and its coin count, in the page's language. Public text, the same
 * for every page of a site and language: translated once (its plural form and grouped number cost ~40 µs a page).
 */
export function metaDescription(i18n: i18n, siteName: string, site: Pick<SiteSettings, 'currency_count'>, htmlLang: string): string {
  const count = coinCount(site);
  return kept.get(i18n, `${siteName}\u0000${count}\u0000${htmlLang}`, () =>
    i18n.t('meta.description', { ns: 'shell', site: siteName, count, coins: coinCountText(count, htmlLang) }),
  );
}
