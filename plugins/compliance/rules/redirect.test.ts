import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import schema from '../schema.json';
import { decideClickRedirect, decideGate, decideRedirect, explainGate, type GateInput } from './redirect';
import { menuCodeFor, stripLocalePrefix, underPrefix } from './paths';
import { regionOptions } from '../../../tools/test/region-options';

const MENU_PATHS = schema.properties.menuPaths.default as Record<string, string>;
const EXEMPT = schema.properties.redirectExemptPaths.default;
const GATED = ['futures', 'fiat_trade', 'credit_paywith_card', 'bank_card'];

const compliance = {
  ordinary: { menu: [], limit: {} },
  limitCountry: { menu: [], limit: { limit_country: 'KP', is_blocked_country: true } },
  blockedNotice: { menu: [], limit: { is_blocked_country: true, limit_country: '' } },
  menuGated: { menu: GATED, limit: {} },
  menuGatedTips: { menu: GATED, limit: { is_show_compliance_tips: true } },
} satisfies Record<string, GateInput['compliance']>;
type Persona = keyof typeof compliance;
/** Whether a region's file switches the menu rule on (option `menuGate`). */
const menuGateOf = (regionKey: string) => regionOptions(regionKey, 'compliance').menuGate === true;

const gate = (regionKey: string, persona: Persona, path: string) =>
  decideRedirect({ path, menuGate: menuGateOf(regionKey), compliance: compliance[persona], menuPaths: MENU_PATHS, exemptPaths: EXEMPT });

describe('decideRedirect: region × persona × path', () => {
  const T = '/state_compliance_tips';
  it.each<[string, Persona, string, string | null]>([
    ['main', 'ordinary', '/', null],
    ['main', 'ordinary', '/futures/USDT/BTC_USDT', null],
    ['main', 'limitCountry', '/', T],
    ['main', 'limitCountry', '/trade/BTC_USDT', T],
    ['main', 'limitCountry', '/state_compliance_tips', null],
    ['main', 'limitCountry', '/login', null],
    ['main', 'limitCountry', '/myaccount/withdraw/USDT', null],
    ['main', 'limitCountry', '/myaccount/tickets', null],
    ['main', 'limitCountry', '/loginx', T],
    ['tr', 'limitCountry', '/', T],
    ['us', 'limitCountry', '/futures', T],
    ['eu', 'limitCountry', '/state_compliance_tips', null],
    ['main', 'blockedNotice', '/', null],
    ['main', 'menuGated', '/futures', T],
    ['main', 'menuGated', '/futures/USDT/BTC_USDT', T],
    ['main', 'menuGated', '/futures-delivery', null],
    ['main', 'menuGated', '/c2c/market', T],
    ['main', 'menuGated', '/c2c/USDT_EUR', T],
    ['main', 'menuGated', '/crypto/buy/with-credit-card', T],
    ['main', 'menuGated', '/crypto/buy/with-bank-account', T],
    ['main', 'menuGated', '/crypto/buy', null],
    ['main', 'menuGated', '/copytrading', null],
    ['main', 'menuGated', '/', null],
    ['main', 'menuGated', '/state_compliance_tips', null],
    ['main', 'menuGatedTips', '/futures', null],
    ['tr', 'menuGated', '/futures', null],
    ['uk', 'menuGated', '/c2c/market', null],
    ['au', 'menuGated', '/futures', null],
  ])('%s / %s / %s → %s', (region, persona, path, expected) => {
    expect(gate(region, persona, path)).toBe(expected);
  });

  it('shows the tips notice instead of redirecting when is_show_compliance_tips is set', () => {
    const input = { path: '/futures/USDT/BTC_USDT', menuGate: true, compliance: compliance.menuGatedTips, menuPaths: MENU_PATHS, exemptPaths: EXEMPT };
    expect(decideGate(input)).toEqual({ kind: 'tips', code: 'futures' });
    expect(decideGate({ ...input, path: '/trade/BTC_USDT' })).toEqual({ kind: 'none' });
  });

  it('limit_country wins over the menu tips notice', () => {
    const c = { menu: GATED, limit: { limit_country: 'IR', is_show_compliance_tips: true } };
    expect(decideGate({ path: '/futures', menuGate: true, compliance: c, menuPaths: MENU_PATHS, exemptPaths: EXEMPT })).toMatchObject({
      kind: 'redirect',
      reason: 'limit_country',
    });
  });

  it('ignores a blank limit_country and missing fields', () => {
    expect(
      decideRedirect({ path: '/', menuGate: true, compliance: { menu: [], limit: { limit_country: '   ' } }, menuPaths: MENU_PATHS, exemptPaths: EXEMPT }),
    ).toBeNull();
    expect(decideRedirect({ path: '/', menuGate: true, compliance: {} as GateInput['compliance'], menuPaths: MENU_PATHS, exemptPaths: EXEMPT })).toBeNull();
  });
});

describe('menu map', () => {
  it('matches whole segments and prefers the longest prefix', () => {
    expect(menuCodeFor('/futures', MENU_PATHS)).toBe('futures');
    expect(menuCodeFor('/futures-delivery/USDT', MENU_PATHS)).toBe('delivery');
    expect(menuCodeFor('/crypto/buy/with-credit-card', { '/crypto/buy': 'buy', '/crypto/buy/with-credit-card': 'credit_paywith_card' })).toBe(
      'credit_paywith_card',
    );
    expect(menuCodeFor('/alphabet', MENU_PATHS)).toBeNull();
    expect(underPrefix('/', '/')).toBe(true);
    expect(underPrefix('/x', '/')).toBe(false);
  });

  it('strips the locale prefix', () => {
    expect(stripLocalePrefix('/zh/futures', '/zh')).toBe('/futures');
    expect(stripLocalePrefix('/zh/', '/zh')).toBe('/');
    expect(stripLocalePrefix('/zhx', '/zh')).toBe('/zhx');
    expect(stripLocalePrefix('/futures', '')).toBe('/futures');
  });
});

describe('decideClickRedirect (client navigation)', () => {
  const base = {
    menuGate: true,
    compliance: compliance.menuGated,
    menuPaths: MENU_PATHS,
    exemptPaths: EXEMPT,
    base: 'http://localhost:3000/ar/',
    langPrefix: '/ar',
  };
  it.each<[string, string | null]>([
    ['/ar/futures/USDT/BTC_USDT', '/ar/state_compliance_tips'],
    ['futures', '/ar/state_compliance_tips'],
    ['/ar/c2c/market?fiat=EUR', '/ar/state_compliance_tips'],
    ['http://localhost:3000/ar/futures', '/ar/state_compliance_tips'],
    ['/ar/trade/BTC_USDT', null],
    ['/ar/state_compliance_tips', null],
    ['https://www.gate.com/futures', null],
    ['javascript:void(0)', null],
    ['mailto:support@gate.com', null],
    ['#top', null],
  ])('%s → %s', (href, expected) => {
    expect(decideClickRedirect({ ...base, href })).toBe(expected);
  });

  it('uses no prefix for the default language', () => {
    expect(decideClickRedirect({ ...base, base: 'http://localhost:3000/', langPrefix: '', href: '/futures' })).toBe('/state_compliance_tips');
  });

  it('never throws on a malformed href', () => {
    expect(decideClickRedirect({ ...base, href: 'http://[::1' })).toBeNull();
  });
});

describe('explainGate: the same decision, with the field and rule behind it', () => {
  const why = (regionKey: string, persona: Persona, path: string) =>
    explainGate({ path, menuGate: menuGateOf(regionKey), compliance: compliance[persona], menuPaths: MENU_PATHS, exemptPaths: EXEMPT });
  it.each<[string, Persona, string, string | null, RegExp]>([
    ['main', 'limitCountry', '/trade/BTC_USDT', '/state_compliance_tips', /^compliance\.limit\.limit_country is 'KP'/],
    ['main', 'limitCountry', '/login', null, /limit_country is 'KP', but this path is exempt/],
    ['main', 'menuGated', '/futures/USDT/BTC_USDT', '/state_compliance_tips', /feature code 'futures' of this path is in compliance\.menu/],
    ['main', 'menuGatedTips', '/futures/USDT/BTC_USDT', null, /is_show_compliance_tips is on/],
    ['eu', 'menuGated', '/futures/USDT/BTC_USDT', null, /the menu rule is off here \(option menuGate/],
    ['main', 'ordinary', '/trade/BTC_USDT', null, /no limit_country; this path has no gated feature code/],
    ['main', 'ordinary', '/futures/USDT/BTC_USDT', null, /feature code 'futures' is not in compliance\.menu/],
    ['main', 'limitCountry', '/state_compliance_tips', null, /tips page itself/],
  ])('%s %s %s → %s', (region, persona, path, redirect, reason) => {
    const d = why(region, persona, path);
    expect(d.redirect).toBe(gate(region, persona, path));
    expect(d.redirect).toBe(redirect);
    expect(d.reason).toMatch(reason);
  });
});

describe('option menuGate', () => {
  const gatedPath = fc.constantFrom(...Object.keys(MENU_PATHS)).chain((prefix) => fc.webPath().map((rest) => prefix + rest));
  const codes = fc.subarray(Object.values(MENU_PATHS));
  const input = (menuGate: boolean, path: string, menu: string[], tips: boolean) => ({
    path,
    menuGate,
    compliance: { menu, limit: { is_show_compliance_tips: tips } },
    menuPaths: MENU_PATHS,
    exemptPaths: EXEMPT,
  });
  it('off: no menu code ever redirects or shows the tips notice', () => {
    fc.assert(fc.property(gatedPath, codes, fc.boolean(), (path, menu, tips) => decideGate(input(false, path, menu, tips)).kind === 'none'));
  });
  it('on: a path whose code is in the menu goes to the tips page (or keeps the page with the notice)', () => {
    fc.assert(
      fc.property(gatedPath, fc.boolean(), (path, tips) => {
        const code = menuCodeFor(path, MENU_PATHS)!;
        expect(decideGate(input(true, path, [code], tips)).kind).toBe(tips ? 'tips' : 'redirect');
      }),
    );
  });
  it('the region files switch it on for the main site only (spec 000 §5)', () => {
    const keys = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
    expect(keys.filter(menuGateOf)).toEqual(['main']);
  });
});
