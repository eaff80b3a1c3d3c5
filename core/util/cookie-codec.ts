/**
 * The Cookie header read and a Set-Cookie line written, exactly as the `cookie` package (v1) does for the options the
 * shell uses. Written here because that package is CommonJS: its whole module (its Set-Cookie parser too) went into
 * every page's entry chunk. `cookie-codec.test.ts` checks both functions against the package on generated input.
 */
/** The attributes of a cookie set (the shell's subset of Set-Cookie's). */
export interface CookieOptions {
  /** Seconds. */
  maxAge?: number;
  path?: string;
  domain?: string;
  sameSite?: 'lax' | 'strict' | 'none';
  secure?: boolean;
  httpOnly?: boolean;
}

const NAME = /^[\u0021-\u003A\u003C\u003E-\u007E]+$/;
const VALUE = /^[\u0021-\u003A\u003C-\u007E]*$/;
const DOMAIN = /^([.]?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)([.][a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const PATH = /^[\u0020-\u003A\u003D-\u007E]*$/;
const SAME_SITE = { strict: 'Strict', lax: 'Lax', none: 'None' } as const;

/** Spaces and tabs at either end removed (only those: RFC 6265's optional whitespace). */
const trim = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '');

function decode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A Cookie header's name/value pairs (the first of a name wins; pairs without '=' are skipped), in an object without prototype. */
export function parseCookieHeader(header: string): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  if (header.length < 2) return out;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = trim(pair.slice(0, eq));
    if (out[name] === undefined) out[name] = decode(trim(pair.slice(eq + 1)));
  }
  return out;
}

/** One Set-Cookie line (also what `document.cookie` takes); throws a TypeError for a name or option that is invalid. */
export function serializeCookie(name: string, value: string, o: CookieOptions = {}): string {
  if (!NAME.test(name)) throw new TypeError(`argument name is invalid: ${name}`);
  const encoded = value ? encodeURIComponent(value) : '';
  if (!VALUE.test(encoded)) throw new TypeError(`argument val is invalid: ${value}`);
  let line = `${name}=${encoded}`;
  if (o.maxAge !== undefined) {
    if (!Number.isInteger(o.maxAge)) throw new TypeError(`option maxAge is invalid: ${o.maxAge}`);
    line += `; Max-Age=${o.maxAge}`;
  }
  if (o.domain) {
    if (!DOMAIN.test(o.domain)) throw new TypeError(`option domain is invalid: ${o.domain}`);
    line += `; Domain=${o.domain}`;
  }
  if (o.path) {
    if (!PATH.test(o.path)) throw new TypeError(`option path is invalid: ${o.path}`);
    line += `; Path=${o.path}`;
  }
  if (o.httpOnly) line += '; HttpOnly';
  if (o.secure) line += '; Secure';
  if (o.sameSite) {
    const sameSite = String(o.sameSite).toLowerCase();
    if (!Object.hasOwn(SAME_SITE, sameSite)) throw new TypeError(`option sameSite is invalid: ${o.sameSite}`);
    line += `; SameSite=${SAME_SITE[sameSite as keyof typeof SAME_SITE]}`;
  }
  return line;
}
