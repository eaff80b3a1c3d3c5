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
   * Paths (put under the locale prefix) of the KYC help article: main site, US site, app webview.
   */
  helpArticles: {
    main: string;
    us: string;
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
