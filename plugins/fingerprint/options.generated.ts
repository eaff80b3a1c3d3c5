/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Device fingerprint cookie finger_print kept valid with the device-id SDK (spec 000 §4, §7, §9).
 */
export interface FingerprintOptions {
  /**
   * Life of an id and of the cookie, seconds (spec 000 §9: 86400).
   */
  maxAgeSeconds: number;
  /**
   * Retries of a failed generation or refresh (spec 000 §9: 3).
   */
  maxRetries: number;
  /**
   * Delay before retry n is retryDelayMs × n (not shown in the spec).
   */
  retryDelayMs: number;
  /**
   * Same-origin path of the device-id SDK script (spec 000 §7).
   */
  sdkSrc: string;
  /**
   * How long to wait for window.DFDID after the script loaded (spec 000 §9: 1000).
   */
  sdkWaitMs: number;
  /**
   * Polling interval while waiting for the SDK (spec 000 §9: 50).
   */
  sdkPollMs: number;
  /**
   * Longest wait for DFDID.getId() to answer (not shown in the spec).
   */
  getIdTimeoutMs: number;
  /**
   * Delay after hydration before the cookie is checked, keeping the SDK off the critical path (not shown in the spec).
   */
  startDelayMs: number;
}
