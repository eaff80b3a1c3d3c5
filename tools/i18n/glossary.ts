/**
 * locales/glossary.json: one name per concept and language, and what a language must never write.
 * - `terms.<id>.en`: a regular expression (case-insensitive) finding the concept in an English source string;
 * - `terms.<id>.<lng>`: that language's name for it, or a list of its forms (inflections, compounds). A form is a
 *   literal phrase in which `*` stands for any letters (a stem: "фьючерс*"). Wherever the English source of a key
 *   matches, the translation must contain one of the forms: case-insensitive by the language's own rules (Turkish
 *   İ/i, I/ı), ' and ’ alike, any space alike, Arabic vowel marks ignored;
 * - `forbidden.<lng>`: `{ "pattern", "why" }` regular expressions (case-insensitive) no value of that language may match.
 */
import { i18nTag } from '../../core/i18n/locales';

interface Form {
  text: string;
  re: RegExp;
}

export interface Term {
  id: string;
  en: RegExp;
  forms: ReadonlyMap<string, Form[]>;
}

export interface Forbidden {
  re: RegExp;
  why: string;
}

export interface Glossary {
  terms: Term[];
  forbidden: ReadonlyMap<string, Forbidden[]>;
}

const ARABIC_MARKS = /[\u064b-\u0652\u0670\u0640]/g;

/** A text as the glossary compares it in a language. */
export function fold(text: string, lng: string): string {
  return text.normalize('NFC').replace(ARABIC_MARKS, '').replace(/[’‘ʼ]/g, "'").replace(/\s+/gu, ' ').toLocaleLowerCase(i18nTag(lng));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function formOf(text: string, lng: string): Form {
  return { text, re: new RegExp(escape(fold(text, lng)).replaceAll('\\*', '\\p{L}*'), 'u') };
}

const fail = (where: string, what: string): never => {
  throw new Error(`glossary.json ${where}: ${what}`);
};

function parseTerm(id: string, entry: unknown, languages: readonly string[]): Term {
  if (!entry || typeof entry !== 'object') return fail(`terms.${id}`, 'expected an object');
  const { en, ...rest } = entry as Record<string, unknown>;
  if (typeof en !== 'string' || !en) return fail(`terms.${id}.en`, 'expected the English pattern');
  const forms = new Map<string, Form[]>();
  for (const lng of languages) {
    const value = rest[lng];
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || !list.length || !list.every((v) => typeof v === 'string' && v.trim()))
      return fail(`terms.${id}.${lng}`, 'missing: give the name (or a list of its forms)');
    forms.set(
      lng,
      (list as string[]).map((text) => formOf(text, lng)),
    );
  }
  for (const key of Object.keys(rest)) if (!key.startsWith('$') && !languages.includes(key)) fail(`terms.${id}.${key}`, 'not a translation language');
  return { id, en: new RegExp(en, 'iu'), forms };
}

function parseForbidden(lng: string, list: unknown): Forbidden[] {
  if (!Array.isArray(list)) return fail(`forbidden.${lng}`, 'expected a list');
  return list.map((item: unknown, i) => {
    const { pattern, why } = (item ?? {}) as Record<string, unknown>;
    if (typeof pattern !== 'string' || typeof why !== 'string') return fail(`forbidden.${lng}[${i}]`, 'expected { "pattern", "why" }');
    return { re: new RegExp(pattern, 'iu'), why };
  });
}

/** The glossary from its parsed JSON; throws, naming the entry, when a term lacks a language or a pattern is invalid. */
export function parseGlossary(json: unknown, languages: readonly string[]): Glossary {
  const { terms, forbidden } = (json ?? {}) as Record<string, unknown>;
  if (!terms || typeof terms !== 'object') return fail('terms', 'expected an object of terms');
  const byLanguage = new Map<string, Forbidden[]>();
  for (const [lng, list] of Object.entries((forbidden ?? {}) as Record<string, unknown>)) {
    if (!languages.includes(lng)) fail(`forbidden.${lng}`, 'not a translation language');
    byLanguage.set(lng, parseForbidden(lng, list));
  }
  const parsed = Object.entries(terms).filter(([id]) => !id.startsWith('$'));
  return { terms: parsed.map(([id, entry]) => parseTerm(id, entry, languages)), forbidden: byLanguage };
}

/** A translation that does not use the glossary's name for a concept its English source names. */
export function checkTerms(lng: string, key: string, source: string, value: string, glossary: Glossary): string[] {
  const problems: string[] = [];
  const text = fold(value, lng);
  for (const term of glossary.terms) {
    const match = term.en.exec(source);
    const forms = term.forms.get(lng);
    if (!match || !forms || forms.some((f) => f.re.test(text))) continue;
    problems.push(`glossary (${term.id}) at ${key}: English says "${match[0]}", ${lng} must say ${forms.map((f) => `"${f.text}"`).join(' or ')}`);
  }
  return problems;
}

/** A value that uses a pattern its language forbids. */
export function checkForbidden(lng: string, key: string, value: string, glossary: Glossary): string[] {
  return (glossary.forbidden.get(lng) ?? [])
    .map((rule) => ({ rule, hit: rule.re.exec(value) }))
    .filter(({ hit }) => hit)
    .map(({ rule, hit }) => `forbidden at ${key}: "${hit![0]}" (${rule.why})`);
}
