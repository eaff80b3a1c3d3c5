import type { HttpClient } from '../http/client';
import { ACCOUNT_API, ACCOUNT_DEFAULTS, type AccountData, type AccountKey } from './account';
import { conform, isPlain } from './conform';
import { DEFAULT_FUNDS } from './defaults';
import { fetchWithDefault, shapeTier } from './loaders';

/** How each account reply's `data` is shaped (spec 000 §3). */
const SHAPES: { [K in AccountKey]: (data: unknown) => AccountData[K] } = {
  tier: shapeTier,
  funds: (d) => conform(DEFAULT_FUNDS, d),
  kycStatus: (d) => conform({ kyc_status: 0 }, d).kyc_status,
  subUserType: (d) => (isPlain(d) ? conform({ type: 0, sub_type: 0 }, d) : null),
};

/** One account figure of the logged-in user, from the back end; its default on any failure. Never throws. */
export function loadAccountDatum<K extends AccountKey>(http: HttpClient, key: K, log: (message: string) => void): Promise<AccountData[K]> {
  return fetchWithDefault(http, ACCOUNT_API[key], undefined, ACCOUNT_DEFAULTS[key], SHAPES[key], log);
}
