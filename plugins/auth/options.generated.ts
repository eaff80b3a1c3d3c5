/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The registration/login modal (spec 000 §2, §4, §6): login and signup modes, third-party login per region, the /login and /signup pages.
 */
export interface AuthOptions {
  /**
   * Place of the login modal in the modal queue (blocking 1000, compliance 900, legal 800, ...). The user asked for it, so it goes before compliance notices by default.
   */
  modalPriority: number;
  /**
   * OAuth authorization endpoints per provider, when not the providers' public ones.
   */
  authorizeUrls: {
    google?: string;
    apple?: string;
    'turkey-id'?: string;
  };
}
