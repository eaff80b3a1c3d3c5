import type { MenuItem } from '../plugin/menus';
import type { MenuName } from '../plugin/slots';

/** A validated regional site configuration (schemas/region-config.schema.json is the source of truth). */
export type RegionKey = 'main' | 'tr' | 'eu' | 'hk' | 'us' | 'bs' | 'sg' | 'uk' | 'jp' | 'ae' | 'au' | 'testnet';

export const REGION_KEYS: readonly RegionKey[] = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];

/** One plugin's settings in a region config. */
interface PluginEntry {
  /** Default true. */
  enabled?: boolean;
  options?: Record<string, unknown>;
}

export interface RegionDocs {
  agreement: string;
  privacy_policy: string;
  risk_disclosure: string;
  licenses: string;
  about: string;
  important_notes: string;
}

/** Content-Security-Policy settings of a site (see host/server/security.ts). */
interface RegionCsp {
  /** Send the policy as Content-Security-Policy-Report-Only: violations are reported, nothing is blocked. */
  reportOnly?: boolean;
  /** Where browsers send violation reports (report-uri and report-to): a site path or an https URL. */
  reportUri?: string;
  /** Extra sources per directive, beside what the config and the plugins already bring. */
  sources?: Partial<Record<'connect' | 'img' | 'frame' | 'script' | 'style' | 'font' | 'media' | 'form', string[]>>;
}

/** Regional choices of the host footer and its float menu (spec 001 §2, §9); each field has its default. */
export interface RegionFooter {
  /** About and agreement links go to docs.about and docs.agreement (default false: /about_us, /user-agreement). */
  docsLinks?: boolean;
  /** The services column's app-download link (default /mobileapp). */
  downloadLink?: string;
  /** A fixed copyright line (default: © <current year> <name>). */
  copyright?: string;
  /** Load the float menu (default true; never on phones). */
  floatMenu?: boolean;
  /** The float menu's app-download site path, under the language prefix (default /appdownload). */
  floatMenuDownload?: string;
}

/** A registered OpenFeature server provider, by name, asked for the site's flag keys (core/flags/README.md, Provider). */
interface RegionFlagsProvider {
  /** One of the names core/flags/providers.ts registers. */
  provider: string;
  /** The provider's settings. */
  options?: Record<string, unknown>;
  keys: string[];
}

/** Pages other applications of the exchange serve on this site (region-configs/README.md, `otherApps`). */
interface RegionOtherApps {
  /** Path prefixes without the locale prefix, by whole segments: the shell hands them off instead of rendering them. */
  paths: string[];
  /** Where they live when this server gets a request for one: an https origin the server answers 307 to. */
  origin?: string;
}

/** A region's search-engine directives: noindex languages, and alternates on another site (region-configs/README.md). */
interface RegionSeo {
  noindexLanguages?: string[];
  alternates?: Array<{ hreflang: string; region: RegionKey; language: string }>;
}

export interface RegionConfig {
  $schema?: string;
  key: RegionKey;
  /** Sub-website id (spec 000 §3). */
  id: number;
  name: string;
  webSiteDomain: string;
  ogSiteName: string;
  logo: { light: string; night: string };
  ws: { spot: string; futures: string };
  hiddenReferral: boolean;
  hiddenFooterSignup: boolean;
  hiddenThemeSwitch: boolean;
  hiddenLangAndRate: boolean;
  /** Ask for the logged-in user's VIP trial tier (default false: the default tier, no call). */
  vipTier?: boolean;
  footer?: RegionFooter;
  /** The site's rollout flags provider, by registered name (core/flags); absent: region-configs/flags.json. */
  flags?: RegionFlagsProvider;
  /** Default quote currency, lower case (`try` on Turkey, `usdt` elsewhere): the quote of the default market. */
  defaultCurrB: string;
  /** Only on the US, UK, Japan, UAE and AU sites. */
  tradingViewExchange?: string;
  support: { email: string; telegram?: string; phone?: string };
  business: { email: string };
  totpName: string;
  antiDomains: string[];
  /** A locale code (core/i18n/locales.ts), one of `languages`. */
  defaultLang: string;
  languages: string[];
  /** 'as-needed': no prefix for the default language; 'always': every path carries one, but unprefixedPaths. */
  localePrefix: 'as-needed' | 'always';
  unprefixedPaths: string[];
  /** Search-engine directives beyond the canonical link and one alternate per language (spec 000 §2). */
  seo?: RegionSeo;
  docs: RegionDocs;
  marks?: string[];
  api: { dataPathPrefix: string };
  /** Hosts besides this site's own that back-end router/link fields may point at. */
  allowedLinkHosts: string[];
  /**
   * Side-menu entries for pages the exchange serves outside the shell (labels: keys of the `shell` namespace);
   * entries for shell pages come from the plugins that serve them.
   */
  menus?: Partial<Record<MenuName, MenuItem[]>>;
  /** Pages other apps serve: handed off by the server, never rendered or answered 404 by the shell. */
  otherApps?: RegionOtherApps;
  plugins: Record<string, PluginEntry>;
  /** Security headers of the site's pages. */
  security?: { csp?: RegionCsp };
}

/**
 * What a plugin knows of its site: the facts its pages and links need. Not the other plugins' options, the flag
 * provider, the security policy, the support contacts or the host's own switches, which are the host's business.
 */
export const SITE_FACTS = [
  'key',
  'id',
  'name',
  'webSiteDomain',
  'ogSiteName',
  'logo',
  'hiddenReferral',
  'vipTier',
  'defaultCurrB',
  'tradingViewExchange',
  'totpName',
  'defaultLang',
  'languages',
  'localePrefix',
  'unprefixedPaths',
  'docs',
  'marks',
  'allowedLinkHosts',
  'menus',
] as const satisfies ReadonlyArray<keyof RegionConfig>;

export type SiteFacts = Readonly<Pick<RegionConfig, (typeof SITE_FACTS)[number]>>;

/** One site's facts per config (a config lives with its version): the same object for every request of that version. */
const facts = new WeakMap<RegionConfig, SiteFacts>();

/** The site facts of a region config: a frozen copy of only those fields, made once per config. */
export function siteFactsOf(region: RegionConfig): SiteFacts {
  let known = facts.get(region);
  if (!known) facts.set(region, (known = Object.freeze(Object.fromEntries(SITE_FACTS.filter((k) => k in region).map((k) => [k, region[k]])) as SiteFacts)));
  return known;
}
