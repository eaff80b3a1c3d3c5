import { localePath } from '../../../core/plugin-api';
import { KYC_LEVELS, isKyc2Complete } from '../../../kit';
import type { KycOptions } from '../options.generated';

export type { KycOptions };

/** Spec 001 §9: the KYC upgrade notice shows once per 12 hours. */
export const UPGRADE_NOTICE_HOURS = 12;
/** Spec 001 §9: default cookie key of the risk-user notice. */
export const DEFAULT_RISK_COOKIE = 'RISK_IP_USER';
export const KYC_PATHS = { home: '/myaccount/kyc_home', kyc2: '/myaccount/kyc2', kyc3: '/myaccount/kyc3_v1' } as const;

export interface TipBarInput {
  isLogin: boolean;
  /** User info `verified` (KYC level). */
  verified: number;
  /** The close ("complete") cookie is set. */
  closed: boolean;
  /** KYC levels at which this site hides the bar (option `tipBarHiddenLevels`). */
  hiddenLevels: readonly number[];
}

/**
 * Spec 001 §4: the KYC tip bar is hidden when KYC2 is complete, at the levels the site hides it at (the US site: level
 * 1), and once closed (the test-net site has no bar: option `tipBar`). Only logged-in users have a level to upgrade.
 */
export function tipBarAllowed({ isLogin, verified, closed, hiddenLevels }: TipBarInput): boolean {
  if (!isLogin || closed) return false;
  if (isKyc2Complete(verified)) return false;
  return !hiddenLevels.includes(verified);
}

/** The KYC page a user at this level should go to next: KYC2 after level 1, KYC3 after level 2, else the hub. */
export function upgradeTarget(verified: number): string {
  if (verified === KYC_LEVELS.LEVEL_1) return KYC_PATHS.kyc2;
  if (verified === KYC_LEVELS.LEVEL_2) return KYC_PATHS.kyc3;
  return KYC_PATHS.home;
}

/** The locale-prefixed KYC help article: the app version inside the app, else the site's (the US site has its own). */
export function helpArticle(input: { inApp: boolean; langPrefix: string; articles: KycOptions['helpArticles'] }): string {
  const { articles } = input;
  return localePath(input.langPrefix, input.inApp ? articles.app : articles.web);
}
