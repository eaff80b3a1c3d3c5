/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * IP penetration check (spec 001 §4, §7, §9): VPN notice, verification upgrade prompt or detection block.
 */
export interface IpCheckOptions {
  /**
   * STUN server for the WebRTC address gathering (stun: or stuns: URL), one the operator runs or trusts: the visitor's browser sends it a request, so it sees the visitor's address. Empty (the default): no STUN request, host candidates only, so no third party learns the address, at the cost of the VPN detection a STUN answer allows (README).
   */
  stunServer: string;
  /**
   * Run the check only for logged-in users (the verification prompts are about an account).
   */
  requireLogin: boolean;
  /**
   * Paths (without the language prefix) where the check never runs; a path also covers its sub-paths.
   */
  skipPaths: string[];
  /**
   * Lifetime of a passing check's token when the reply has no expire_time (capped at 24 h).
   */
  tokenTtlMinutes: number;
  /**
   * Where 'upgrade verification' leads when the reply has no usable url.
   */
  upgradePath: string;
  /**
   * Request type (2 or 3, spec 001 §7) POSTed to the IP check endpoint when the user answers a prompt; null sends nothing. The spec lists types 2 and 3 without saying which answer is which: by default an answer to the upgrade prompt (result 2) sends type 2 and an answer to the VPN notice (result 3 or 0) sends type 3, for the positive answers only.
   */
  answerTypes: {
    /**
     * VPN notice, Accept (sent before the page reloads).
     */
    vpnAccept: 2 | 3 | null;
    /**
     * VPN notice, Cancel (the upgrade prompt follows).
     */
    vpnCancel: 2 | 3 | null;
    /**
     * Upgrade prompt, 'Upgrade verification' (sent before the link is followed).
     */
    upgradeAccept: 2 | 3 | null;
    /**
     * Upgrade prompt closed or 'Later'.
     */
    upgradeClose: 2 | 3 | null;
  };
}
