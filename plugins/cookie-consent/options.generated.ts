/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The cookie policy bar (spec 000 §2, §8): accept necessary / accept all, remembered in a cookie.
 */
export interface CookieConsentOptions {
  /**
   * Analytics and big-data tracking start only after 'accept all' (GDPR / UK GDPR regions). False: tracking runs until the visitor chooses 'necessary only'.
   */
  requireConsent: boolean;
  /**
   * How long the answer is kept (days) before the bar asks again.
   */
  cookieDays: number;
  /**
   * Link of the cookie/privacy policy: a site path or an https URL on an allowed link host. Empty: the region's docs.privacy_policy.
   */
  policyLink: string;
}
