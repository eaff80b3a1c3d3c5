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

/**
 * KYC status (get_kyc_status `data.kyc_status`, spec 000 §3, §7): the state of the user's latest verification
 * application. The spec does not show its values; ours: 0 none, 1 under review, 2 approved, 3 rejected.
 */
export const KYC_STATUS = {
  NONE: 0,
  PENDING: 1,
  APPROVED: 2,
  REJECTED: 3,
} as const;

/** A status a user is told beside the level: an application under review, or one not approved. */
export type KycStatusNote = 'pending' | 'rejected';

/** The note for a `kyc_status` value: pending or rejected; null for none, approved or any other value. */
export function kycStatusNote(status: unknown): KycStatusNote | null {
  if (status === KYC_STATUS.PENDING) return 'pending';
  if (status === KYC_STATUS.REJECTED) return 'rejected';
  return null;
}
