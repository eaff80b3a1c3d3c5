/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Compliance gating, notice dialogs, floating bars, business compliance messages and the compliance limit modal (spec 000 §3-§8, spec 001 §2-§5).
 */
export interface ComplianceOptions {
  /**
   * Path prefix (without locale prefix) -> compliance menu feature code, used where `menuGate` is on. A path gated by a code in the compliance `menu` list redirects to /state_compliance_tips (or shows the tips notice when limit.is_show_compliance_tips). The longest matching prefix wins.
   */
  menuPaths: {
    [k: string]: string;
  };
  /**
   * Apply the menu rule: a path whose feature code (menuPaths) is in the compliance `menu` list goes to the tips page. Spec 000 §5: the main site only.
   */
  menuGate: boolean;
  /**
   * Path prefixes a `limit_country` user may still open (log in, withdraw assets, contact support, legal documents).
   *
   * @maxItems 50
   */
  redirectExemptPaths: string[];
  /**
   * Business compliance check endpoint of this site (spec 000 §7: it differs for main/Turkey/UK/AU versus the other sites). Empty: no business messages.
   */
  businessCheckPath: string;
  /**
   * For logged-in users also ask the business check for the 24 h cool-down end reminder (typeReminder=24h_cool_down_end_reminder).
   */
  businessReminder: boolean;
  /**
   * Restricted locations listed by the restricted-location notice: ISO 3166-1 alpha-2 codes (names localized by the browser) or the subdivisions UA-43 (Crimea), UA-14 (Donetsk), UA-09 (Luhansk).
   *
   * @maxItems 80
   */
  restrictedCountries: string[];
  /**
   * The Hong Kong notice reappears this long after its stored timestamp (spec 000 §9: 24 h).
   */
  hkIntervalMs: number;
  /**
   * Withdrawal deadline quoted by the Uzbekistan exit notice (spec 000 §8).
   */
  uzbekistanDeadline: string;
  /**
   * Bonus (USD) quoted by the exclusive-perk modal (spec 000 §8).
   */
  exclusivePerkUsd: number;
  /**
   * Open the compliance limit modal on its pages (spec 001 §4: the main site only).
   */
  showLimitModal: boolean;
  /**
   * The compliance limit modal's tip config used when the compliance check's `tips` has none (spec 001 §2-§4); the modal opens only where `showLimitModal` is on.
   */
  limitModal: {
    /**
     * Show the modal from this config when the server sends no tip config.
     */
    enable: boolean;
    /**
     * Pages it may open on: register (/signup), home (/), login (/login).
     */
    path: ('register' | 'home' | 'login')[];
    /**
     * Opens at most this many times per day and per path.
     */
    maxCount: number;
    /**
     * Where the OK button leads (same-site path or an allowed host); empty: it only closes.
     */
    ok_button_router: string;
  };
}
