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
/**
 * Names i18next reads itself, in a call's options or its instance's (a call's may override those): a string there is
 * not text put into the translation (a variant, a default text, a separator, a post-processor's name), so a call giving
 * one of them a free string always goes to i18next.
 */
const I18NEXT_OPTIONS = new Set([
  ...SELECTING_OPTIONS,
  ...['context', 'contextSeparator', 'count', 'ordinal', 'pluralSeparator', 'replace', 'fallbackLng', 'fallbackNS'],
  ...['defaultNS', 'keySeparator', 'nsSeparator', 'returnObjects', 'returnDetails', 'returnNull', 'returnEmptyString'],
  ...['joinArrays', 'postProcess', 'postProcessPassResolved', 'interpolation', 'skipInterpolation', 'nest'],
  ...['appendNamespaceToCIMode', 'appendNamespaceToMissingKey', 'ignoreJSONStructure', 'missingKeyNoValueFallbackToKey'],
  ...['saveMissing', 'saveMissingTo', 'supportedLngs', 'nonExplicitSupportedLngs', 'load', 'lowerCaseLng', 'cleanCode'],
]);
const MEMO_LIMIT = 20_000;

/** A translation with its free values left out: literal text, and at each number the free value of that index. */
type Template = ReadonlyArray<string | number>;
/** A free value's stand-in while its call's template is made: characters of Unicode's private use area. */
const standIn = (index: number) => `\uE000${index}\uE001`;
const STAND_IN = /\uE000(\d+)\uE001/;
const STAND_IN_MARK = /[\uE000\uE001]/;

/**
 * Remembers the answers of an instance that never changes (the server's shared per-language instances): a call
 * that only selects a string (key, namespace, language), or whose interpolated values are all public constants
 * (`constants`: the region names and domains of the configs, e.g. `{ site: region.name }`) or numbers (a count says
 * nothing about whose it is), is answered from a map after its first time (~3-30 µs saved per call; plurals cost most).
 * A call with other strings (a user's name, an amount) is answered from its template: the translation made once with
 * a stand-in for each of those values, which are then put in its place, as i18next puts a value in (as it is, never
 * interpolated again). No user's text is ever kept. No template is made where it could differ from i18next's answer:
 * a text that formats such a value (`{{amount, number}}`) or nests a translation, a value given to an option i18next
 * reads itself (`context`, `defaultValue`, …), an instance with a post-processor; those calls always go to i18next.
 */
export function memoizeSelectingCalls(instance: i18n, constants: ReadonlySet<string> = new Set()): i18n {
  markReadOnlyI18n(instance);
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const memo = new Map<string, unknown>();
  const templates = new Map<string, Template | null>();
  const templatable = templatesHold(instance);
  const remember = <T>(map: Map<string, T>, key: string, value: T) => {
    if (map.size >= MEMO_LIMIT) map.clear();
    map.set(key, value);
  };
  instance.t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    const shape = typeof key === 'string' && rest.length === 0 ? shapeOf(key, options, constants) : undefined;
    if (shape === undefined || (shape.free.length && !templatable)) return translate(key, options, ...rest);
    if (!shape.free.length) {
      let value = memo.get(shape.key);
      if (value === undefined) remember(memo, shape.key, (value = translate(key, options)));
      return value;
    }
    const values = options as Record<string, unknown>;
    let template = templates.get(shape.key);
    if (template === undefined) remember(templates, shape.key, (template = templateOf(translate, key as string, values, shape.free)));
    return template ? fill(template, shape.free, values) : translate(key, options);
  }) as unknown as TFunction;
  return instance;
}

/**
 * The translation with a stand-in for each free value, cut at them; null unless each free value comes back whole
 * exactly where the text (as written, before interpolation) puts it as is: not formatted (`{{amount, number}}`), not
 * inside a nested translation (`$t(…)`).
 */
function templateOf(translate: (...args: unknown[]) => unknown, key: string, options: Record<string, unknown>, free: readonly string[]): Template | null {
  const withStandIns = { ...options };
  free.forEach((name, i) => (withStandIns[name] = standIn(i)));
  const written = translate(key, { ...withStandIns, skipInterpolation: true });
  const text = translate(key, withStandIns);
  if (typeof text !== 'string' || typeof written !== 'string') return null;
  const uses = placesOf(written, free);
  if (!uses) return null;
  const parts = text.split(STAND_IN);
  const template: Array<string | number> = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2) {
      const index = Number(parts[i]);
      if (!(index < free.length)) return null;
      uses[index]--;
      template.push(index);
    } else if (STAND_IN_MARK.test(parts[i])) return null;
    else if (parts[i]) template.push(parts[i]);
  }
  return uses.every((n) => n === 0) ? template : null;
}

/** The placeholder syntax `placesOf` reads: i18next's default (the server's instances keep it). */
const DEFAULT_SYNTAX = { prefix: '{{', suffix: '}}', formatSeparator: ',', unescapePrefix: '-', nestingPrefix: '$t(' };

/**
 * Whether a template gives what i18next gives on this instance: it has the default placeholder syntax and no
 * post-processor (one could change a value i18next put in, which a template would not).
 */
function templatesHold(instance: i18n): boolean {
  const set = (instance.options.interpolation ?? {}) as Record<string, unknown>;
  const postProcess = instance.options.postProcess;
  const postProcessed = Array.isArray(postProcess) ? postProcess.length > 0 : !!postProcess;
  return !postProcessed && Object.entries(DEFAULT_SYNTAX).every(([name, value]) => set[name] === undefined || set[name] === value);
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** How many times the written text puts each free value in as is; null when it formats one or nests a translation. */
function placesOf(written: string, free: readonly string[]): number[] | null {
  if (written.includes('$t(') || STAND_IN_MARK.test(written)) return null;
  const uses = free.map(() => 0);
  for (const [, inner] of written.matchAll(PLACEHOLDER)) {
    let name = inner.trim();
    if (name.startsWith('-')) name = name.slice(1).trim();
    const [path, format] = name.split(',');
    const index = free.indexOf(path.trim());
    if (index < 0) continue;
    if (format !== undefined) return null;
    uses[index]++;
  }
  return uses;
}

function fill(template: Template, free: readonly string[], values: Record<string, unknown>): string {
  let out = '';
  for (const part of template) out += typeof part === 'number' ? (values[free[part]] as string) : part;
  return out;
}

/**
 * A call's memo key (its key, selectors, constants and numbers by value; its free strings by name only) and the names
 * of its free strings (sorted), or undefined when it must go to i18next (anything else among its options).
 */
function shapeOf(key: string, options: unknown, constants: ReadonlySet<string>): { key: string; free: string[] } | undefined {
  if (options === undefined) return { key, free: [] };
  if (!isRecord(options)) return undefined;
  let out = key;
  const free: string[] = [];
  for (const name of Object.keys(options).sort()) {
    const v = options[name];
    if (v === undefined) continue;
    const number = typeof v === 'number' && Number.isFinite(v) && !SELECTING_OPTIONS.has(name);
    if (number || (typeof v === 'string' && (SELECTING_OPTIONS.has(name) || constants.has(v)))) {
      out += `\u0000${name}${number ? '\u0002' : '\u0001'}${v}`;
    } else if (typeof v === 'string' && !I18NEXT_OPTIONS.has(name) && !name.startsWith('defaultValue')) {
      out += `\u0000${name}\u0003`;
      free.push(name);
    } else return undefined;
  }
  return { key: out, free };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
