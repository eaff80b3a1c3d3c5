import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KYC_LEVELS, isKyc2Complete } from '../../../kit';
import { regionOptions } from '../../../tools/test/region-options';
import { KYC_PATHS, helpArticle, tipBarAllowed, upgradeTarget } from './rules';

const base = { isLogin: true, verified: KYC_LEVELS.LEVEL_1, closed: false, hiddenLevels: [] as number[] };
const articles = { web: '/help/main-kyc', app: '/help/app-kyc' };
const LEVELS = Object.values(KYC_LEVELS);

describe('tipBarAllowed (spec 001 §4)', () => {
  it('shows for a level-1 user where no level is hidden', () => {
    expect(tipBarAllowed(base)).toBe(true);
    expect(tipBarAllowed({ ...base, verified: KYC_LEVELS.NONE })).toBe(true);
    expect(tipBarAllowed({ ...base, verified: KYC_LEVELS.LEVEL_0_5 })).toBe(true);
  });
  it('hides once KYC2 is complete (levels 2, 3 and company)', () => {
    for (const verified of [KYC_LEVELS.LEVEL_2, KYC_LEVELS.LEVEL_3, KYC_LEVELS.COMPANY]) expect(tipBarAllowed({ ...base, verified })).toBe(false);
  });
  it('hides at exactly the levels the option lists', () => {
    fc.assert(
      fc.property(fc.subarray(LEVELS), fc.constantFrom(...LEVELS), (hiddenLevels, verified) => {
        const shown = tipBarAllowed({ ...base, verified, hiddenLevels });
        expect(shown).toBe(!hiddenLevels.includes(verified) && !isKyc2Complete(verified));
      }),
    );
  });
  it('the region files: no bar on the test net, hidden at level 1 on the US site (spec 001 §4)', () => {
    const keys = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
    expect(keys.filter((k) => regionOptions(k, 'kyc').tipBar === false)).toEqual(['testnet']);
    const hiding = keys.filter((k) => regionOptions(k, 'kyc').tipBarHiddenLevels !== undefined);
    expect(hiding).toEqual(['us']);
    expect(regionOptions('us', 'kyc').tipBarHiddenLevels).toEqual([KYC_LEVELS.LEVEL_1]);
  });
  it('hides for visitors and once closed', () => {
    expect(tipBarAllowed({ ...base, isLogin: false })).toBe(false);
    expect(tipBarAllowed({ ...base, closed: true })).toBe(false);
  });
});

describe('upgradeTarget', () => {
  it('goes to the next KYC page', () => {
    expect(upgradeTarget(KYC_LEVELS.NONE)).toBe(KYC_PATHS.home);
    expect(upgradeTarget(KYC_LEVELS.LEVEL_0_5)).toBe(KYC_PATHS.home);
    expect(upgradeTarget(KYC_LEVELS.LEVEL_1)).toBe('/myaccount/kyc2');
    expect(upgradeTarget(KYC_LEVELS.LEVEL_2)).toBe('/myaccount/kyc3_v1');
  });
});

describe('helpArticle', () => {
  it("picks the site's or the app article under the locale prefix", () => {
    expect(helpArticle({ inApp: false, langPrefix: '', articles })).toBe('/help/main-kyc');
    expect(helpArticle({ inApp: false, langPrefix: '/zh', articles })).toBe('/zh/help/main-kyc');
    expect(helpArticle({ inApp: true, langPrefix: '', articles })).toBe('/help/app-kyc');
    expect(helpArticle({ inApp: true, langPrefix: '/ar', articles })).toBe('/ar/help/app-kyc');
  });
  it('the US region file names its own article (spec 001 §4); the others use the default', () => {
    const keys = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
    expect(keys.filter((k) => regionOptions(k, 'kyc').helpArticles !== undefined)).toEqual(['us']);
    expect(regionOptions('us', 'kyc').helpArticles).toEqual({ web: '/help/us/verification/identity-verification-levels' });
  });
});
