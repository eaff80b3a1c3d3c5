/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The 404 page (spec 000 §2 and its spec 001 §2 variant).
 */
export interface NotFoundOptions {
  /**
   * 'shell': hero, three columns of helpful links and trending stories (spec 000). 'module': the compact list variant (spec 001).
   */
  variant: 'shell' | 'module';
  /**
   * The two {token} trending stories after the halving countdown (paths under /explore/).
   *
   * @maxItems 6
   */
  trendingTokens:
    | []
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string];
}
