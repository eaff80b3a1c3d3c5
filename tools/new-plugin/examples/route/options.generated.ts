/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * campaign: a page at the path its options name, with a figure its server loader asks the back end for.
 */
export interface CampaignOptions {
  /**
   * The page's site path (without the locale prefix); not '/', the host's home page.
   */
  path: string;
}
