import { COIN_ICON_WHITELIST } from '../../../core/data/defaults';
import { LOCALES } from '../../../core/i18n/locales';
import { defineFakeApi, ok, publicAnswer, type FakeResponse } from '../../../core/testing/fake-api-kit';

/** Sub-website ids (spec 000 §3). */
const SUB_SITE_IDS: Record<string, number> = { main: 0, tr: 177, eu: 106, hk: 71, us: 232, bs: 14, sg: 153, uk: 182, jp: 83, ae: 181, testnet: 666, au: 11 };

const MAIN_LANGS = ['en', 'zh', 'tw', 'vn', 'es', 'ru', 'fr', 'de', 'pt', 'br', 'th', 'id', 'tr', 'ja', 'ar', 'uk', 'nl'];
/** Languages each regional site lists in its selector. */
const REGION_LANGS: Record<string, string[]> = {
  main: MAIN_LANGS,
  testnet: MAIN_LANGS,
  bs: ['en', 'zh', 'es'],
  sg: ['en', 'zh'],
  hk: ['tw', 'en', 'zh'],
  tr: ['tr', 'en'],
  eu: ['en-eu', 'it-eu'],
  us: ['en-us'],
  uk: ['en-uk'],
  au: ['en-au'],
  jp: ['ja-jp', 'en-jp'],
  ae: ['en-dubai', 'ar-dubai'],
};
const REGION_FIAT: Record<string, string> = { tr: 'TRY', eu: 'EUR', uk: 'GBP', jp: 'JPY', ae: 'AED', au: 'AUD', hk: 'HKD', sg: 'SGD' };

/** Fiat currencies with their symbols and a fixed market rate against USD. */
const FIATS: Array<{ fiat: string; symbol: string; rate: string }> = [
  { fiat: 'USD', symbol: '$', rate: '1' },
  { fiat: 'EUR', symbol: '€', rate: '0.9213' },
  { fiat: 'GBP', symbol: '£', rate: '0.7861' },
  { fiat: 'TRY', symbol: '₺', rate: '34.2175' },
  { fiat: 'JPY', symbol: '¥', rate: '151.62' },
  { fiat: 'CNY', symbol: '¥', rate: '7.2435' },
  { fiat: 'HKD', symbol: 'HK$', rate: '7.8112' },
  { fiat: 'SGD', symbol: 'S$', rate: '1.3487' },
  { fiat: 'AUD', symbol: 'A$', rate: '1.5219' },
  { fiat: 'AED', symbol: 'د.إ', rate: '3.6725' },
  { fiat: 'RUB', symbol: '₽', rate: '92.41' },
  { fiat: 'BRL', symbol: 'R$', rate: '5.0163' },
  { fiat: 'VND', symbol: '₫', rate: '25385' },
  { fiat: 'KRW', symbol: '₩', rate: '1378.5' },
  { fiat: 'INR', symbol: '₹', rate: '83.47' },
  { fiat: 'UAH', symbol: '₴', rate: '39.62' },
  { fiat: 'THB', symbol: '฿', rate: '36.71' },
  { fiat: 'IDR', symbol: 'Rp', rate: '16140' },
];

/** Site settings (spec 000 §3) for a region key. */
function siteSettingsFor(region: string) {
  const fiat = REGION_FIAT[region] ?? 'USD';
  return {
    lang_list: (REGION_LANGS[region] ?? MAIN_LANGS).map((lang) => ({ lang, name: LOCALES[lang]?.nativeName ?? lang })),
    fiat_list: FIATS.map(({ fiat: f, symbol }) => ({ fiat: f, symbol })),
    is_service_host: false,
    curr_fiat: fiat,
    currency_count: '3800',
    curr_fiat_market_rates: Object.fromEntries(FIATS.map((f) => [f.fiat, f.rate])),
    defaultBuyCryptoFiat: fiat,
    defaultP2PFiat: fiat,
    sub_site_id: SUB_SITE_IDS[region] ?? 0,
  };
}

/** page_download_links.json: per page key, the h5 and web entries (channel code, China and overseas APKs). */
function downloadLinks() {
  const entry = (c: string) => ({
    c,
    china_apk: `https://download.example-exchange.com/cn/exchange-${c}.apk`,
    overseas_apk: `https://download.example-exchange.com/global/exchange-${c}.apk`,
  });
  const pages = ['home', 'appdownload', 'mobileapp', 'campaigns', 'trade', 'futures', 'price', 'footer'];
  return Object.fromEntries(pages.map((p) => [p, { h5: entry(`h5_${p}`), web: entry(`web_${p}`) }]));
}

/** A static file: cacheable for 5 minutes, varying with the scenario cookie only (the same file on every site). */
const staticJson = (body: unknown): FakeResponse => publicAnswer({ body }, 300, 'Cookie');

/**
 * Site settings: public for 30 s, varying like a real exchange's, whose fiat follows the visitor's country (geo-IP):
 * by the client address the shell vouches for (X-Forwarded-For), the site (X-Forwarded-Host) and the scenario cookie.
 */
const SITE_SETTINGS_VARY = 'X-Forwarded-For, X-Forwarded-Host, Cookie';

/** Site settings and the static JSON files of spec 000 §7. */
export default defineFakeApi({
  name: 'core:site',
  routes: {
    'GET /api/web/v1/site/settings': (req) => publicAnswer(ok(siteSettingsFor(req.region ?? 'main')), 30, SITE_SETTINGS_VARY),
    'GET /js/tool/coin_icon_whitelist.json': () => staticJson({ coinIconVersionWhiteList: COIN_ICON_WHITELIST }),
    'GET /js/tool/page_download_links.json': () => staticJson(downloadLinks()),
  },
});
