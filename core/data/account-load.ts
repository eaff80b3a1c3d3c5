import type { HttpClient } from '../http/client';
import {
  ACCOUNT_API,
  ACCOUNT_DEFAULTS,
  accountFigureAsked,
  DEFAULT_FUNDS,
  DEFAULT_VIP_TIER,
  FIGURE_FAILED,
  type AccountData,
  type AccountKey,
  type AccountRegion,
} from './account';
import { conform, isPlain } from './conform';
import { fetchWithDefault } from './fetch-default';

/** A tier value: a number, or a numeric string; anything else (null, true, '') is no tier. */
const tierOf = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** get_user_tier: `data` may be a JSON string (spec 000 §7). */
export const shapeTier = (data: unknown): number | null => {
  let d = data;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      return null;
    }
  }
  const tier = isPlain(d) ? tierOf(d.tier) : tierOf(d);
  return Number.isFinite(tier) ? tier : null;
};

/** How each account reply's `data` is shaped (spec 000 §3). */
const SHAPES: { [K in AccountKey]: (data: unknown) => AccountData[K] } = {
  tier: shapeTier,
  funds: (d) => conform(DEFAULT_FUNDS, d),
  kycStatus: (d) => conform({ kyc_status: 0 }, d).kyc_status,
  subUserType: (d) => (isPlain(d) ? conform({ type: 0, sub_type: 0 }, d) : null),
  vipTier: (d) => conform(DEFAULT_VIP_TIER, d),
};

/**
 * One account figure of the logged-in user on a regional site, from the back end, or `FIGURE_FAILED` (one log line,
 * and the default reported to monitoring) on any failure; the default with no call where the figure is not asked for
 * by the region (`accountFigureAsked`). Never throws. The browser's `fetchAccount`.
 */
export function loadAccountFigure<K extends AccountKey>(
  http: HttpClient,
  key: K,
  region: AccountRegion,
  log: (message: string) => void,
): Promise<AccountData[K] | typeof FIGURE_FAILED> {
  if (!accountFigureAsked(key, region)) return Promise.resolve(ACCOUNT_DEFAULTS[key]);
  return fetchWithDefault<AccountData[K] | typeof FIGURE_FAILED>(http, ACCOUNT_API[key], undefined, FIGURE_FAILED, SHAPES[key], log);
}

/** As `loadAccountFigure`, with the documented default for a failure (a server loader's call). Never throws. */
export async function loadAccountDatum<K extends AccountKey>(
  http: HttpClient,
  key: K,
  region: AccountRegion,
  log: (message: string) => void,
): Promise<AccountData[K]> {
  const value = await loadAccountFigure(http, key, region, log);
  return value === FIGURE_FAILED ? ACCOUNT_DEFAULTS[key] : value;
}
