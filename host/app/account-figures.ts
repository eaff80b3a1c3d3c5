import type { AccountFigure } from '../../core/data/account';
import type { TotalFunds, UserState } from '../../core/data/types';
import { formatNumber } from '../../kit/domain/format';
import { KYC_LEVELS, isNotKycVerified, kycStatusNote, type KycStatusNote } from '../../kit/domain/kyc';
import { localStore } from '../../core/util/storage';

/** localStorage key of the user menu's "hide balance" choice ('1' while hidden). */
export const HIDE_BALANCE_KEY = 'shell.hideBalance';
/** What a hidden balance shows instead of its figures. */
export const HIDDEN_FIGURE = '******';
/** BTC decimals of the balance (the funds reply's own precision). */
const BTC_DECIMALS = 8;
/** Largest balance shown as a number (USD); beyond it, a reply is taken as malformed. */
const MAX_USD = 1e15;

export const balanceHidden = (): boolean => localStore.get(HIDE_BALANCE_KEY) === '1';

/** Remembers the choice (a denied storage keeps it for this page only). */
export function rememberBalanceHidden(hidden: boolean): void {
  if (hidden) localStore.set(HIDE_BALANCE_KEY, '1');
  else localStore.remove(HIDE_BALANCE_KEY);
}

/** The balance as shown: USD in the page language, BTC in the zero-count notation; null when it cannot be shown. */
export function balanceText(funds: TotalFunds, htmlLang: string): { usd: string; btc: string } | null {
  const usd = Number(funds.total_usd);
  const btc = Number(funds.total_btc);
  if (!isAmount(funds.total_usd, usd, MAX_USD) || !isAmount(funds.total_btc, btc, MAX_USD)) return null;
  return {
    usd: localNumber(htmlLang, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(usd),
    btc: `${formatNumber(btc, BTC_DECIMALS)} BTC`,
  };
}

/**
 * A number format in the page language (English for a tag `Intl` refuses). Made per render: the menu's few figures
 * need no cache, and sharing core's cached `numberFormat` would split it out of the plugin chunk that holds it
 * into a shared chunk the logged-in pages load.
 */
export function localNumber(htmlLang: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(htmlLang, options);
  } catch {
    return new Intl.NumberFormat('en', options);
  }
}

/** A decimal string of a non-negative finite number up to `max` (a back end's amount, checked). */
function isAmount(raw: string, n: number, max: number): boolean {
  return typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw.trim()) && Number.isFinite(n) && n >= 0 && n <= max;
}

/** The KYC line (spec 000 §3 levels): unknown when the user info did not arrive (its defaults are no answer). */
export type KycView = { kind: 'unknown' } | { kind: 'level'; level: string | null; company: boolean; incomplete: boolean };

/** Level names by `verified` value: none, 0.5, 1, 2, 3; company apart. */
const LEVEL_NAMES: Readonly<Record<number, string | null>> = {
  [KYC_LEVELS.NONE]: null,
  [KYC_LEVELS.LEVEL_0_5]: '0.5',
  [KYC_LEVELS.LEVEL_1]: '1',
  [KYC_LEVELS.LEVEL_2]: '2',
  [KYC_LEVELS.LEVEL_3]: '3',
  [KYC_LEVELS.COMPANY]: null,
};

/**
 * The user's KYC level and whether to offer verification: incomplete below level 2 (the negative KYC helper, spec
 * 000 §5). A user info that failed (no `user_info.uid`) or an unknown level value is unknown: a dash, not "none".
 */
export function kycView(user: Pick<UserState, 'verified' | 'user_info'>): KycView {
  const verified = user.verified;
  if (!user.user_info?.uid || !Object.prototype.hasOwnProperty.call(LEVEL_NAMES, verified)) return { kind: 'unknown' };
  return { kind: 'level', level: LEVEL_NAMES[verified], company: verified === KYC_LEVELS.COMPANY, incomplete: isNotKycVerified(verified) };
}

/**
 * The KYC status to show beside the level: under review or not approved, once get_kyc_status has answered. While it
 * is asked for, when it failed or answered malformed, and for none or approved: nothing (the level shows alone).
 */
export function kycStatusText(figure: AccountFigure<number>): KycStatusNote | null {
  return figure.status === 'ready' ? kycStatusNote(figure.value) : null;
}

/** The VIP tier to show: a whole number from 0 to 99, else nothing (the figure stays a dash). */
export function vipTierText(figure: AccountFigure<number | null>): string | null {
  const tier = figure.value;
  if (figure.status !== 'ready' || tier === null || !Number.isInteger(tier) || tier < 0 || tier > 99) return null;
  return String(tier);
}
