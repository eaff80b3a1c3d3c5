/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The header's notification entry for logged-in users: a bell linking to the exchange's notifications page, with the unread count (hidden where the region sets hiddenNotification).
 */
export interface NotificationsOptions {
  /**
   * The exchange's notifications page (path without locale prefix). Not given by the spec: an invented default.
   */
  pagePath: string;
  /**
   * Back-end call answering the unread count ({ code: 0, data: { count } }). Not given by the spec: an invented default; "" shows the bell without a count.
   */
  unreadCountPath: string;
  /**
   * Largest count the badge prints; above it shows "<maxBadge>+".
   */
  maxBadge: number;
}
