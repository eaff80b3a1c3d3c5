/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * KYC tip bar, KYC upgrade notice and risk-user notice (spec 001 §2, §3, §4).
 */
export interface KycOptions {
  /**
   * Show the sticky KYC tip bar in the notice slot.
   */
  tipBar: boolean;
  /**
   * User info `verified` values at which the tip bar is hidden, besides KYC2 complete (spec 000 §3: 0 none, 5 level 0.5, 2 level 1, 1 level 2, 4 level 3, 3 company). Spec 001 §4: the US site hides it at level 1, [2].
   *
   * @maxItems 6
   */
  tipBarHiddenLevels:
    | []
    | [0 | 1 | 2 | 3 | 4 | 5]
    | [0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5]
    | [0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5]
    | [0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5]
    | [0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5]
    | [0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5];
  /**
   * Show the KYC upgrade and risk-user notice dialogs.
   */
  notices: boolean;
  /**
   * Cookie set when the tip bar is closed (the 'complete' flag the server also reads).
   */
  tipBarCloseCookie: string;
  /**
   * How long a closed tip bar stays hidden, in hours.
   */
  tipBarCloseHours: number;
  /**
   * Cookie that suppresses the KYC upgrade notice for 12 hours once shown (spec 001 §9).
   */
  upgradeNoticeCookie: string;
  /**
   * Paths (put under the locale prefix) of the KYC help article: on the site (the US site has its own, spec 001 §4), in the app webview.
   */
  helpArticles: {
    web: string;
    app: string;
  };
  /**
   * Paths (without the language prefix; each covers its sub-paths) whose KYC tip bar asks the legacy /json_svr/footer_tips_check (the account centre's back end); every other page asks /api/web/v1/kyc/footerTipsCheck.
   *
   * @maxItems 50
   */
  legacyTipsPaths: string[];
  /**
   * GET path of the KYC and risk-user notice data (spec 001 §3 fields). The spec names no path: this default is our choice; set the back end's real path here.
   */
  noticePath: string;
}
