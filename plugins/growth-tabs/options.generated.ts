/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The growth tab bar and its pages: rewards hub, competition center, referral, plus affiliate and broker tabs by role (spec 001 §2, §3, §6).
 */
export interface GrowthTabsOptions {
  /**
   * Where the affiliate tab goes: a site path (put under the locale prefix) or an https URL on an allowed link host.
   */
  affiliateUrl: string;
  /**
   * Where the broker tab goes: a site path (put under the locale prefix) or an https URL on an allowed link host.
   */
  brokerUrl: string;
  /**
   * agency_type values that get the affiliate tab (1 affiliate/agent, 2 agents direct).
   */
  affiliateAgencyTypes: (0 | 1 | 2 | 3 | 4)[];
  /**
   * agency_type values that get the broker tab (3 partners, 4 partner direct).
   */
  brokerAgencyTypes: (0 | 1 | 2 | 3 | 4)[];
  /**
   * Open the affiliate and broker tabs in a new browser tab.
   */
  roleTabsNewTab: boolean;
  /**
   * Prefix of the ch (channel) value added when moving between tabs: <prefix>_<from>_to_<to>.
   */
  chPrefix: string;
  /**
   * ref_type put in the invite link next to the invite code.
   */
  referralRefType: string;
  /**
   * GET paths of the growth pages' data. The spec names no path for them: the defaults are our choice; set the back end's real paths here.
   */
  endpoints: {
    /**
     * Reward tasks of /rewards_hub (query lang; data.list).
     */
    rewards: string;
    /**
     * Competitions of /competition/center (query lang; data.list).
     */
    competitions: string;
    /**
     * Referral statistics of /referral (logged in).
     */
    referral: string;
  };
}
