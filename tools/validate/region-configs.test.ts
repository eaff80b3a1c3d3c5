import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegionConfigs } from '../../core/config/validate';
import { REGION_KEYS, type RegionConfig, type RegionKey } from '../../core/config/region';
import { loadCatalogue, PROJECT_ROOT } from '../plugin-discovery';
import { FLAG_FILE_NAME } from '../../core/flags/file';

const DIR = join(PROJECT_ROOT, 'region-configs');
let configs: ReadonlyMap<RegionKey, RegionConfig>;
const cfg = (key: RegionKey) => configs.get(key)!;
const keysWhere = (pick: (c: RegionConfig) => unknown) => REGION_KEYS.filter((k) => pick(cfg(k)));
/** Whether the region runs a plugin (listed and not disabled). */
const runs = (c: RegionConfig, id: string) => !!c.plugins[id] && c.plugins[id].enabled !== false;
/** A plugin's option as validation completed it, or undefined where the plugin is off. */
const option = (c: RegionConfig, id: string, name: string) => (runs(c, id) ? c.plugins[id].options?.[name] : undefined);

beforeAll(async () => {
  configs = loadRegionConfigs(DIR, await loadCatalogue()); // throws with every problem when one is invalid
});

describe('shipped region configs (spec 000 §3, §6)', () => {
  it('has one valid file per region key, pointing at the generated schema', () => {
    expect(
      readdirSync(DIR)
        .filter((n) => n.endsWith('.json') && n !== FLAG_FILE_NAME)
        .sort(),
    ).toEqual(REGION_KEYS.map((k) => `${k}.json`).sort());
    expect([...configs.keys()]).toEqual([...REGION_KEYS]);
    for (const c of configs.values()) expect(c.$schema).toBe('../schemas/region-config.schema.json');
  });

  it('uses the sub-website ids of the spec', () => {
    const ids = Object.fromEntries(REGION_KEYS.map((k) => [k, cfg(k).id]));
    expect(ids).toEqual({ main: 0, tr: 177, eu: 106, hk: 71, us: 232, bs: 14, sg: 153, uk: 182, jp: 83, ae: 181, testnet: 666, au: 11 });
  });

  it('allows third-party login on main and testnet, Turkey its own provider, others none', () => {
    const logins = Object.fromEntries(REGION_KEYS.map((k) => [k, option(cfg(k), 'auth', 'authorizedLogin')]));
    expect(logins).toEqual({
      ...Object.fromEntries(REGION_KEYS.map((k) => [k, []])),
      main: ['google', 'metamask', 'apple'],
      testnet: ['google', 'metamask', 'apple'],
      tr: ['turkey-id'],
    });
  });

  it('switches chat room, big data, currency and TradingView exchange per the spec', () => {
    expect(keysWhere((c) => runs(c, 'chat'))).toEqual(['main', 'tr', 'us', 'testnet']);
    expect(keysWhere((c) => option(c, 'analytics', 'bigData'))).toEqual(['main', 'tr', 'testnet']);
    expect(keysWhere((c) => c.defaultCurrB === 'try')).toEqual(['tr']);
    expect(keysWhere((c) => c.defaultCurrB !== 'usdt' && c.defaultCurrB !== 'try')).toEqual([]);
    expect(keysWhere((c) => c.tradingViewExchange)).toEqual(['us', 'uk', 'jp', 'ae', 'au']);
  });

  it('shows the app-download bar on main and Turkey only (Turkey: its own store page, same tab), hides the bell on UK', () => {
    expect(keysWhere((c) => runs(c, 'app-bar'))).toEqual(['main', 'tr']);
    expect(keysWhere((c) => option(c, 'app-bar', 'storePath') === '/mobileapp')).toEqual(['tr']);
    expect(keysWhere((c) => option(c, 'app-bar', 'storeLinkNewTab') === false)).toEqual(['tr']);
    expect(keysWhere((c) => (option(c, 'app-bar', 'verifiedHiddenCountries') as number[] | undefined)?.includes(233))).toEqual(['main']);
    expect(keysWhere((c) => option(c, 'notifications', 'hiddenNotification'))).toEqual(['uk']);
  });

  it('serves the languages of the spec with their defaults and prefixes', () => {
    const langs = Object.fromEntries(REGION_KEYS.map((k) => [k, [cfg(k).defaultLang, cfg(k).languages, cfg(k).localePrefix]]));
    expect(langs).toEqual({
      main: ['en', ['en', 'zh', 'tw', 'vn', 'es', 'ru', 'fr', 'de', 'pt', 'br', 'th', 'id', 'tr', 'ja', 'ar', 'uk', 'nl', 'it'], 'as-needed'],
      tr: ['tr', ['tr', 'en'], 'as-needed'],
      eu: ['en-eu', ['en-eu', 'it-eu'], 'always'],
      hk: ['en', ['en', 'tw', 'zh'], 'as-needed'],
      us: ['en-us', ['en-us'], 'always'],
      bs: ['en', ['en'], 'as-needed'],
      sg: ['en', ['en', 'zh'], 'as-needed'],
      uk: ['en-uk', ['en-uk'], 'always'],
      jp: ['ja-jp', ['ja-jp', 'en-jp'], 'always'],
      ae: ['en-dubai', ['en-dubai', 'ar-dubai'], 'always'],
      au: ['en-au', ['en-au'], 'always'],
      testnet: ['en', ['en', 'zh'], 'as-needed'],
    });
    expect(keysWhere((c) => c.unprefixedPaths.length)).toEqual(['us']);
    expect(cfg('us').unprefixedPaths).toEqual(['/login', '/signup']);
  });

  it('links the regional legal documents the spec names', () => {
    expect(cfg('hk').docs.agreement).toBe('/docs/hk_agreement.pdf');
    expect(cfg('bs').docs.agreement).toBe('/docs/bs_agreement.pdf');
    expect(cfg('us').docs.risk_disclosure).toBe('/legal/disclosures');
    expect(cfg('ae').docs.privacy_policy).toBe('/legal/privacy-and-cookie-policy');
    expect(cfg('uk').docs.about).toBe('/page/contacts');
    for (const k of ['uk', 'au'] as const) {
      expect(cfg(k).docs.about, `${k} about`).not.toBe(cfg('main').docs.about);
      expect(cfg(k).docs.agreement, `${k} agreement`).not.toBe(cfg('main').docs.agreement);
    }
  });

  it('gives every region its own domain and marks the main family', () => {
    const domains = REGION_KEYS.map((k) => cfg(k).webSiteDomain);
    expect(new Set(domains).size).toBe(REGION_KEYS.length);
    expect(keysWhere((c) => c.marks?.length)).toEqual(['main', 'tr']);
  });

  it('enables the 404 page everywhere', () => {
    for (const c of configs.values()) expect(c.plugins['not-found']?.enabled, c.key).not.toBe(false);
    for (const c of configs.values()) expect(c.plugins, c.key).toHaveProperty('not-found');
  });
});
