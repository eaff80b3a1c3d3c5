/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * welcome: a banner on the home page for the audience its options name.
 */
export interface WelcomeOptions {
  /**
   * Who sees the banner: 'everyone', 'visitors' (logged out) or 'users' (logged in).
   */
  audience: 'everyone' | 'visitors' | 'users';
  /**
   * The site path (without the locale prefix) the banner links to.
   */
  link: string;
}
