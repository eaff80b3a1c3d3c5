/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The deposit drawer (spec 000 §2, §4), the deposit-method picker (spec 001 §2, §6) and the deposit page.
 */
export interface DrawerOptions {
  /**
   * Put the language prefix on every drawer link. The spec prefixes only the on-chain deposit link.
   */
  prefixAllLinks: boolean;
  /**
   * Show the Deposit button in the header for logged-in users (the drawer also opens on the 'drawer:open' event).
   */
  headerButton: boolean;
  /**
   * Serve /myaccount/deposit/:currency: currency, network, address with copy and QR, and the method picker.
   */
  depositPage: boolean;
  /**
   * Currencies offered on the deposit page.
   *
   * @minItems 1
   * @maxItems 30
   */
  currencies: [string, ...string[]];
  /**
   * The picker also offers P2P, card and bank deposits (not to UK-limited users, nor with the fiat_trade menu code). Spec 001 §6: the main site only.
   */
  otherWays: boolean;
}
