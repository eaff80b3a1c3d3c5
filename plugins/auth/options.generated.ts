/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The registration/login modal (spec 000 §2, §4, §6): login and signup modes, third-party login per region, the /login and /signup pages.
 */
export interface AuthOptions {
  /**
   * Third-party login methods offered on this site, in the order shown (spec 000 §6): main and testnet google, metamask, apple; Turkey its own provider ('turkey-id') only; others none ([]). Every OAuth method listed needs its client id in thirdPartyClientIds (MetaMask needs none).
   *
   * Items: A third-party login method.
   */
  authorizedLogin: ('google' | 'metamask' | 'apple' | 'turkey-id')[];
  /**
   * OAuth client ids of the third-party login methods that take one; every OAuth method in authorizedLogin (google, apple, turkey-id) must have its id here.
   */
  thirdPartyClientIds: {
    /**
     * Google Identity Services web client id.
     */
    google?: string;
    /**
     * Sign in with Apple service id (reverse-DNS).
     */
    apple?: string;
    /**
     * Client id of the Turkey site's own login provider.
     */
    'turkey-id'?: string;
  };
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
