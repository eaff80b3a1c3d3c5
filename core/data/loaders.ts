import { coinIconVersion } from '../util/coin-icon';
import type { HttpClient } from '../http/client';
import { conform, conformRecord, isPlain } from './conform';
import { fetchWithDefault, shapeOnce } from './fetch-default';
import { DEFAULT_COMMON_CONFIG, DEFAULT_COMPLIANCE, DEFAULT_SITE_SETTINGS, DEFAULT_USER_INFO, DEFAULT_USER_STATE } from './defaults';
import { shouldFetchUserInfo } from './rules';
import type { ComplianceLimit, ComplianceResult, ComplianceToast, DownloadLinks, ShellData, SiteSettings, UserState } from './types';

type Log = (message: string) => void;

/** Every field of the compliance check, so a reply is conformed field by field. */
const FULL_LIMIT: ComplianceLimit = {
  is_uk_limit: false,
  brazil_toast: false,
  is_nl_limit: false,
  is_italy_limit: false,
  ltw_toast: false,
  is_uzbekistan_toast: false,
  is_show_compliance_tips: false,
  is_blocked_country: false,
  limit_country: '',
  is_us_toast: false,
  is_main: false,
  is_uk_ip: false,
  is_au_ip: false,
  is_jp_toast: false,
  is_ae_toast: false,
};
const FULL_TOAST: ComplianceToast = { is_hk_user: false, is_withdraw_only_user: false, limit_country_user_status: '', kyc_toast: '' };

export const API = {
  userInfo: '/api/web/v1/usercenter/get_info',
  siteSettings: '/api/web/v1/site/settings',
  compliance: '/api/web/v1/compliance/check',
  coinIconWhitelist: '/js/tool/coin_icon_whitelist.json',
  downloadLinks: '/js/tool/page_download_links.json',
} as const;

/** Fetches a static JSON file (no envelope); failure gives the fallback. */
async function fetchStatic<T>(http: HttpClient, path: string, fallback: T, shape: (data: unknown) => T, log: Log): Promise<T> {
  try {
    const body = await http.get<unknown>(path, undefined, { raw: true, shared: true });
    if (body !== undefined) return shapeOnce(body, true, () => shape(body));
  } catch (err) {
    log(`[data] ${path}: ${(err as Error)?.message ?? err}, using the default`);
  }
  http.reportDefault(path);
  return fallback;
}

export const shapeSiteSettings = (data: unknown): SiteSettings => {
  const d = conform(DEFAULT_SITE_SETTINGS, data);
  const raw = isPlain(data) ? data : {};
  return {
    ...d,
    lang_list: conform([{ lang: '', name: '' }], raw.lang_list).filter((l) => l.lang),
    fiat_list: conform([{ fiat: '', symbol: '' }], raw.fiat_list).filter((f) => f.fiat),
    curr_fiat_market_rates: conformRecord('', raw.curr_fiat_market_rates),
  };
};

export const shapeCompliance = (data: unknown): ComplianceResult => {
  if (!isPlain(data)) return DEFAULT_COMPLIANCE;
  return {
    menu: conform([''], data.menu).filter(Boolean),
    business: conform([''], data.business).filter(Boolean),
    limit: conform(FULL_LIMIT, data.limit),
    toast: conform(FULL_TOAST, data.toast),
    tips: isPlain(data.tips) ? (JSON.parse(JSON.stringify(data.tips)) as Record<string, unknown>) : {},
  };
};

export const shapeDownloadLinks = (data: unknown): DownloadLinks => {
  if (!isPlain(data)) return {};
  const entry = { c: '', china_apk: '', overseas_apk: '' };
  const out: DownloadLinks = {};
  for (const [page, v] of Object.entries(data)) {
    if (!isPlain(v) || (!isPlain(v.h5) && !isPlain(v.web))) continue;
    out[page] = {
      ...(isPlain(v.h5) ? { h5: conform(entry, v.h5) } : {}),
      ...(isPlain(v.web) ? { web: conform(entry, v.web) } : {}),
    };
  }
  return out;
};

export interface LoadShellDataInput {
  http: HttpClient;
  path: string;
  locale: string;
  isLogin: boolean;
  uid: string;
  nickname: string;
  isNotFound: boolean;
  /**
   * Whether the header's common data exists (spec 000 §5: user info is fetched only if logged in or if it does
   * not). A page load fetches it in this same batch, so it exists unless a caller says otherwise.
   */
  hasCommonData?: boolean;
  /** The render's clock (ms), for the hourly coin-icon version; default now. */
  now?: number;
  log: Log;
}

/**
 * Loads the core data of spec 000 §3 a page renders from, in parallel, each with its documented default. Never
 * throws. The account figures no first render shows (tier, funds, KYC status, sub-account type, VIP tier) are not
 * among them: the browser asks for those on demand (account.ts).
 */
export async function loadShellData(input: LoadShellDataInput): Promise<ShellData> {
  const { http, log, isLogin } = input;
  const fetchUser = shouldFetchUserInfo({ path: input.path, isLogin, hasCommonData: input.hasCommonData ?? true, isNotFound: input.isNotFound });

  const [userInfo, site, compliance, commonConfig, downloadLinks] = await Promise.all([
    fetchUser ? fetchWithDefault(http, API.userInfo, undefined, null, (d) => (isPlain(d) ? conform(DEFAULT_USER_INFO, d) : null), log) : Promise.resolve(null),
    fetchWithDefault(http, API.siteSettings, undefined, DEFAULT_SITE_SETTINGS, shapeSiteSettings, log, { shared: true }),
    fetchWithDefault(http, API.compliance, { lang: input.locale }, DEFAULT_COMPLIANCE, shapeCompliance, log),
    fetchStatic(
      http,
      API.coinIconWhitelist,
      DEFAULT_COMMON_CONFIG,
      (d) => {
        const list = isPlain(d) ? conform([''], d.coinIconVersionWhiteList).filter(Boolean) : [];
        return list.length ? { coinIconVersionWhiteList: list } : DEFAULT_COMMON_CONFIG;
      },
      log,
    ),
    fetchStatic(http, API.downloadLinks, {}, shapeDownloadLinks, log),
  ]);

  const user: UserState = {
    ...DEFAULT_USER_STATE,
    ...(userInfo ?? {}),
    isLogin,
    uid: isLogin ? input.uid : '',
    nickname: isLogin ? userInfo?.user_info.nick || input.nickname : '',
  };
  return {
    user,
    site,
    compliance,
    commonConfig,
    coinIconVersion: coinIconVersion(input.now ?? Date.now()),
    downloadLinks,
  };
}
