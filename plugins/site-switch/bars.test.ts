import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { regionOptions } from '../../tools/test/region-options';
import { activeBars, barPriority, BARS, dismissCookie, switchUrl, type BarId } from './bars';

const ALL = BARS.map((b) => b.id);
const none = new Set<string>();
/** The bars a region's file lists (none where the plugin is off). */
const barsOf = (region: string) => (regionOptions(region, 'site-switch').bars as string[] | undefined) ?? [];

/** Personas (compliance limit flags) as the fake API answers them. */
const PERSONAS = {
  ordinary: {},
  'mismatch-uk': { is_uk_ip: true },
  'mismatch-au': { is_au_ip: true },
  'mismatch-us': { is_us_toast: true },
  'mismatch-jp': { is_jp_toast: true },
  'mismatch-ae': { is_ae_toast: true },
  'mismatch-several': { is_uk_ip: true, is_au_ip: true, is_us_toast: true, is_jp_toast: true, is_ae_toast: true },
  'belongs-on-main': { is_main: true },
  'uk-limited': { is_uk_limit: true, is_uk_ip: true },
} as const;

describe('activeBars: region × persona', () => {
  const table: Array<[string, keyof typeof PERSONAS, BarId | null]> = [
    ['main', 'ordinary', null],
    ['main', 'belongs-on-main', null],
    ['main', 'mismatch-uk', 'main-to-uk'],
    ['main', 'uk-limited', 'main-to-uk'],
    ['main', 'mismatch-au', 'main-to-au'],
    ['main', 'mismatch-us', 'main-to-us'],
    ['main', 'mismatch-jp', 'main-to-jp'],
    ['main', 'mismatch-ae', 'main-to-ae'],
    ['main', 'mismatch-several', 'main-to-uk'],
    ['uk', 'mismatch-uk', null],
    ['uk', 'belongs-on-main', 'uk-to-main'],
    ['eu', 'belongs-on-main', 'eu-to-main'],
    ['eu', 'mismatch-several', null],
    ['jp', 'belongs-on-main', 'jp-to-main'],
    ['us', 'belongs-on-main', 'us-to-main'],
    ['us', 'mismatch-us', null],
    ['au', 'belongs-on-main', 'au-to-main'],
    ['ae', 'belongs-on-main', 'ae-to-main'],
    ['tr', 'belongs-on-main', null],
    ['hk', 'mismatch-several', null],
  ];
  it.each(table)('on %s, persona %s → %s', (region, persona, expected) => {
    expect(activeBars({ limit: PERSONAS[persona], enabled: barsOf(region), dismissed: none })[0] ?? null).toBe(expected);
  });

  it('lists several bars in spec priority order; the first is the one shown', () => {
    expect(activeBars({ limit: PERSONAS['mismatch-several'], enabled: ALL, dismissed: none })).toEqual([
      'main-to-uk',
      'main-to-au',
      'main-to-us',
      'main-to-jp',
      'main-to-ae',
    ]);
  });

  it('skips dismissed and disabled bars, so the next one wins', () => {
    const limit = PERSONAS['mismatch-several'];
    expect(activeBars({ limit, enabled: ALL, dismissed: new Set(['main-to-uk']) })[0]).toBe('main-to-au');
    expect(activeBars({ limit, enabled: ['main-to-jp', 'main-to-ae'], dismissed: none })[0]).toBe('main-to-jp');
  });

  it('shows only listed bars whose flag is set, in spec order whatever the option order', () => {
    const flags = [...new Set(BARS.map((b) => b.flag))];
    fc.assert(
      fc.property(fc.shuffledSubarray(ALL), fc.subarray(flags), (enabled, set) => {
        const limit = Object.fromEntries(set.map((f) => [f, true]));
        const expected = BARS.filter((b) => enabled.includes(b.id) && set.includes(b.flag)).map((b) => b.id);
        expect(activeBars({ limit, enabled, dismissed: none })).toEqual(expected);
      }),
    );
  });

  it('the region files list the bars of spec 000 §4: the five on main, the one to main on jp, eu, us, uk, au, ae', () => {
    const keys = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
    const byRegion = Object.fromEntries(keys.map((k) => [k, barsOf(k)]).filter(([, bars]) => bars.length > 0));
    expect(byRegion).toEqual({
      main: ['main-to-uk', 'main-to-au', 'main-to-us', 'main-to-jp', 'main-to-ae'],
      eu: ['eu-to-main'],
      us: ['us-to-main'],
      uk: ['uk-to-main'],
      jp: ['jp-to-main'],
      ae: ['ae-to-main'],
      au: ['au-to-main'],
    });
  });

  it('needs the flag to be exactly true (a string or 1 from a sloppy reply is ignored)', () => {
    expect(activeBars({ limit: { is_uk_ip: 'true' as unknown as boolean }, enabled: ALL, dismissed: none })).toEqual([]);
  });
});

describe('priorities and cookies', () => {
  it('gives strictly descending priorities in the spec order', () => {
    const p = BARS.map((b) => barPriority(b.id));
    expect(p).toEqual([...p].sort((a, b) => b - a));
    expect(new Set(p).size).toBe(11);
    expect(BARS.map((b) => b.id)).toEqual([
      'main-to-uk',
      'main-to-au',
      'main-to-us',
      'main-to-jp',
      'main-to-ae',
      'jp-to-main',
      'eu-to-main',
      'us-to-main',
      'uk-to-main',
      'au-to-main',
      'ae-to-main',
    ]);
  });
  it('names one cookie per bar', () => {
    expect(dismissCookie('main-to-uk')).toBe('site_switch_closed_main_to_uk');
    expect(new Set(BARS.map((b) => dismissCookie(b.id))).size).toBe(11);
  });
});

describe('switchUrl: target × path', () => {
  const us = { prefix: '/en-us', unprefixedPaths: ['/login', '/signup'] };
  const table: Array<[string, string, typeof us | undefined, string]> = [
    ['http://uk.localhost:3000', '/trade/BTC_USDT', undefined, 'http://uk.localhost:3000/trade/BTC_USDT'],
    ['https://www.gate.com/', '/', undefined, 'https://www.gate.com/'],
    ['https://www.gate.us', '/', us, 'https://www.gate.us/en-us/'],
    ['https://www.gate.us', '/price', us, 'https://www.gate.us/en-us/price'],
    ['https://www.gate.us', '/login', us, 'https://www.gate.us/login'],
    ['https://www.gate.us', '/signup/invite', us, 'https://www.gate.us/signup/invite'],
    ['https://www.gate.us', '/loginx', us, 'https://www.gate.us/en-us/loginx'],
    ['https://uk.example', '//evil.com/x', undefined, 'https://uk.example/'],
    ['https://uk.example', 'javascript:alert(1)', undefined, 'https://uk.example/'],
  ];
  it.each(table)('%s + %s', (origin, path, locale, expected) => {
    expect(switchUrl(origin, path, locale)).toBe(expected);
  });
});
