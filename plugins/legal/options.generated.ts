/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Legal dialogs (spec 001 §2, §4, §7): user agreement update, Turkey customer declaration, EU coming-soon notice.
 */
export interface LegalOptions {
  /**
   * The user agreement modal for logged-in users (status 1 shows it).
   */
  agreement: {
    /**
     * Ask the user-agreement status on every page of logged-in users.
     */
    enabled: boolean;
    /**
     * The `scene` sent with status and submit-status.
     */
    scene: string;
    /**
     * Offer a close control (the agreement then asks again on the next page). Default: must be accepted.
     */
    closable: boolean;
    /**
     * Paths (and sub-paths) where the agreement is not asked.
     */
    skipPaths: string[];
  };
  /**
   * The customer understanding declaration (Turkey site, logged-in users).
   */
  declaration: {
    /**
     * Fetch the declaration status and show the declaration while it needs signing.
     */
    enabled: boolean;
    /**
     * Get-status path (GET).
     */
    statusPath: string;
    /**
     * Submit-status path.
     */
    submitPath: string;
    /**
     * HTTP method of the submit call.
     */
    submitMethod: 'GET' | 'POST';
    /**
     * Let the user postpone signing for the current page (it shows again on the next page).
     */
    closable: boolean;
  };
  /**
   * Links to features not yet offered on this site open the 'Stay tuned!' modal instead.
   */
  comingSoon: {
    /**
     * Site paths (without language prefix; sub-paths included) whose links are intercepted.
     */
    paths: string[];
  };
}
