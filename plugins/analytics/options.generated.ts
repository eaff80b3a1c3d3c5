/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Page-view and click collection for the first-party big-data collector, the third-party analytics service and the Meta pixel, started only with consent.
 */
export interface AnalyticsOptions {
  /**
   * Send big-data events to the first-party collector (spec 000 §3 site config bigData; §6: main, Turkey, test net).
   */
  bigData: boolean;
  /**
   * Project id of this site at the first-party big-data collector (spec 000 §3 collectId); "" sends no big-data events.
   */
  collectId: string;
  /**
   * Google Analytics 4 measurement id of this site (spec 000 §3 gtagId), such as "G-4B8KX2M7QD"; "" sends no analytics events.
   */
  gtagId: string;
  /**
   * Meta pixel id of this site (spec 000 §3 site config fbId: main and Turkey), such as "1092683614771435"; "" sends no pixel events. The events go to pixelEndpoint, which relays them to Meta's Conversions API: no Meta script runs in the page.
   */
  fbId: string;
  /**
   * Where big-data events go (first-party collector; sent only where bigData is on). A same-site path or an https URL.
   */
  bigDataEndpoint: string;
  /**
   * Where analytics events go (the third-party service, keyed by gtagId). A same-site path or an https URL.
   */
  analyticsEndpoint: string;
  /**
   * Where pixel events go (keyed by fbId; sent only where fbId is set). A same-site path or an https URL.
   */
  pixelEndpoint: string;
  /**
   * Time-out of one collection call (spec 000 §9: 5000 ms).
   */
  timeoutMs: number;
  /**
   * How many parent elements click-collect walks up from the clicked element looking for data-track (spec 000 §9: 5).
   */
  clickDepth: number;
}
