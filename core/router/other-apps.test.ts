import { describe, expect, it } from 'vitest';
import { otherAppPrefix, otherAppPrefixOfUrlPath, type OtherAppsRule } from './other-apps';

const PATHS = ['/myaccount/withdraw', '/futures', '/c2c', '/user-agreement'];
const main: OtherAppsRule = { languages: ['en', 'zh'], otherApps: { paths: PATHS } };
const uk: OtherAppsRule = { languages: ['en-uk'], otherApps: { paths: ['/myaccount/withdraw', '/legal'] } };

describe('other apps', () => {
  it('covers a prefix and everything below it, by whole segments', () => {
    expect(otherAppPrefix(PATHS, '/futures')).toBe('/futures');
    expect(otherAppPrefix(PATHS, '/futures/USDT/BTC_USDT?tab=x#y')).toBe('/futures');
    expect(otherAppPrefix(PATHS, '/myaccount/withdraw/USDT')).toBe('/myaccount/withdraw');
    expect(otherAppPrefix(PATHS, '/futures-delivery')).toBeNull();
    expect(otherAppPrefix(PATHS, '/myaccount/withdrawals')).toBeNull();
    expect(otherAppPrefix(PATHS, '/myaccount')).toBeNull();
    expect(otherAppPrefix(PATHS, '/')).toBeNull();
    expect(otherAppPrefix(undefined, '/futures')).toBeNull();
    expect(otherAppPrefix([], '/futures')).toBeNull();
  });

  it("reads a URL path under one of the region's locale prefixes", () => {
    expect(otherAppPrefixOfUrlPath(main, '/zh/futures/USDT/BTC_USDT')).toBe('/futures');
    expect(otherAppPrefixOfUrlPath(main, '/c2c/market')).toBe('/c2c');
    expect(otherAppPrefixOfUrlPath(uk, '/en-uk/myaccount/withdraw/USDT')).toBe('/myaccount/withdraw');
    expect(otherAppPrefixOfUrlPath(uk, '/en-uk/legal/privacy-policy')).toBe('/legal');
    // Not one of the region's languages: the first segment is part of the path.
    expect(otherAppPrefixOfUrlPath(uk, '/zh/legal/privacy-policy')).toBeNull();
    expect(otherAppPrefixOfUrlPath(main, '/zh')).toBeNull();
    expect(otherAppPrefixOfUrlPath({ languages: ['en'] }, '/futures')).toBeNull();
  });
});
