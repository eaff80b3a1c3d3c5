/**
 * The one rule for link and redirect targets built from input (a query, a cookie, a path, a back-end field): a
 * target is same-site only if the WHATWG URL parser, resolving it against the site's origin as a browser would
 * (backslashes, tabs, `//`, dot segments, percent-encodings), gives that origin. A same-site target comes back as
 * its serialized path, repeated slashes collapsed, so it never starts with `//` or `/\` and reads the same on any
 * origin. Links may also go to an https (or http) URL on one of the exchange's allowed hosts (`safeLink`).
 */

/** Longest target, in characters, accepted (before and after serialization); a longer one is refused. */
export const MAX_TARGET_LENGTH = 4096;

/** The origin targets resolve against where the site's own is not given: only a path resolves to it. */
const UNKNOWN_ORIGIN = 'https://site.invalid';

/** An absolute URL: a scheme, then ':'. */
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

/** The origin of `origin` as a URL base; a missing or opaque one (`null`, `file:`) gives the unknown origin. */
function baseOf(origin: string | undefined): URL {
  if (origin) {
    try {
      const url = new URL(origin);
      if (url.origin !== 'null') return new URL(url.origin);
    } catch {
      // falls through to the unknown origin
    }
  }
  return new URL(UNKNOWN_ORIGIN);
}

/**
 * The same-site path of `raw` (path, query and hash, repeated slashes collapsed), or null when `raw` is not a
 * string, is empty or longer than `MAX_TARGET_LENGTH`, or resolves against `origin` to another origin.
 * `origin` is the site's (`location.origin` in the browser); without it only paths count as same-site.
 */
export function safePath(raw: unknown, origin?: string): string | null {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > MAX_TARGET_LENGTH) return null;
  const base = baseOf(origin);
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const out = `${url.pathname.replace(/\/{2,}/g, '/')}${url.search}${url.hash}`;
  return out.length <= MAX_TARGET_LENGTH ? out : null;
}

/** `safePath(raw, origin)`, or `home` (the site's home in the current locale) for anything that is not same-site. */
export function safeTarget(raw: unknown, home: string, origin?: string): string {
  return safePath(raw, origin) ?? home;
}

/**
 * Whether a link that came from input may be followed: an absolute http(s) URL on one of `allowedHosts` (as
 * serialized by the URL parser), else a target that passes `safePath` against `origin`. Everything else
 * (javascript:, data:, `//evil`, `/\evil`, other hosts) is null.
 */
export function safeLink(raw: unknown, allowedHosts: readonly string[] = [], origin?: string): string | null {
  if (typeof raw !== 'string') return null;
  const link = raw.trim();
  if (!ABSOLUTE.test(link)) return safePath(link, origin);
  // eslint-disable-next-line no-control-regex -- an absolute link with control characters or backslashes is refused
  if (link.length > MAX_TARGET_LENGTH || /[\u0000-\u001f\\]/.test(link)) return null;
  let parsed: URL;
  try {
    parsed = new URL(link);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase();
  if (allowedHosts.some((h) => host === h.toLowerCase())) return parsed.toString();
  return safePath(link, origin);
}
