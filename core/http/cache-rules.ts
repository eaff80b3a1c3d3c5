/** A reply's header fields by lower-case name (repeated fields as a list), as the transport received them. */
export type ReplyHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** How a shared cache may reuse one reply: for `ttlMs`, for requests that send the same values of `vary`. */
export interface SharePolicy {
  ttlMs: number;
  /** Request header names (lower case, sorted, no duplicates) whose values select the reply (its `Vary`). */
  vary: readonly string[];
}

/** Directives that forbid a shared cache to reuse a reply, with or without a field list (RFC 9111 §5.2.2). */
const FORBIDDING = ['no-store', 'no-cache', 'private'];
/** Largest delta-seconds value read (RFC 9111 §1.2.2: 2^31). */
const MAX_DELTA_SECONDS = 2 ** 31;

const fieldText = (v: string | readonly string[] | undefined): string | undefined => (typeof v === 'string' ? v : v?.join(', '));

/** Splits a field value at commas outside quoted strings. */
function listItems(value: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted && c === '\\') current += value[++i] ?? '';
    else if (c === '"') quoted = !quoted;
    else if (c !== ',' || quoted) current += c;
    else {
      items.push(current.trim());
      current = '';
    }
  }
  items.push(current.trim());
  return items.filter(Boolean);
}

/** Cache-Control directives: lower-case name → every value given (without quotes; '' when none). */
function directives(value: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const item of listItems(value)) {
    const eq = item.indexOf('=');
    const name = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    const arg = eq < 0 ? '' : item.slice(eq + 1).trim();
    out.set(name, [...(out.get(name) ?? []), arg]);
  }
  return out;
}

/** A delta-seconds directive: undefined when absent, NaN when invalid or given twice (the reply then counts as stale). */
function deltaSeconds(all: Map<string, string[]>, name: string): number | undefined {
  const values = all.get(name);
  if (!values) return undefined;
  return values.length === 1 && /^\d+$/.test(values[0]) ? Math.min(Number(values[0]), MAX_DELTA_SECONDS) : NaN;
}

/** Seconds a `public` reply without max-age stays fresh by its Expires (RFC 9111 §4.2.1); none: the cap. */
function expiresSeconds(headers: ReplyHeaders, now: number): number {
  const expires = fieldText(headers.expires);
  if (expires === undefined) return Infinity;
  const date = Date.parse(fieldText(headers.date) ?? '');
  const at = Date.parse(expires);
  return Number.isNaN(at) ? 0 : (at - (Number.isNaN(date) ? now : date)) / 1000;
}

/** The request header names a reply varies by, or null for `Vary: *` (it varies by what no header says). */
export function varyNames(headers: ReplyHeaders): readonly string[] | null {
  const names = listItems(fieldText(headers.vary) ?? '').map((n) => n.toLowerCase());
  return names.includes('*') ? null : [...new Set(names)].sort();
}

/**
 * Whether a shared cache may give a reply to other requests, and for how long (RFC 9111 §3, §4.2, §5.2.2), at most
 * `maxMs`: only a 200 whose Cache-Control says `public`, `s-maxage` or `max-age`, and none of `private`,
 * `no-store`, `no-cache`; s-maxage before max-age (before Expires), minus `Age`; never with `Set-Cookie` or
 * `Vary: *`. An invalid or repeated max-age counts as stale. Null: never shared.
 */
export function sharePolicy(status: number, headers: ReplyHeaders, maxMs: number, now: number): SharePolicy | null {
  if (status !== 200 || headers['set-cookie'] !== undefined) return null;
  const cc = directives(fieldText(headers['cache-control']) ?? '');
  if (FORBIDDING.some((d) => cc.has(d))) return null;
  const sMaxAge = deltaSeconds(cc, 's-maxage');
  const maxAge = deltaSeconds(cc, 'max-age');
  if (sMaxAge === undefined && maxAge === undefined && !cc.has('public')) return null;
  const lifetime = sMaxAge ?? maxAge ?? expiresSeconds(headers, now);
  const ageText = fieldText(headers.age)?.split(',')[0].trim() ?? '';
  const age = /^\d+$/.test(ageText) ? Number(ageText) : 0;
  const ttlMs = Math.min(maxMs, (lifetime - age) * 1000);
  const vary = varyNames(headers);
  return ttlMs > 0 && vary ? { ttlMs, vary } : null;
}
