/**
 * Context fields made from the back end's and the device's hostile values: each is checked, and anything out of
 * shape leaves the field unset (targeting then sees no value, as for a visitor).
 */

/** Highest VIP tier kept (the exchange's tiers are small whole numbers; anything above is not a tier). */
export const MAX_VIP_TIER = 99;
/** Highest country id looked up (the back end's numbering is a small whole number). */
const MAX_COUNTRY_ID = 9_999;
/** Most digits of an app build number (Android versionCode, iOS yyyymmddNNNN: 12). */
const MAX_BUILD_DIGITS = 14;

/** A back end's numbering of countries: its numeric id → ISO 3166-1 alpha-2 code. */
export type CountryTable = Readonly<Record<number, string>>;

const ALPHA_2 = /^[A-Z]{2}$/;

const wholeIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The user's VIP tier: a whole number from 0 to MAX_VIP_TIER, else unset. */
export function vipTierOf(tier: unknown): number | undefined {
  return wholeIn(tier, 0, MAX_VIP_TIER) ? tier : undefined;
}

/** The back end's id of the user's country: a whole number from 1 to 9,999 (0 is the spec's "unknown"), else unset. */
export function countryIdOf(id: unknown): number | undefined {
  return wholeIn(id, 1, MAX_COUNTRY_ID) ? id : undefined;
}

/** The ISO 3166-1 alpha-2 code of a country id in `table`; unset for an id out of range, not listed, or a bad code. */
export function countryCodeOf(id: unknown, table: CountryTable | undefined): string | undefined {
  const known = countryIdOf(id);
  if (!table || known === undefined || !Object.hasOwn(table, known)) return undefined;
  const code = table[known];
  return typeof code === 'string' && ALPHA_2.test(code) ? code : undefined;
}

/**
 * An app build number as a semantic version `<build>.0.0`, so flagd's `sem_ver` compares builds as numbers
 * (`{"sem_ver": [{"var": "appVersion"}, ">=", "658020.0.0"]}`); unset for anything but a whole number of at most
 * 14 digits.
 */
export function appVersionOf(build: number | null | undefined): string | undefined {
  return wholeIn(build, 0, 10 ** MAX_BUILD_DIGITS - 1) ? `${build}.0.0` : undefined;
}
