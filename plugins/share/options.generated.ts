/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The share modal (spec 001 §2-§3): poster, QR code, copy link and share targets, opened by the 'share:open' bus event.
 */
export interface ShareOptions {
  /**
   * QR code size in CSS pixels (spec 001 §9: 140).
   */
  qrSize: number;
  /**
   * Poster capture time-out (spec 001 §8: 10 s).
   */
  posterTimeoutMs: number;
  /**
   * Poster card on phones: vertical (240 px) or horizontal (394 px).
   */
  mobileLayout: 'vertical' | 'horizontal';
  /**
   * Poster card on wider screens.
   */
  desktopLayout: 'vertical' | 'horizontal';
  /**
   * Share ways switched off for the whole region (added to each request's forbiddenWays).
   */
  forbiddenWays: ('copy' | 'poster' | 'native' | 'x' | 'telegram' | 'facebook' | 'whatsapp' | 'line')[];
  /**
   * Show the 'share with friends' card on the home page.
   */
  homeButton: boolean;
}
