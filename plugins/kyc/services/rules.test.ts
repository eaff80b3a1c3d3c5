import { describe, expect, it } from 'vitest';
import { KYC_LEVELS } from '../../../core';
import { KYC_PATHS, helpArticle, tipBarAllowed, upgradeTarget } from './rules';

const base = { regionKey: 'main', isLogin: true, verified: KYC_LEVELS.LEVEL_1, closed: false };
const articles = { main: '/help/main-kyc', us: '/help/us-kyc', app: '/help/app-kyc' };

describe('tipBarAllowed (spec 001 §4)', () => {
  it('shows for a level-1 user on the main site', () => {
    expect(tipBarAllowed(base)).toBe(true);
    expect(tipBarAllowed({ ...base, verified: KYC_LEVELS.NONE })).toBe(true);
    expect(tipBarAllowed({ ...base, verified: KYC_LEVELS.LEVEL_0_5 })).toBe(true);
  });
  it('hides once KYC2 is complete (levels 2, 3 and company)', () => {
    for (const verified of [KYC_LEVELS.LEVEL_2, KYC_LEVELS.LEVEL_3, KYC_LEVELS.COMPANY]) expect(tipBarAllowed({ ...base, verified })).toBe(false);
  });
  it('hides on the test net', () => {
    expect(tipBarAllowed({ ...base, regionKey: 'testnet' })).toBe(false);
  });
  it('hides on the US site at level 1 only', () => {
    expect(tipBarAllowed({ ...base, regionKey: 'us' })).toBe(false);
    expect(tipBarAllowed({ ...base, regionKey: 'us', verified: KYC_LEVELS.NONE })).toBe(true);
    expect(tipBarAllowed({ ...base, regionKey: 'tr' })).toBe(true);
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
  it('picks the main, US or app article under the locale prefix', () => {
    expect(helpArticle({ regionKey: 'main', inApp: false, langPrefix: '', articles })).toBe('/help/main-kyc');
    expect(helpArticle({ regionKey: 'main', inApp: false, langPrefix: '/zh', articles })).toBe('/zh/help/main-kyc');
    expect(helpArticle({ regionKey: 'us', inApp: false, langPrefix: '', articles })).toBe('/help/us-kyc');
    expect(helpArticle({ regionKey: 'us', inApp: true, langPrefix: '', articles })).toBe('/help/app-kyc');
    expect(helpArticle({ regionKey: 'main', inApp: true, langPrefix: '/ar', articles })).toBe('/ar/help/app-kyc');
  });
});
