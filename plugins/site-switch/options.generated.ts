/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Region-mismatch bars in the top bar (spec 000 §4): only the highest-priority active bar shows.
 */
export interface SiteSwitchOptions {
  /**
   * Bars this region shows, each when its compliance flag is set (spec 000 §4: main the five to uk, au, us, jp, ae; jp, eu, us, uk, au and ae the one to main). Shown in spec priority order whatever the order here.
   */
  bars: (
    | 'main-to-uk'
    | 'main-to-au'
    | 'main-to-us'
    | 'main-to-jp'
    | 'main-to-ae'
    | 'jp-to-main'
    | 'eu-to-main'
    | 'us-to-main'
    | 'uk-to-main'
    | 'au-to-main'
    | 'ae-to-main'
  )[];
  /**
   * How long a closed bar stays closed (days; a cookie per bar, so the server render agrees).
   */
  dismissDays: number;
  /**
   * Locale rules of target sites whose default language carries a path prefix (region key -> prefix and the paths served without it). Targets not listed get the bare path.
   */
  targetLocales: {
    /**
     * The target's default-language prefix and unprefixed paths.
     */
    [k: string]: {
      /**
       * Prefix such as /en-us ('' for none).
       */
      prefix: string;
      /**
       * Paths served without the prefix (/login, /signup on the US site).
       */
      unprefixedPaths: string[];
    };
  };
}
