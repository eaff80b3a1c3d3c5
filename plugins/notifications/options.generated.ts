/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The header's notification entry for logged-in users: a bell linking to the exchange's notifications page, with the unread count (nothing where hiddenNotification is set).
 */
export interface NotificationsOptions {
  /**
   * Hides the header's notification bell on this site (spec 000 §3 site switch hiddenNotification).
   */
  hiddenNotification: boolean;
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
