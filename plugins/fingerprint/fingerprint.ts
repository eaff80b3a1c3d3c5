/** Device fingerprint rules of spec 000 §4, §5 and §9: pure functions, no I/O. */

/** Cookie holding the device id. */
export const FINGERPRINT_COOKIE = 'finger_print';
/** Cookie life and id validity, seconds (spec 000 §9). */
const FINGERPRINT_MAX_AGE_S = 86400;
/** Prefix of the value stored when generation failed. */
const ERROR_PREFIX = 'ERROR_';
/** The error message is cut to this many characters before encoding. */
const ERROR_MESSAGE_MAX = 1024;
/** Only this many characters of any value are kept in the cookie. */
const KEPT_LENGTH = 60;
/** A time stamp this far in the future (clock skew, seconds) still counts as issued now. */
const FUTURE_SKEW_S = 300;

const SHAPE = /^[0-9a-f]{8}/i;

/** True for a 40-character id starting with 8 hex digits, which is not an error marker. */
export function isValidFingerprint(value: unknown): value is string {
  return typeof value === 'string' && value.length === 40 && !isErrorMarker(value) && SHAPE.test(value);
}

/** True for a value stored after a failed generation. */
export function isErrorMarker(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(ERROR_PREFIX);
}

/** The issue time (unix seconds) in the first 8 hex digits, or null when the value has none. */
function issuedAt(value: string): number | null {
  return SHAPE.test(value) ? parseInt(value.slice(0, 8), 16) : null;
}

/** Unix seconds when a valid id stops being valid (issue time + max age), else null. */
export function expiresAt(value: string, maxAgeS = FINGERPRINT_MAX_AGE_S): number | null {
  const at = isValidFingerprint(value) ? issuedAt(value) : null;
  return at === null ? null : at + maxAgeS;
}

/** True when the id is valid and neither expired nor issued implausibly far in the future. */
export function isFresh(value: unknown, nowMs: number, maxAgeS = FINGERPRINT_MAX_AGE_S): value is string {
  if (!isValidFingerprint(value)) return false;
  const at = issuedAt(value)!;
  const now = Math.floor(nowMs / 1000);
  return at <= now + FUTURE_SKEW_S && now < at + maxAgeS;
}

/** Milliseconds until a fresh id must be refreshed (0 when already due). */
export function refreshDelayMs(value: string, nowMs: number, maxAgeS = FINGERPRINT_MAX_AGE_S): number {
  const end = expiresAt(value, maxAgeS);
  return end === null ? 0 : Math.max(0, end * 1000 - nowMs);
}

/** Seconds of cookie life left for an id (the cookie dies when the id does). */
export function cookieMaxAge(value: string, nowMs: number, maxAgeS = FINGERPRINT_MAX_AGE_S): number {
  return Math.max(1, Math.ceil(refreshDelayMs(value, nowMs, maxAgeS) / 1000));
}

/** The encoded error marker: ERROR_ + the URI-encoded message cut to 1024 characters. */
export function errorMarker(error: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any other rejection reason: its String() form
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error ?? 'unknown error');
  return ERROR_PREFIX + encodeURIComponent(message.slice(0, ERROR_MESSAGE_MAX) || 'unknown error');
}

/** What goes into the cookie: the first 60 characters. */
export function keptValue(value: string): string {
  return value.slice(0, KEPT_LENGTH);
}

/**
 * The text to hand a cookie jar (which URI-encodes values) so that the cookie on the wire is exactly the kept
 * marker: the first 60 characters of the encoded marker, never ending in a cut escape sequence.
 */
export function markerCookieText(error: unknown): string {
  let kept = keptValue(errorMarker(error)).replace(/%[0-9A-Fa-f]?$/, '');
  for (;;) {
    try {
      return decodeURIComponent(kept);
    } catch {
      kept = kept.replace(/%[0-9A-Fa-f]{2}$/, ''); // a multi-byte character cut in the middle: drop its bytes
    }
  }
}

/** What to do with the cookie found on page load. */
export function initialAction(value: string | undefined, nowMs: number, maxAgeS = FINGERPRINT_MAX_AGE_S): 'keep' | 'generate' | 'clear-and-generate' {
  if (isFresh(value, nowMs, maxAgeS)) return 'keep';
  return value === undefined ? 'generate' : 'clear-and-generate';
}
