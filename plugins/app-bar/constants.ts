/** Spec 000 §9: download-bar click debounce. */
export const CLICK_DEBOUNCE_MS = 200;
/** Spec 000 §9: the analytics view event goes this long after the bar is displayed. */
export const VIEW_EVENT_DELAY_MS = 1000;
/** Cookie set by the close control (readable on the server too); value '1'. */
export const HIDDEN_COOKIE = 'app_download_bar_hidden';
/** Spec 001 §9: download QR default size and card widths. */
export const QR_DEFAULT_SIZE = 140;
export const GUIDE_WIDTH_VERTICAL = 240;
export const GUIDE_WIDTH_HORIZONTAL = 394;

export type { AppBarOptions } from './options.generated';
