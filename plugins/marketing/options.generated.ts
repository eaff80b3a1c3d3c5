/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Marketing banners and popups of spec 001: homepage banner, VIP popup, alpha banner, new-user reward popup, exclusive-perk and promotional banners.
 */
export interface MarketingOptions {
  /**
   * How long a page served without a device id (a new browser) holds its targeted-plan and alpha-card calls for the fingerprint plugin's first id, so they carry device_id; past it they go without.
   */
  deviceIdWaitMs: number;
  /**
   * The targeted-plan banner on the home page (resource_type 4): server-rendered when the request carries a device id, else asked for in the browser once the fingerprint has one.
   */
  homepageBanner: {
    enabled: boolean;
    position: string;
    resourceType: number;
  };
  /**
   * The VIP popup (targeted plan at vip_index, resource_type 5) for logged-in users.
   */
  vipPopup: {
    /**
     * Shows it on this site: off unless the region's file turns it on (as shipped, main's does).
     */
    enabled: boolean;
    position: string;
    resourceType: number;
    /**
     * Spec 001 §9: 10 s.
     */
    autoCloseMs: number;
  };
  /**
   * The alpha floating card (get-user-plans, spread_scene alpha_place_order_web).
   */
  alphaBanner: {
    enabled: boolean;
    /**
     * Route patterns where it shows.
     */
    paths: string[];
    resourceType: number;
    /**
     * Hidden this long after a manual close (spec: 24).
     */
    closeHours: number;
    /**
     * Requests go out at least this far apart (spec: 1000); one asked for sooner waits, it is not dropped.
     */
    throttleMs: number;
  };
  /**
   * The new-user reward popup for visitors.
   */
  newbie: {
    enabled: boolean;
    /**
     * GET path of the newbie prize (spec: path in configuration).
     */
    prizePopPath: string;
    guidePath: string;
    /**
     * Field of the prize reply holding the experiment variable (1 variant A, 2 variant B, else hidden).
     */
    experimentField: string;
    maxPerDay: number;
    minGapMinutes: number;
    /**
     * Pages where it may show (each counted separately, spec 001 §9).
     */
    paths: string[];
  };
  /**
   * The exclusive-perk banner on the home page: sign-up bonus for visitors, task rewards for users.
   */
  perkBanner: {
    enabled: boolean;
    closeHours: number;
  };
  /**
   * The promotional (referral) banner on the home page.
   */
  promoBanner: {
    enabled: boolean;
    variant: 'line' | 'shadow' | 'horizontal';
    link: string;
    /**
     * Referral commission shown as the benefit, in percent.
     */
    commissionRate: number;
    closeHours: number;
  };
}
