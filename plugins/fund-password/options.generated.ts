/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The fund-password flow (exported to every page) and the account security page (spec 001 §2, §4, §5, §7).
 */
export interface FundPasswordOptions {
  /**
   * Register the /myaccount/security page that hosts the fund-password controls.
   */
  securityPage: boolean;
  /**
   * Page where the login password is changed (not in the spec).
   */
  loginPasswordPath: string;
  /**
   * Let page markup open the flow: a click on an element with data-fund-password opens the modal, and the element receives a fund-password:confirm event (detail: fundpass, frequency) or fund-password:cancel.
   */
  markupTrigger: boolean;
}
