/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The chat-room support widget (spec 000 §4, §5, §9): a launcher and the room micro-frontend in an iframe. The site config chatroom (spec 000 §3) is this plugin's presence: list it where the room shows (§6: main, Turkey, US, test net).
 */
export interface ChatOptions {
  /**
   * Chat box height in px (spec: 700).
   */
  height: number;
  /**
   * Chat box width in px (spec: 400).
   */
  width: number;
  /**
   * Prefetch the room's entry page when the browser is idle, or after 2000 ms.
   */
  prefetch: boolean;
}
