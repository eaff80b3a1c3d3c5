/** Entities of spec 000 §3, with the defaults used when not logged in or on failure (§8). */

export interface UserInfo {
  country: number;
  /** KYC level (spec 000 §3 levels map). */
  verified: number;
  is_sub: number;
  nickname_source: string;
  user_info: {
    avatar: string;
    birthday: string;
    from_channel: string;
    nft_id: string;
    nick: string;
    nick_en: string;
    sex: number;
    uid: string;
  };
  kyc_status: number;
  tier: number;
  phone: string;
  email: string;
  third_part_login: string[];
  encrypted_uid: string;
  flag: number;
  login2: number;
}

/** User info plus the client-side fields (`total_usd`, the other one spec 000 §3 names, is on demand: account.ts). */
export interface UserState extends UserInfo {
  isLogin: boolean;
  clientLoading: boolean;
  uid: string;
  nickname: string;
}

export interface SiteSettings {
  lang_list: Array<{ lang: string; name: string }>;
  fiat_list: Array<{ fiat: string; symbol: string }>;
  is_service_host: boolean;
  curr_fiat: string;
  currency_count: string;
  curr_fiat_market_rates: Record<string, string>;
  defaultBuyCryptoFiat: string;
  defaultP2PFiat: string;
  sub_site_id: number;
}

export interface ComplianceLimit {
  is_uk_limit: boolean;
  brazil_toast: boolean;
  is_nl_limit: boolean;
  is_italy_limit: boolean;
  ltw_toast: boolean;
  is_uzbekistan_toast: boolean;
  is_show_compliance_tips: boolean;
  is_blocked_country: boolean;
  limit_country: string;
  is_us_toast: boolean;
  is_main: boolean;
  is_uk_ip: boolean;
  is_au_ip: boolean;
  is_jp_toast: boolean;
  is_ae_toast: boolean;
}

export interface ComplianceToast {
  is_hk_user: boolean;
  is_withdraw_only_user: boolean;
  limit_country_user_status: string;
  kyc_toast: string;
}

export interface ComplianceResult {
  /** Disabled feature codes. */
  menu: string[];
  business: string[];
  limit: Partial<ComplianceLimit>;
  toast: Partial<ComplianceToast>;
  tips: Record<string, unknown>;
}

export interface TotalFunds {
  total_btc: string;
  total_usd: string;
}

export interface VipTier {
  trial: { tier: number; expire_time: number };
}

export interface CommonConfig {
  coinIconVersionWhiteList: string[];
}

export interface DownloadLinkEntry {
  c: string;
  china_apk: string;
  overseas_apk: string;
}

/** Per page key: the h5 and web download entries. */
export type DownloadLinks = Record<string, { h5?: DownloadLinkEntry; web?: DownloadLinkEntry }>;

export interface SubUserType {
  type: number;
  sub_type: number;
}

/** Everything the core loaders put into a page (serialized for hydration); on-demand account figures: account.ts. */
export interface ShellData {
  user: UserState;
  site: SiteSettings;
  compliance: ComplianceResult;
  commonConfig: CommonConfig;
  /**
   * The hourly coin-icon version (UTC yyyymmddHH, spec 000 §9) of the server's render: the browser starts from it,
   * so server and browser build the same icon URLs, and moves on at the next UTC hour.
   */
  coinIconVersion: string;
  downloadLinks: DownloadLinks;
}
