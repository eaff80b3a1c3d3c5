import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegionConfig } from '../../core/config/region';
import { defaultShellData } from '../../core/data/defaults';
import type { FlagContext } from '../../core/flags/types';
import type { RegionPlan } from '../../core/registry/plan';
import { COUNTRY } from '../../core/testing/fake-api-kit';
import { ServerCookieJar } from '../../core/util/cookies';
import { parseAppVersion } from '../../plugins/deep-links';
import type { ServerApp, SiteVersion } from './app-context';
import { FAKE_API_COUNTRIES, MAX_USER_AGENT, requestAppVersion, requestCountry } from './flag-context';
import { requestFlags } from './request-flags';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const plan = (plugins: RegionPlan['plugins'] = []): RegionPlan => ({ region: 'main', plugins });
const jar = (cookie?: string) => new ServerCookieJar(cookie);
/** A cookie value as a browser could send it (no separators). */
const cookieValue = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replace(/[;,\s=]/g, ''));

describe('requestAppVersion', () => {
  it('is unset or a strict semantic version, for any cookie and user agent', () => {
    fc.assert(
      fc.property(cookieValue, fc.option(fc.string({ unit: 'binary', maxLength: 600 })), (cookie, userAgent) => {
        const version = requestAppVersion(plan(), jar(`app_version=${encodeURIComponent(cookie)}`), userAgent ?? undefined);
        if (version !== undefined) expect(version).toMatch(SEMVER);
      }),
    );
  });

  it('reads the build as the deep-links plugin does: the cookie first, then the user agent token', () => {
    fc.assert(
      fc.property(
        fc.option(fc.stringMatching(/^\d{1,16}$/)),
        fc.option(fc.stringMatching(/^Mozilla\/5\.0 (ExchangeApp|Other)\/\d{1,16}( Mobile)?$/)),
        (cookie, ua) => {
          const build = parseAppVersion({ cookie, userAgent: ua });
          const version = requestAppVersion(plan(), jar(cookie === null ? undefined : `app_version=${cookie}`), ua ?? undefined);
          expect(version).toBe(build === null ? undefined : `${build}.0.0`);
        },
      ),
    );
    expect(requestAppVersion(plan(), jar('app_version=202504080001'), undefined)).toBe('202504080001.0.0');
    expect(requestAppVersion(plan(), jar('app_version=6.58.0'), 'Mozilla/5.0 ExchangeApp/658020')).toBe('658020.0.0');
    expect(requestAppVersion(plan(), jar(), 'Mozilla/5.0 ExchangeApp/6.58.0')).toBeUndefined();
  });

  it("follows the region's deep-links options (cookie name, user-agent token)", () => {
    const own = plan([{ id: 'deep-links', options: { appVersionCookie: 'v', userAgentToken: 'GateApp' } }]);
    expect(requestAppVersion(own, jar('v=636000; app_version=1'), undefined)).toBe('636000.0.0');
    expect(requestAppVersion(own, jar(), 'Mozilla/5.0 GateApp/658020')).toBe('658020.0.0');
    expect(requestAppVersion(own, jar(), 'Mozilla/5.0 ExchangeApp/658020')).toBeUndefined();
  });

  it(`reads no further than ${MAX_USER_AGENT} characters of the user agent`, () => {
    const padded = `${'x'.repeat(MAX_USER_AGENT)} ExchangeApp/658020`;
    expect(requestAppVersion(plan(), jar(), padded)).toBeUndefined();
    expect(requestAppVersion(plan(), jar(), padded.slice(MAX_USER_AGENT - 10))).toBe('658020.0.0');
  });
});

describe('requestCountry', () => {
  it("maps the fake API's numbering to ISO codes, and nothing behind a real back end", () => {
    expect(FAKE_API_COUNTRIES).toEqual({
      [COUNTRY.hongKong]: 'HK',
      [COUNTRY.uzbekistan]: 'UZ',
      [COUNTRY.unitedStates]: 'US',
      [COUNTRY.unitedKingdom]: 'GB',
      [COUNTRY.northKorea]: 'KP',
    });
    expect(requestCountry(true, COUNTRY.hongKong)).toBe('HK');
    expect(requestCountry(true, COUNTRY.unitedKingdom)).toBe('GB');
    expect(requestCountry(true, COUNTRY.ordinary)).toBeUndefined();
    expect(requestCountry(false, COUNTRY.hongKong)).toBeUndefined();
    for (const code of Object.values(FAKE_API_COUNTRIES)) expect(code).toMatch(/^[A-Z]{2}$/);
    fc.assert(
      fc.property(fc.anything(), (id) => {
        const code = requestCountry(true, id);
        if (code !== undefined) expect(Object.values(FAKE_API_COUNTRIES)).toContain(code);
      }),
    );
  });
});

describe("requestFlags' context", () => {
  /** Runs requestFlags with an evaluator that records the context it is given. */
  async function contextFor(o: { fakeApi?: boolean; cookie?: string; userAgent?: string; appPlatform?: string; user?: Record<string, unknown> }) {
    let seen: FlagContext | undefined;
    const site = {
      flagEvaluator: {
        evaluate: async (_r: unknown, _p: unknown, ctx: FlagContext) => ((seen = ctx), { enabled: {}, options: {}, priorities: {}, flags: [] }),
      },
    };
    const data = defaultShellData();
    Object.assign(data.user, o.user ?? {});
    const region = { key: 'main' } as RegionConfig;
    const app = { fakeApi: o.fakeApi ?? true } as ServerApp;
    const input = { site: site as unknown as SiteVersion, region, plan: plan(), locale: 'en', path: '/', cookies: jar(o.cookie), user: data.user };
    await requestFlags(app, { ...input, userAgent: o.userAgent, appPlatform: o.appPlatform });
    return seen!;
  }

  it("carries a logged-in user's country, KYC level and VIP tier, and in the app its platform and version", async () => {
    const user = { isLogin: true, uid: '42', country: COUNTRY.hongKong, verified: 1, tier: 3 };
    const ctx = await contextFor({ user, appPlatform: '1', cookie: 'device_type=1; app_version=658020' });
    expect(ctx).toMatchObject({
      loggedIn: true,
      uid: '42',
      country: 'HK',
      countryId: COUNTRY.hongKong,
      kycLevel: 1,
      vipTier: 3,
      appPlatform: '1',
      appVersion: '658020.0.0',
    });
  });

  it('leaves out what is unknown or out of shape', async () => {
    const user = { isLogin: true, uid: '42', country: COUNTRY.hongKong, tier: 1000 };
    const ctx = await contextFor({ user, fakeApi: false, cookie: 'app_version=658020', userAgent: 'ExchangeApp/658020' });
    // Behind a real back end the ISO code is unknown; its own id still reaches targeting.
    expect(ctx).toMatchObject({ loggedIn: true, uid: '42', countryId: COUNTRY.hongKong });
    for (const field of ['country', 'vipTier', 'appPlatform', 'appVersion'] as const) expect(ctx[field], field).toBeUndefined();
  });

  it("gives a visitor neither a user's fields nor a VIP tier", async () => {
    const ctx = await contextFor({ cookie: 'finger_print=abc' });
    expect(ctx).toMatchObject({ loggedIn: false, uid: 'abc' });
    for (const field of ['country', 'countryId', 'kycLevel', 'vipTier'] as const) expect(ctx[field], field).toBeUndefined();
  });
});
