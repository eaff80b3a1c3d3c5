import { coinIconVersion } from '../util/coin-icon';
import type { CommonConfig, ComplianceResult, ShellData, SiteSettings, UserInfo, UserState } from './types';

/** Coin icons busted hourly (spec 000 §9); also the built-in whitelist when common config fails. */
export const COIN_ICON_WHITELIST = [
  'ats',
  'dog',
  'zk',
  'air',
  'land',
  'emc',
  'trump',
  'strump',
  'orbk',
  'nwc',
  'mong',
  'neiroeth',
  'tlos',
  'mapo',
  'blocx',
  'xprt',
  'buz',
  'cat',
];

export const DEFAULT_USER_INFO: UserInfo = {
  country: 0,
  verified: 0,
  is_sub: 0,
  nickname_source: 'other',
  user_info: { avatar: '', birthday: '', from_channel: '', nft_id: '', nick: '', nick_en: '', sex: 0, uid: '' },
  kyc_status: 0,
  tier: 0,
  phone: '',
  email: '',
  third_part_login: [],
  encrypted_uid: '',
  flag: 0,
  login2: 0,
};

export const DEFAULT_USER_STATE: UserState = {
  ...DEFAULT_USER_INFO,
  isLogin: false,
  clientLoading: false,
  uid: '',
  nickname: '',
};

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  lang_list: [],
  fiat_list: [],
  is_service_host: false,
  curr_fiat: 'USD',
  currency_count: '2700',
  curr_fiat_market_rates: {},
  defaultBuyCryptoFiat: 'USD',
  defaultP2PFiat: 'USD',
  sub_site_id: 0,
};

export const DEFAULT_COMPLIANCE: ComplianceResult = { menu: [], business: [], limit: {}, toast: {}, tips: {} };

export const DEFAULT_COMMON_CONFIG: CommonConfig = { coinIconVersionWhiteList: COIN_ICON_WHITELIST };

export function defaultShellData(): ShellData {
  return structuredClone({
    user: DEFAULT_USER_STATE,
    site: DEFAULT_SITE_SETTINGS,
    compliance: DEFAULT_COMPLIANCE,
    commonConfig: DEFAULT_COMMON_CONFIG,
    coinIconVersion: coinIconVersion(Date.now()),
    downloadLinks: {},
  });
}
