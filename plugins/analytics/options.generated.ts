/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Page-view and click collection for the first-party big-data collector and the third-party analytics service, started only with consent.
 */
export interface AnalyticsOptions {
  /**
   * Where big-data events go (first-party collector; sent only where the region's bigData flag is on). A same-site path or an https URL.
   */
  bigDataEndpoint: string;
  /**
   * Where analytics events go (the third-party service, keyed by the region's gtagId). A same-site path or an https URL.
   */
  analyticsEndpoint: string;
  /**
   * Time-out of one collection call (spec 000 §9: 5000 ms).
   */
  timeoutMs: number;
  /**
   * How many parent elements click-collect walks up from the clicked element looking for data-track (spec 000 §9: 5).
   */
  clickDepth: number;
}
