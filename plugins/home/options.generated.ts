/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Home-page statistics and download-task card, the sub-account lookup page and the transfer micro-apps (spec 001).
 */
export interface HomeOptions {
  /**
   * The home statistics section (GET /api/web/v1/site/homeStaticTradeData).
   */
  stats: {
    enabled: boolean;
    /**
     * How the back end writes rates: 'percent' (12.5 means 12.5 %) or 'fraction' (0.125 means 12.5 %).
     */
    rateUnit: 'percent' | 'fraction';
    /**
     * Hide the section when every figure is zero (the failure fallback).
     */
    hideWhenEmpty: boolean;
  };
  /**
   * The app-download task card (GET /api/web/v1/marketing-activity/dlGetTaskInfo).
   */
  dlTask: {
    enabled: boolean;
    /**
     * The task configuration id sent as const_id.
     */
    constId: string;
    /**
     * Where the card leads (a site path).
     */
    link: string;
  };
  /**
   * The sub-account lookup page (/myaccount/sub-account?sub_uid=).
   */
  subAccount: {
    /**
     * GET path of the sub-account info call (takes sub_uid).
     */
    infoPath: string;
    /**
     * Wait before going home after a failed lookup.
     */
    redirectDelayMs: number;
  };
  /**
   * Entry URLs of the embedded transfer apps (a site path or an https URL on an allowed link host).
   */
  microApps: {
    fundsTransfer: string;
    subAccountTransfer: string;
  };
}
