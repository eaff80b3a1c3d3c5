/**
 * The parts of a request's flag context that come from the device and from the back end's numbering: the app's
 * version (read as the deep-links plugin reads it) and the user's country as an ISO code.
 */
import { appVersionOf, countryCodeOf, type CountryTable } from '../../core/flags/context-parts';
import type { RegionPlan } from '../../core/registry/plan';
import type { ServerCookieJar } from '../../core/util/cookies';
import { parseAppVersion } from '../../plugins/deep-links';

/** Longest user agent read for the app's product token (characters); the rest is not looked at. */
export const MAX_USER_AGENT = 2_048;

/** The deep-links plugin's defaults (plugins/deep-links/schema.json), used when the region does not plan it. */
const APP_VERSION_COOKIE = 'app_version';
const USER_AGENT_TOKEN = 'ExchangeApp';

/** Where the app's version is read: the region's deep-links options when it plans the plugin, else their defaults. */
function appVersionSource(plan: RegionPlan): { cookie: string; token: string } {
  const options = plan.plugins.find((p) => p.id === 'deep-links')?.options ?? {};
  return {
    cookie: typeof options.appVersionCookie === 'string' ? options.appVersionCookie : APP_VERSION_COOKIE,
    token: typeof options.userAgentToken === 'string' ? options.userAgentToken : USER_AGENT_TOKEN,
  };
}

/**
 * The native app's version as `<build>.0.0`: the version cookie (digits), else the user agent's `<token>/<digits>`
 * (spec 001 §6 and §9 give builds: Android versionCode, iOS yyyymmddNNNN); unset when neither says.
 */
export function requestAppVersion(plan: RegionPlan, cookies: Pick<ServerCookieJar, 'peek'>, userAgent: string | undefined): string | undefined {
  const source = appVersionSource(plan);
  // peek: what the flags make of it is in the page's plan, which page reuse compares.
  const build = parseAppVersion({ cookie: cookies.peek(source.cookie), userAgent: userAgent?.slice(0, MAX_USER_AGENT), token: source.token });
  return appVersionOf(build);
}

/**
 * The embedded fake API's numbering of the countries it names (core/testing/fake-api/persona.ts `COUNTRY`, kept
 * equal by a test; written out here so the server never loads the fake API's modules behind API_ORIGIN). A real back
 * end's numbering is not in the specs, so behind API_ORIGIN no table applies and `country` stays unset.
 */
export const FAKE_API_COUNTRIES: CountryTable = Object.freeze({ 98: 'HK', 229: 'UZ', 234: 'US', 235: 'GB', 113: 'KP' });

/** The user's country as an ISO 3166-1 alpha-2 code, when the back end's numbering is known and lists the id. */
export function requestCountry(fakeApi: boolean, countryId: unknown): string | undefined {
  return countryCodeOf(countryId, fakeApi ? FAKE_API_COUNTRIES : undefined);
}
