/** Validated options of the cookie-consent plugin (schema.json). */
export interface CookieConsentOptions {
  requireConsent: boolean;
  cookieDays: number;
  policyLink: string;
}
