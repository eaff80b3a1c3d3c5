/**
 * The translation rules `npm run i18n:check` enforces, for one namespace of one language against English: the same
 * keys (plural keys by the language's own categories), the same placeholders and markup, and no value left in
 * English (ignoring case) unless allow-listed for that language or for all (locales/allow-identical.json).
 */

export type Bundle = Record<string, unknown>;

export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** Every leaf as `a.b.c` → string (non-string leaves are kept as their JSON). */
export function flatten(obj: Bundle, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [kk, vv] of flatten(v as Bundle, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(`${prefix}${k}`, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return out;
}

/**
 * The placeholders that write a plural string's count: `{{count}}` itself, and `{{coins}}`, the site's coin count as
 * the code writes it for the page's language (grouped by `Intl`: "3,800", "3.800"; `count` picks the form).
 */
const COUNT_PLACEHOLDERS: ReadonlySet<string> = new Set(['{{count}}', '{{coins}}']);

/** `{{name}}` placeholders and `$t(key)` nestings of a string, sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}|\$t\(([^)]+)\)/g)].map((m) => (m[1] ? `{{${m[1]}}}` : `$t(${m[2]})`)).sort();
}

/** Tag names in order (`<1>`, `</1>`, `<strong>`, `<br/>`), the markup a translation must keep. */
export function markup(text: string): string[] {
  return [...text.matchAll(/<\/?([a-zA-Z0-9]+)[^<>]*?\/?>/g)].map((m) => m[0].replace(/\s[^>]*?(\/?)>$/, '$1>'));
}

/** English plural bases: `key` when English has `key_other`. */
function pluralBases(en: Map<string, string>): Set<string> {
  return new Set([...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length)));
}

const pluralBaseOf = (key: string, bases: Set<string>) => {
  const at = key.lastIndexOf('_');
  return at > 0 && (PLURAL_SUFFIXES as readonly string[]).includes(key.slice(at + 1)) && bases.has(key.slice(0, at)) ? key.slice(0, at) : null;
};

export interface Allow {
  /** Values that stay as in English in every language: brand names, tickers, indicator names, store names. */
  values: ReadonlySet<string>;
  /** Per language, values that language writes as in English ("Menu" in French, "Futures" where the market says so). */
  byLanguage: ReadonlyMap<string, ReadonlySet<string>>;
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const listed = (list: ReadonlySet<string> | undefined, value: string) => !!list && [...list].some((v) => sameText(v, value));

/** Whether a value equal to English (ignoring case) is allowed in a language. */
export function allowedIdentical(allow: Allow, lng: string, value: string): boolean {
  return listed(allow.values, value) || listed(allow.byLanguage.get(lng), value);
}

/** Every key a language must have → the English text it translates (a plural form translates English `_other`). */
export function sources(en: Bundle, categories: readonly string[]): Map<string, string> {
  const E = flatten(en);
  const bases = pluralBases(E);
  const expected = new Map<string, string>();
  for (const [key, value] of E) if (!pluralBaseOf(key, bases)) expected.set(key, value);
  for (const base of bases) for (const c of categories) expected.set(`${base}_${c}`, E.get(`${base}_other`)!);
  return expected;
}

/** Problems of one language's namespace, each a line naming the key. */
export function checkBundle(ns: string, lng: string, en: Bundle, bundle: Bundle, categories: readonly string[], allow: Allow): string[] {
  const E = flatten(en);
  const L = flatten(bundle);
  const bases = pluralBases(E);
  const problems: string[] = [];
  const expected = sources(en, categories); // key → the English text it translates

  for (const key of expected.keys()) if (!L.has(key)) problems.push(`missing key ${key}`);
  for (const key of L.keys())
    if (!expected.has(key)) problems.push(pluralBaseOf(key, bases) ? `plural category not used by ${lng}: ${key}` : `extra key ${key}`);

  for (const [key, source] of expected) {
    const value = L.get(key);
    if (value === undefined) continue;
    const plural = pluralBaseOf(key, bases) !== null;
    const want = placeholders(source);
    const got = placeholders(value);
    // A plural form may say its number in words (Arabic "واحد", "two"): the count's placeholders may be left out, nothing else.
    const same = plural
      ? got.every((p) => want.includes(p)) && want.filter((p) => !COUNT_PLACEHOLDERS.has(p)).every((p) => got.includes(p))
      : want.join() === got.join();
    if (!same) problems.push(`placeholders differ at ${key}: English has ${want.join(' ') || 'none'}, ${lng} has ${got.join(' ') || 'none'}`);
    if (markup(source).join() !== markup(value).join())
      problems.push(`markup differs at ${key}: English ${markup(source).join('') || 'none'}, ${lng} ${markup(value).join('') || 'none'}`);
    if (sameText(value, source) && /\p{L}{2,}/u.test(value) && !allowedIdentical(allow, lng, value))
      problems.push(`left in English at ${key}: "${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`);
  }
  return problems;
}
