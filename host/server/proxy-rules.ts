import type { FramedEntries } from './framed-entries';
import type { IncomingHttpHeaders } from 'node:http';

/** Paths that belong to the exchange API: forwarded to API_ORIGIN (never `/__mock/`: that is the fake API's). */
export const API_PREFIXES = ['/api/', '/apiw/', '/apiweb/', '/json_svr/', '/js/tool/', '/cdn/', '/dfdid/', '/groupchat/', '/micro/'];

/** The fake API's control paths (`/__mock`, `/__mock/…`). */
export const isControlPath = (path: string) => path === '/__mock' || path.startsWith('/__mock/');

/** Whether a (raw) path starts with one of the API prefixes. */
export const isApiPath = (path: string) => API_PREFIXES.some((p) => path.startsWith(p));

/** The methods the back end serves; any other answers 405 with `Allow` (CONNECT too: `refuseConnect`). */
export const FORWARDED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
export const ALLOWED_METHODS = FORWARDED_METHODS.join(', ');

/** Why a call is answered by the proxy itself instead of the back end. */
export interface Refusal {
  status: 400 | 403 | 404 | 405 | 413;
  message: string;
  headers?: Record<string, string>;
}

/**
 * Refused in a raw path before decoding: an encoded `%` (a back end that decodes twice would see `%2f`, `%2e`, `%00`
 * …: no API path needs a literal `%`), encoded slashes and backslashes, raw backslashes (the URL parser reads them as
 * slashes) and `#`.
 */
const RAW_REFUSED: ReadonlyArray<[RegExp, string]> = [
  [/%25/i, 'an encoded "%" (double encoding)'],
  [/%2f|%5c/i, 'an encoded "/" or "\\"'],
  [/\\/, 'a backslash'],
  [/#/, 'a "#"'],
];
/** Whether `text` holds a C0 or C1 control character or DEL. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
/**
 * A segment a back end may resolve as a dot segment: only dots (`.`, `..`, `...`), maybe padded with spaces, maybe
 * followed by `;parameters` (`..;` is `..` to servlet containers).
 */
const DOT_SEGMENT = /^ *\.+ *(?:;.*)?$/s;

/**
 * Why a raw request path (without its query) may not be forwarded, or null when it may. Checked after decoding
 * (UTF-8 percent-encoding; a malformed one is refused), so what is forwarded is the path the back end resolves.
 */
export function pathProblem(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//')) return 'it is not an absolute path ("/…", not "//…")';
  for (const [pattern, what] of RAW_REFUSED) if (pattern.test(path)) return `it holds ${what}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'it holds a malformed percent-encoding';
  }
  if (hasControl(decoded)) return 'it holds a control character';
  if (decoded.split('/').some((segment) => DOT_SEGMENT.test(segment))) return 'it holds a dot segment';
  return null;
}

/** A request body announced by its headers (the HTTP parser frames the body by exactly these two). */
const hasBody = (headers: IncomingHttpHeaders) => Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

/**
 * A control call sent by another site's page (the fake API's scenarios and log-ins change what every visitor of
 * the scenario is served): Fetch Metadata says so, or an `Origin` other than the request's own host.
 */
function fromAnotherSite(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== (headers.host ?? '').toLowerCase();
  } catch {
    return true;
  }
}

/**
 * Whether a browser's call may go on to the back end: the method, the path, no body on GET/HEAD, and (control calls
 * of the fake API) the same site. Returns the proxy's own answer when it may not, else null.
 */
export function checkRequest(method: string | undefined, path: string, headers: IncomingHttpHeaders, o: { control?: boolean } = {}): Refusal | null {
  if (!method || !FORWARDED_METHODS.includes(method)) return { status: 405, message: `method ${method} is not allowed`, headers: { Allow: ALLOWED_METHODS } };
  const problem = pathProblem(path);
  if (problem) return { status: 400, message: `refused path: ${problem}` };
  if ((method === 'GET' || method === 'HEAD') && hasBody(headers)) return { status: 400, message: `a ${method} request has no body` };
  if (o.control && fromAnotherSite(headers)) return { status: 403, message: 'control calls are accepted from this site only' };
  return null;
}

/** A successful GET/HEAD of a page among the region's framed entries: its own scripts run, framed by this site only. */
export const isFramedEntry = (entries: FramedEntries, method: string | undefined, path: string, status: number) =>
  (method === 'GET' || method === 'HEAD') && entries.has(path) && ((status >= 200 && status < 300) || status === 304);
