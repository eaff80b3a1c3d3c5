/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * whats-new: a dialog on the pages its options name, again some days after the visitor closed it.
 */
export interface WhatsNewOptions {
  /**
   * Site paths (without the locale prefix) where the dialog shows, with the pages below them: '/' for every page.
   *
   * @maxItems 50
   */
  paths: string[];
  /**
   * Days before a closed dialog shows again (kept in localStorage).
   */
  closeDays: number;
}
