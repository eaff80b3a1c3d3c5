import { KYC_LEVELS, isKyc2Complete, localePath } from '../../../core';
import type { KycOptions } from '../options.generated';

export type { KycOptions };

/** Spec 001 §9: the KYC upgrade notice shows once per 12 hours. */
export const UPGRADE_NOTICE_HOURS = 12;
/** Spec 001 §9: default cookie key of the risk-user notice. */
export const DEFAULT_RISK_COOKIE = 'RISK_IP_USER';
/** Region keys with their own rules. */
const TESTNET_REGION = 'testnet';
const US_REGION = 'us';

export const KYC_PATHS = { home: '/myaccount/kyc_home', kyc2: '/myaccount/kyc2', kyc3: '/myaccount/kyc3_v1' } as const;

export interface TipBarInput {
  regionKey: string;
  isLogin: boolean;
  /** User info `verified` (KYC level). */
  verified: number;
  /** The close ("complete") cookie is set. */
  closed: boolean;
}

/**
 * Spec 001 §4: the KYC tip bar is hidden when KYC2 is complete, on the test-net site, on the US site at KYC
 * level 1, and once closed. Only logged-in users have a level to upgrade.
 */
export function tipBarAllowed({ regionKey, isLogin, verified, closed }: TipBarInput): boolean {
  if (!isLogin || closed) return false;
  if (isKyc2Complete(verified)) return false;
  if (regionKey === TESTNET_REGION) return false;
  if (regionKey === US_REGION && verified === KYC_LEVELS.LEVEL_1) return false;
  return true;
}

/** The KYC page a user at this level should go to next: KYC2 after level 1, KYC3 after level 2, else the hub. */
export function upgradeTarget(verified: number): string {
  if (verified === KYC_LEVELS.LEVEL_1) return KYC_PATHS.kyc2;
  if (verified === KYC_LEVELS.LEVEL_2) return KYC_PATHS.kyc3;
  return KYC_PATHS.home;
}

/** The locale-prefixed KYC help article: the app version inside the app, else the US or the main one. */
export function helpArticle(input: { regionKey: string; inApp: boolean; langPrefix: string; articles: KycOptions['helpArticles'] }): string {
  const { articles } = input;
  const path = input.inApp ? articles.app : input.regionKey === US_REGION ? articles.us : articles.main;
  return localePath(input.langPrefix, path);
}
