/** KYC levels (spec 000 §3): the `verified` value and what it means. */
export const KYC_LEVELS = {
  NONE: 0,
  LEVEL_0_5: 5,
  LEVEL_1: 2,
  LEVEL_2: 1,
  LEVEL_3: 4,
  COMPANY: 3,
} as const;

/** Levels counted as verified by the negative helper (level 2, level 3, company). */
const VERIFIED_LEVELS: readonly number[] = [KYC_LEVELS.LEVEL_2, KYC_LEVELS.LEVEL_3, KYC_LEVELS.COMPANY];

/** Spec 000 §5: true when the user is NOT verified; false for levels 1, 4 and 3. */
export function isNotKycVerified(verified: number): boolean {
  return !VERIFIED_LEVELS.includes(verified);
}

/** KYC2 (level 2) or above is complete. */
export function isKyc2Complete(verified: number): boolean {
  return VERIFIED_LEVELS.includes(verified);
}

/** High-KYC limit flags (spec 000 §6). */
export const HIGH_KYC_LIMIT = {
  LIMIT_VISITOR: 'LIMIT_VISITOR',
  LIMIT_HIGH_KYC_USER: 'LIMIT_HIGH_KYC_USER',
  NON_LIMIT_HIGH_KYC_USER: 'NON_LIMIT_HIGH_KYC_USER',
} as const;
