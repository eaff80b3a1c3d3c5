import type { HttpClient } from '../http/client';
import { ACCOUNT_API, ACCOUNT_DEFAULTS, ACCOUNT_REGIONS, DEFAULT_FUNDS, DEFAULT_VIP_TIER, type AccountData, type AccountKey } from './account';
import { conform, isPlain } from './conform';
import { fetchWithDefault } from './fetch-default';

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
  const tier = isPlain(d) ? Number(d.tier) : Number(d);
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
 * One account figure of the logged-in user on a regional site, from the back end; its default on any failure, and
 * with no call where the figure is not asked for (`ACCOUNT_REGIONS`). Never throws.
 */
export function loadAccountDatum<K extends AccountKey>(http: HttpClient, key: K, regionKey: string, log: (message: string) => void): Promise<AccountData[K]> {
  const regions = ACCOUNT_REGIONS[key];
  if (regions && !regions.includes(regionKey)) return Promise.resolve(ACCOUNT_DEFAULTS[key]);
  return fetchWithDefault(http, ACCOUNT_API[key], undefined, ACCOUNT_DEFAULTS[key], SHAPES[key], log);
}
