/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * hello: a row in the footer on the pages its options name.
 */
export interface HelloOptions {
  /**
   * Site paths (without the locale prefix) where the row shows, with the pages below them: '/' for every page.
   *
   * @maxItems 50
   */
  paths: string[];
}
