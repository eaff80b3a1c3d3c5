/**
 * locales/glossary.json: one name per concept and language, and what a language must never write.
 * - `terms.<id>.en`: a regular expression (case-insensitive) finding the concept in an English source string;
 * - `terms.<id>.<lng>`: that language's name for it, or a list of its forms (inflections, compounds). A form is a
 *   literal phrase in which `*` stands for any letters (a stem: "фьючерс*", a compound's head: "*einzahl*"). Wherever
 *   the English source of a key matches, the translation must contain one of the forms as whole words:
 *   case-insensitive by the language's own rules (Turkish İ/i, I/ı), ' and ’ alike, any space alike, Arabic vowel
 *   marks ignored. A form's edge in a script written with spaces (Latin, Cyrillic, Arabic) is a word boundary unless
 *   a `*` stands there; an edge in Chinese, Japanese or Thai, written without spaces, needs none; an Arabic form may
 *   carry the clitics written onto a word (و ف ب ك ل and the article: "بالإيداع", "للسحب");
 * - `titles`: the terms that name a document; Chinese (zh, tw) sets each such name in running text in 《》;
 * - `forbidden.<lng>`: `{ "pattern", "why" }` regular expressions (case-insensitive) no value of that language may
 *   match (Arabic vowel marks ignored).
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
  /** Ids of the terms that name a document (glossary.json `titles`). */
  titles: ReadonlySet<string>;
}

const ARABIC_MARKS = /[\u064b-\u0652\u0670\u0640]/g;

/** A text as the glossary compares it in a language. */
export function fold(text: string, lng: string): string {
  return text.normalize('NFC').replace(ARABIC_MARKS, '').replace(/[’‘ʼ]/g, "'").replace(/\s+/gu, ' ').toLocaleLowerCase(i18nTag(lng));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Scripts written without spaces between words: a form's edge there is no word boundary. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}ー]/u;
const ARABIC = /\p{sc=Arabic}/u;
const WORD = '[\\p{L}\\p{M}\\p{N}]';
const WORD_CHAR = new RegExp(WORD, 'u');
/** Clitics written onto an Arabic word before a form: و/ف (and), ب/ك/ل (with, as, for), the article (ال, لل). */
const ARABIC_CLITICS = '(?:[وف]?(?:[بك]?ال|لل|[بلك])?)';

/** A form as a regular expression over folded text, matching whole words (see the header). */
export function formPattern(text: string, lng: string): RegExp {
  const folded = fold(text, lng).trim();
  const open = folded.startsWith('*');
  const closed = !folded.endsWith('*');
  let core = folded.replace(/^\*|\*$/g, '');
  const first = core.at(0) ?? '';
  const last = core.at(-1) ?? '';
  let left = '';
  if (!open && ARABIC.test(first)) {
    // The article is one of the clitics: "الإفصاح" also matches "والإفصاح", "للإفصاح", "إفصاح".
    core = core.replace(/^ال/u, '');
    left = `(?<!${WORD})${ARABIC_CLITICS}`;
  } else if (!open && WORD_CHAR.test(first) && !UNSPACED.test(first)) left = `(?<!${WORD})`;
  const right = closed && WORD_CHAR.test(last) && !UNSPACED.test(last) ? `(?!${WORD})` : '';
  const body = escape(core).replaceAll('\\*', '[\\p{L}\\p{M}]*');
  return new RegExp(`${left}${open ? '[\\p{L}\\p{M}]*' : ''}${body}${right}`, 'u');
}

function formOf(text: string, lng: string): Form {
  return { text, re: formPattern(text, lng) };
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
    try {
      return { re: new RegExp(pattern, 'iu'), why };
    } catch (e) {
      return fail(`forbidden.${lng}[${i}]`, (e as Error).message);
    }
  });
}

/** The glossary from its parsed JSON; throws, naming the entry, when a term lacks a language or a pattern is invalid. */
export function parseGlossary(json: unknown, languages: readonly string[]): Glossary {
  const { terms, forbidden, titles = [] } = (json ?? {}) as Record<string, unknown>;
  if (!terms || typeof terms !== 'object') return fail('terms', 'expected an object of terms');
  const byLanguage = new Map<string, Forbidden[]>();
  for (const [lng, list] of Object.entries((forbidden ?? {}) as Record<string, unknown>)) {
    if (!languages.includes(lng)) fail(`forbidden.${lng}`, 'not a translation language');
    byLanguage.set(lng, parseForbidden(lng, list));
  }
  const parsed = Object.entries(terms).filter(([id]) => !id.startsWith('$'));
  if (!Array.isArray(titles) || !titles.every((id) => typeof id === 'string' && parsed.some(([t]) => t === id))) fail('titles', 'expected a list of term ids');
  return { terms: parsed.map(([id, entry]) => parseTerm(id, entry, languages)), forbidden: byLanguage, titles: new Set(titles as string[]) };
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

/** A value that uses a pattern its language forbids (Arabic vowel marks ignored). */
export function checkForbidden(lng: string, key: string, value: string, glossary: Glossary): string[] {
  const text = value.replace(ARABIC_MARKS, '');
  return (glossary.forbidden.get(lng) ?? [])
    .map((rule) => ({ rule, hit: rule.re.exec(text) }))
    .filter(({ hit }) => hit)
    .map(({ rule, hit }) => `forbidden at ${key}: "${hit![0]}" (${rule.why})`);
}

/** Languages that set a document's name in running text in 《》. */
const TITLE_MARKS = new Set(['zh', 'tw']);

/**
 * Chinese (zh, tw): a document's name (glossary.json `titles`) in running text stands in 《》 (请阅读《用户协议》).
 * A value that is the name alone (a link, a heading: "用户协议") needs none; markup inside the marks is fine
 * (《<1>用户协议</1>》).
 */
export function checkTitles(lng: string, key: string, value: string, glossary: Glossary): string[] {
  if (!TITLE_MARKS.has(lng)) return [];
  const text = value.replace(/<\/?[a-zA-Z0-9]+[^<>]*?\/?>/g, '');
  const problems: string[] = [];
  for (const term of glossary.terms) {
    if (!glossary.titles.has(term.id)) continue;
    for (const form of term.forms.get(lng) ?? []) {
      const name = form.text;
      if (text.trim() === name) continue;
      for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
        const before = text.slice(0, at);
        const inside = before.lastIndexOf('《') > before.lastIndexOf('》') && text.indexOf('》', at) >= 0;
        if (!inside) problems.push(`document title at ${key}: "${name}" names a document, ${lng} writes 《${name}》`);
      }
    }
  }
  return problems;
}
