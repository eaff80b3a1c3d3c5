/**
 * Which of a back end's reply headers the API proxy relays to the browser: an allow-list, like the request's. What a
 * browser needs to read, cache and retry an API reply passes as sent; a header that sends the browser elsewhere passes
 * only when it resolves to this site; a cookie only for this site; anything else (CORS, Clear-Site-Data,
 * Service-Worker-Allowed, Link, Alt-Svc, the back end's own security headers, …) is dropped.
 */
import { safePath } from '../../core/util/links';

/** Relayed as sent. */
const PASSED = new Set([
  'content-type',
  'content-length',
  'content-language',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'cache-control',
  'expires',
  'last-modified',
  'etag',
  'vary',
  'age',
  'date',
  'retry-after',
  'allow',
  'www-authenticate',
  'x-request-id',
]);

/** Relayed as the same-site path they resolve to (`safePath`); resolving elsewhere makes the reply an error. */
const SAME_SITE = new Set(['location', 'content-location']);

/** `Refresh: <seconds>[; url=<target>]`, the target quoted or not. */
const REFRESH = /^\s*(\d{1,9})(?:\.\d*)?\s*(?:[;,]\s*(?:url\s*=\s*)?(['"]?)(.*?)\2\s*)?$/i;

export interface ReplySite {
  /** The site's origin as the browser sees it (the request's protocol and Host). */
  origin: string;
  /** The request's host name (no port). */
  host: string;
  /** The region's `webSiteDomain`: a cookie may be set for a parent domain of it that is also the host's. */
  siteDomain?: string;
}

export type RelayedHeaders = { headers: Record<string, string | string[]> } | { offSite: string };

/**
 * The headers to relay, or `offSite` naming the header that would send the browser off the site (the proxy then
 * answers 502 instead of the reply). Set-Cookie lines for another domain are dropped one by one.
 */
export function relayedHeaders(reply: Headers, site: ReplySite): RelayedHeaders {
  const headers: Record<string, string | string[]> = {};
  // fetch() undid any Content-Encoding: the encoded length no longer applies.
  const decoded = reply.has('content-encoding');
  for (const [name, value] of reply) {
    if (PASSED.has(name)) {
      if (!(decoded && name === 'content-length')) headers[name] = value;
    } else if (SAME_SITE.has(name)) {
      const path = safePath(value, site.origin);
      if (path === null) return { offSite: name };
      headers[name] = path;
    } else if (name === 'refresh') {
      const refresh = sameSiteRefresh(value, site.origin);
      if (refresh === null) return { offSite: name };
      headers[name] = refresh;
    }
  }
  const cookies = reply.getSetCookie().filter((line) => cookieForSite(line, site));
  if (cookies.length) headers['set-cookie'] = cookies;
  return { headers };
}

/** A Refresh header rewritten with its target's same-site path, or null when it has none or names another site. */
function sameSiteRefresh(value: string, origin: string): string | null {
  const m = REFRESH.exec(value);
  if (!m) return null;
  if (m[3] === undefined || m[3] === '') return m[1];
  const path = safePath(m[3], origin);
  return path === null ? null : `${m[1]}; url=${path}`;
}

/**
 * Whether a Set-Cookie line may reach the browser: host-only (no Domain), or a Domain that is the request's host, or
 * a parent domain of both the host and the region's site domain (`.gate.com` for `www.gate.com`), never a bare
 * top-level name.
 */
export function cookieForSite(line: string, site: ReplySite): boolean {
  const domains = line
    .split(';')
    .slice(1)
    .map((attr) => /^\s*domain\s*=\s*(.*)$/i.exec(attr)?.[1])
    .filter((d): d is string => d !== undefined);
  if (domains.length === 0) return true;
  // A browser uses the last Domain attribute; every one must pass so none can be the one used.
  return domains.every((raw) => {
    const domain = raw.trim().replace(/^\./, '').toLowerCase();
    if (domain === site.host) return true;
    if (!domain.includes('.') || !site.host.endsWith(`.${domain}`)) return false;
    const siteDomain = site.siteDomain?.toLowerCase();
    return !!siteDomain && (siteDomain === domain || siteDomain.endsWith(`.${domain}`));
  });
}
