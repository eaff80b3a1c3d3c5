import { describe, expect, it } from 'vitest';
import { appLinkFor, HIDDEN_PREFIXES, isHiddenPath, pageKeyOf, shouldShowAppBar, type AppBarInput } from './decide';

const base: AppBarInput = {
  hydrated: true,
  isMobileWidth: true,
  inApp: false,
  path: '/',
  isUkLimit: false,
  userFlag: 0,
  closed: false,
  storePath: '/appdownload',
  country: 0,
  verified: 0,
  verifiedHiddenCountries: [233],
};
/** Turkey's options (region-configs/tr.json): its own store page, no hidden country. */
const turkey: Partial<AppBarInput> = { storePath: '/mobileapp', verifiedHiddenCountries: [] };

describe('shouldShowAppBar (spec 000 §4)', () => {
  const table: Array<[string, Partial<AppBarInput>, boolean]> = [
    ['main, mobile, home', {}, true],
    ['Turkey, mobile', turkey, true],
    ['before hydration', { hydrated: false }, false],
    ['desktop width', { isMobileWidth: false }, false],
    ['inside the native app', { inApp: true }, false],
    ['UK-limited user', { isUkLimit: true }, false],
    ['visitor closed it', { closed: true }, false],
    ['user info flag 1 (flagged hidden)', { userFlag: 1 }, false],
    ['user info flag 2', { userFlag: 2 }, false],
    ['main, country 233 verified', { country: 233, verified: 1 }, false],
    ['main, country 233 level 0.5', { country: 233, verified: 5 }, false],
    ['main, country 233 not verified', { country: 233, verified: 0 }, true],
    ['Turkey, country 233 verified', { ...turkey, country: 233, verified: 1 }, true],
    ['main, other country verified', { country: 234, verified: 1 }, true],
    ['/trade/BTC_USDT', { path: '/trade/BTC_USDT' }, false],
    ['/futures/USDT/BTC_USDT', { path: '/futures/USDT/BTC_USDT' }, false],
    ['/price/bitcoin', { path: '/price/bitcoin' }, false],
    ['/price (markets list)', { path: '/price' }, true],
    ['/login', { path: '/login' }, false],
    ['/signup', { path: '/signup' }, false],
    ['/myaccount/deposit/USDT', { path: '/myaccount/deposit/USDT' }, true],
    ['/myaccount/profile/security_device', { path: '/myaccount/profile/security_device' }, false],
    ['Turkey store page /mobileapp', { ...turkey, path: '/mobileapp' }, false],
    ['main /mobileapp (not its store page)', { path: '/mobileapp' }, true],
    ['extra prefix from options', { path: '/web3/x', extraHiddenPrefixes: ['/web3'] }, false],
  ];
  it.each(table)('%s', (_name, patch, expected) => {
    expect(shouldShowAppBar({ ...base, ...patch })).toBe(expected);
  });

  it('hides on every spec prefix', () => {
    for (const p of HIDDEN_PREFIXES) expect(isHiddenPath(`${p}${p.endsWith('/') ? 'x' : '/x'}`)).toBe(true);
    expect(HIDDEN_PREFIXES).toHaveLength(15);
  });
});

describe('store target and app link', () => {
  const entry = (c: string) => ({ c, china_apk: `https://dl.example/cn-${c}.apk`, overseas_apk: `https://dl.example/gl-${c}.apk` });
  const links = { home: { h5: entry('h5home'), web: entry('webhome') }, trade: { h5: entry('h5trade') } };

  it('picks the page entry, the China APK for Chinese, and refuses non-https links', () => {
    expect(pageKeyOf('/trade/BTC_USDT', links)).toBe('trade');
    expect(pageKeyOf('/earn', links)).toBe('home');
    expect(appLinkFor(links, '/', 'en')).toBe('https://dl.example/gl-h5home.apk');
    expect(appLinkFor(links, '/', 'zh')).toBe('https://dl.example/cn-h5home.apk');
    expect(appLinkFor(links, '/', 'en', 'web')).toBe('https://dl.example/gl-webhome.apk');
    expect(appLinkFor({ home: { h5: { c: 'x', china_apk: '', overseas_apk: 'javascript:alert(1)' } } }, '/', 'en')).toBeNull();
    expect(appLinkFor({}, '/', 'en')).toBeNull();
  });
});
