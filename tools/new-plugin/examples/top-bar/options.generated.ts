/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * announcement: a bar above the header on the pages its options name, until the visitor closes it.
 */
export interface AnnouncementOptions {
  /**
   * Site paths (without the locale prefix) where the bar shows, with the pages below them: '/' for every page.
   *
   * @maxItems 50
   */
  paths: string[];
  /**
   * The site path (without the locale prefix) the bar links to.
   */
  link: string;
  /**
   * Days a closed bar stays closed (a cookie the server reads).
   */
  closeDays: number;
}
