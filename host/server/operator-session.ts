/**
 * Signing in to the operator page from a browser: the token, typed once into the page's form (a POST from the page
 * itself), gives a session cookie for 8 hours. The cookie is HttpOnly (no script reads it), SameSite=Strict (no other
 * site's page sends it), limited to the page's path (never sent to the site's pages or forwarded to the back end), and
 * Secure when the request came over HTTPS. Its value is an expiry signed with a key derived from OPERATOR_TOKEN: every
 * worker accepts it, nothing is stored, and changing the token ends every session.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const COOKIE = 'operator_session';
/** How long a sign-in lasts, seconds. */
export const SESSION_SECONDS = 8 * 3600;
/** Largest sign-in form body read, bytes (a token is at most 512 characters). */
export const MAX_FORM_BYTES = 2048;

function signature(token: string, expires: number): Buffer {
  const key = createHash('sha256').update(`operator-session\0${token}`).digest();
  return createHmac('sha256', key).update(String(expires)).digest();
}

/** The Set-Cookie value that signs the browser in until `nowS + SESSION_SECONDS`. */
export function sessionCookie(token: string, nowS: number, secure: boolean, path: string): string {
  const expires = nowS + SESSION_SECONDS;
  return `${COOKIE}=${expires}.${signature(token, expires).toString('base64url')}; Path=${path}; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that signs the browser out. */
export function clearedSessionCookie(secure: boolean, path: string): string {
  return `${COOKIE}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Whether the request carries a session this token signed that has not expired. */
export function hasSession(cookieHeader: string | undefined, token: string, nowS: number): boolean {
  const m = new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d{1,12})\\.([A-Za-z0-9_-]{43})(?:;|$)`).exec(cookieHeader ?? '');
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires <= nowS || expires > nowS + SESSION_SECONDS) return false;
  // Compared as text: base64url's last character has spare bits, so two texts can decode to the same bytes.
  return timingSafeEqual(Buffer.from(m[2]), Buffer.from(signature(token, expires).toString('base64url')));
}

/** Longest name a proxy's identity header may give, characters. */
const MAX_IDENTITY_CHARS = 200;

/**
 * The person the operator's proxy signed in, from its identity header (one value of visible ASCII and spaces, at most
 * 200 characters, trimmed); undefined without the setting, without the header, with the header twice, or with a value
 * that is not one name.
 */
export function proxyIdentity(req: IncomingMessage, header: string | undefined): string | undefined {
  if (!header) return undefined;
  // Sent twice (a client's copy the proxy failed to drop, beside its own): neither is believed.
  const values = req.headersDistinct[header];
  if (values?.length !== 1) return undefined;
  const name = values[0].trim();
  return name.length > 0 && name.length <= MAX_IDENTITY_CHARS && /^[\x20-\x7e]+$/.test(name) ? name : undefined;
}

/**
 * Whether a form POST comes from a page of this origin: the browser says so (`Sec-Fetch-Site: same-origin`), or,
 * from one that does not send it, its `Origin` names the request's host. Anything else (another site, no evidence)
 * is refused: nobody signs a browser in or out from elsewhere.
 */
export function isSameOriginPost(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = req.headers.origin;
  if (!origin || !req.headers.host) return false;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
