import i18next, { type i18n, type Resource, type TFunction } from 'i18next';
import { i18nTag, resourcesByTag } from './locales';
import { markReadOnlyI18n } from './read-only';

/**
 * An i18next instance with inline resources (server and client render the same text). `lng` and the resources'
 * keys are translation folder codes; i18next gets their BCP-47 tags (plural rules follow the tag).
 */
export function createServerI18n(lng: string, resources: Resource, namespaces: string[]): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: i18nTag(lng),
    fallbackLng: 'en',
    resources: resourcesByTag(resources),
    ns: namespaces,
    defaultNS: 'shell',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Options that only select a translation (no value is interpolated into it). */
const SELECTING_OPTIONS = new Set(['ns', 'lng', 'lngs', 'keyPrefix']);
const MEMO_LIMIT = 20_000;

/**
 * Remembers the answers of an instance that never changes (the server's shared per-language instances): a call
 * that only selects a string (key, namespace, language), or whose interpolated values are all public constants
 * (`constants`: the region names and domains of the configs, e.g. `{ site: region.name }`) or numbers (a count says
 * nothing about whose it is), is answered from a map after its first time. Any other string (a user's name, an
 * amount) goes to i18next every time, so no user's text is ever kept. ~3-30 µs saved per call (plurals cost most).
 */
export function memoizeSelectingCalls(instance: i18n, constants: ReadonlySet<string> = new Set()): i18n {
  markReadOnlyI18n(instance);
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const memo = new Map<string, unknown>();
  instance.t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    const memoKey = typeof key === 'string' && rest.length === 0 ? keyOf(key, options, constants) : undefined;
    if (memoKey === undefined) return translate(key, options, ...rest);
    let value = memo.get(memoKey);
    if (value === undefined) {
      value = translate(key, options);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(memoKey, value);
    }
    return value;
  }) as unknown as TFunction;
  return instance;
}

/** The memo key of a call, or undefined when its options hold anything but selectors, public constants and numbers. */
function keyOf(key: string, options: unknown, constants: ReadonlySet<string>): string | undefined {
  if (options === undefined) return key;
  if (!isRecord(options)) return undefined;
  let out = key;
  for (const name of Object.keys(options).sort()) {
    const v = options[name];
    if (v === undefined) continue;
    const number = typeof v === 'number' && Number.isFinite(v) && !SELECTING_OPTIONS.has(name);
    if (!number && (typeof v !== 'string' || (!SELECTING_OPTIONS.has(name) && !constants.has(v)))) return undefined;
    out += `\u0000${name}${number ? '\u0002' : '\u0001'}${v}`;
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
