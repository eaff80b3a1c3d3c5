/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Invite handling: ref, ref_type, ch, group_id and utm_cmp query parameters into referral cookies (spec 000 §4).
 */
export interface ReferralOptions {
  /**
   * Life of ref_uid, ref_type, ref_channel and group_id, seconds (spec 000 §9: 604800).
   */
  maxAgeSeconds: number;
  /**
   * Life of the plain ch and utm_cmp cookies, seconds (not shown in the spec: the referral life).
   */
  channelMaxAgeSeconds: number;
  /**
   * Also verify an invite when no ref cookie exists yet. Spec 000 §4: a first invite is stored without verification; verification runs only when a ref cookie already exists (default false).
   */
  verifyFirstInvite: boolean;
  /**
   * Domain attribute of the cookies, e.g. '.example.com' to share them with sub-domains (default: host only).
   */
  cookieDomain?: string;
  /**
   * Ignore invites on regions whose config sets hiddenReferral (default: invites still count there).
   */
  skipWhenHiddenReferral: boolean;
}
