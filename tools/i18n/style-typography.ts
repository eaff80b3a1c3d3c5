/**
 * Typography rules (locales/README.md): French spacing, thousands separators, apostrophes, quotation marks, Chinese and
 * Japanese spacing.
 */
import { i18nTag } from '../../core/i18n/locales';
import { NBSP, show, escape, untag, visible } from './style-text';

const FRENCH: Array<[RegExp, string]> = [
  [/(?<![\u202f!?])[;!?]/gu, 'a narrow no-break space (U+202F) goes before ; ! ?'],
  [/(?<!\u00a0):(?=\s|$|<)/gu, 'a no-break space (U+00A0) goes before :'],
  [/«(?!\u00a0)|(?<!\u00a0)»/gu, 'a no-break space (U+00A0) goes inside « »'],
  [/(?:\d|\}\}|[ \u202f])%/gu, 'a no-break space (U+00A0) goes before %'],
];

/** French spacing problems of one value (shown with ⍽ for U+202F and ° for U+00A0). */
export function frenchSpacing(key: string, value: string): string[] {
  const problems: string[] = [];
  for (const [re, rule] of FRENCH) for (const m of value.matchAll(re)) problems.push(`French typography at ${key}: ${rule}, in "…${show(value, m.index)}…"`);
  return problems;
}

/** Digits grouped by thousands with anything but U+202F: a space, U+00A0, a dot, an apostrophe, or commas ("1,000,000"). */
const FRENCH_GROUPS = /(?<![\d.,])\d{1,3}(?:(?:[ \u00a0.'’]\d{3})+|(?:,\d{3}){2,})(?![\d.,]\d)/gu;

/** French numbers of four digits or more grouped otherwise than with U+202F (50 000). */
export function frenchThousands(key: string, value: string): string[] {
  return [...value.matchAll(FRENCH_GROUPS)].map(
    (m) => `thousands separator at ${key}: French groups digits with a narrow no-break space (U+202F), in "${m[0].replaceAll(NBSP, '°')}"`,
  );
}

/** Digits grouped by three with one kind of separator: "3,615", "1.000.000", "50 000" (any space), "1'000". */
const GROUPED = /(?<![\d.,])\d{1,3}(?:([,.\u00a0\u202f '’])\d{3})(?:\1\d{3})*(?![\d.,]\d|\d)/gu;

/** Each language's number format (Latin digits) and decimal mark, made once. */
const NUMBERS = new Map<string, { format: Intl.NumberFormat; decimal: string | undefined }>();

function numbersOf(lng: string) {
  let numbers = NUMBERS.get(lng);
  if (!numbers) {
    const format = new Intl.NumberFormat(i18nTag(lng), { numberingSystem: 'latn' });
    numbers = { format, decimal: format.formatToParts(1.5).find((p) => p.type === 'decimal')?.value };
    NUMBERS.set(lng, numbers);
  }
  return numbers;
}

/**
 * Numbers grouped otherwise than the language writes them (`Intl.NumberFormat` in its BCP-47 tag, Latin digits):
 * German and Turkish "3.615", Russian "3 615" (U+00A0), English, Japanese and Chinese "3,615", Spanish and Italian
 * "3615" (four digits are not grouped). A single group after the language's decimal mark is a decimal ("0,005",
 * "1.500" in English), never flagged. French keeps its own wording (`frenchThousands`).
 */
export function thousandsSeparator(lng: string, key: string, value: string): string[] {
  const { format, decimal } = numbersOf(lng);
  return [...untag(value).matchAll(GROUPED)]
    .filter((m) => !(m[1] === decimal && m[0].length === m[0].indexOf(decimal) + 4))
    .map((m) => ({ written: m[0], wanted: format.format(Number(m[0].replaceAll(m[1], ''))) }))
    .filter(({ written, wanted }) => written !== wanted)
    .map(({ written, wanted }) => `thousands separator at ${key}: ${lng} writes "${visible(wanted)}" (as Intl does), not "${visible(written)}"`);
}

/** A straight ' opening a quotation: at the start, after a space or an opening mark, before a letter ('Lupa kata sandi'). */
const STRAIGHT_OPENING = /(?<=^|[\s(«“„‘[—–-])'(?=[\p{L}\p{N}{])/gu;
/** A Turkish suffix written after a link, at the start of its own value: "'ni ve ". */
const LEADING_SUFFIX = /^'(?=\p{Ll})/u;

/**
 * The apostrophe of a language: ’ (U+2019) everywhere (l’identité, un po’, ф’ючерси), but Turkish keeps the straight
 * ' its interfaces write after proper names and numbers (Kullanıcı Sözleşmesi'ni, 100 USDT'lik), one kind throughout.
 */
export const APOSTROPHE: Readonly<Record<string, string>> = { tr: "'" };

/**
 * An apostrophe other than the language's (`APOSTROPHE`). An apostrophe stands between letters, after a digit or a
 * placeholder, at the start of a value that continues a word ("'ni ve ", after a link), or at the end of a word in a
 * value that quotes nothing (Italian "po'"); a straight ' opening a quotation is a quotation mark (`quotationMarks`).
 */
export function apostrophe(lng: string, key: string, value: string): string[] {
  const want = APOSTROPHE[lng] ?? '’';
  const other = want === "'" ? '’' : "'";
  const text = untag(value);
  const quoting = other === "'" && STRAIGHT_OPENING.test(text.replace(LEADING_SUFFIX, ''));
  STRAIGHT_OPENING.lastIndex = 0;
  const found = [...text.matchAll(new RegExp(other, 'g'))].filter(
    (m) =>
      (m.index === 0 && /^.\p{Ll}/u.test(text)) ||
      (/[\p{L}\p{N}}]/u.test(text[m.index - 1] ?? '') && (/\p{L}/u.test(text[m.index + 1] ?? '') || (other === "'" && !quoting))),
  );
  if (!found.length) return [];
  const at = found[0].index;
  const more = found.length > 1 ? ` (${found.length} in the value)` : '';
  const name = want === '’' ? '’ (U+2019)' : "' (U+0027)";
  return [`apostrophe at ${key}: ${lng} writes ${name}, not ${other}, in "…${text.slice(Math.max(0, at - 12), at + 4)}…"${more}`];
}

/** Turkish proper names of the site's documents and features, which take an apostrophe before a suffix (README). */
const TURKISH_NAMES = ['Kullanıcı Sözleşmesi', 'Gizlilik Politikası', 'Risk Bildirimi', 'Ödül Merkezi', 'Kısıtlı Konum'];
const TURKISH_SUFFIX = new RegExp(`(?:(?<![\\p{L}\\p{N}])\\p{Lu}{2,}|\\}\\}|${TURKISH_NAMES.map(escape).join('|')})(?=\\p{Ll})`, 'gu');

/**
 * Turkish: a suffix after a proper name, a code or a value is set off by the apostrophe ("100 USDT'lik", "UID'si",
 * "{{site}}'a", "Kullanıcı Sözleşmesi'ni"); written straight onto it ("USDTlik", "Kullanıcı Sözleşmesini") it is
 * missing. A number's unit ("1dk") is no suffix.
 */
export function turkishSuffix(key: string, value: string): string[] {
  const text = untag(value);
  const found = [...text.matchAll(TURKISH_SUFFIX)];
  if (!found.length) return [];
  const at = found[0].index + found[0][0].length;
  return [
    `apostrophe at ${key}: a suffix after a proper name, a code or a value takes ' in Turkish ("USDT'lik", "Kullanıcı Sözleşmesi'ni"), in "…${text.slice(Math.max(0, at - 12), at + 4)}…"`,
  ];
}

/** The quotation marks of each language (README); the check refuses every other mark in that language. */
export const QUOTES: Readonly<Record<string, string>> = {
  ar: '«»',
  fr: '«»',
  pt: '«»',
  ru: '«»„“',
  uk: '«»„“',
  de: '„“',
  nl: '‘’',
  ja: '「」『』',
  tw: '「」『』',
  br: '“”',
  es: '“”',
  id: '“”',
  it: '“”',
  th: '“”',
  tr: '“”',
  vn: '“”',
  zh: '“”‘’',
};

/** Quotation marks a text can hold; ’ is left out, it is also the apostrophe. */
const QUOTE_MARKS = /["“”„‟«»‹›「」『』‘‚]/gu;

/** A straight quotation mark (" or an opening ') in any translation, or a mark its language does not use. */
export function quotationMarks(lng: string, key: string, value: string): string[] {
  const own = QUOTES[lng];
  const text = untag(value);
  const wrong = [
    ...[...text.matchAll(QUOTE_MARKS)].filter((m) => m[0] === '"' || (own !== undefined && !own.includes(m[0]))),
    ...text.replace(LEADING_SUFFIX, ' ').matchAll(STRAIGHT_OPENING),
  ].sort((a, b) => a.index - b.index);
  if (!wrong.length) return [];
  const marks = [...new Set(wrong.map((m) => m[0]))].join(' ');
  const want = own ? `${lng} quotes with ${[...own].join(' ')}` : 'use typographic quotation marks, “ ”';
  return [`quotation marks at ${key}: ${marks} (${want}), in "…${text.slice(Math.max(0, wrong[0].index - 12), wrong[0].index + 12)}…"`];
}

/** Stand-ins for placeholders: one with a Latin value ({{site}}), one with a Chinese value ({{date}}), one with a number. */
const LATIN_VALUE = '\ue000';
const CHINESE_VALUE = '\ue001';
const NUMBER_VALUE = '\ue002';
const HAN = `[\\p{Script=Han}\\u3005\\u3007${CHINESE_VALUE}]`;
const LATIN_OR_DIGIT = `[A-Za-z0-9${LATIN_VALUE}]`;
const CHINESE_SPACING = new RegExp(`${HAN}${LATIN_OR_DIGIT}|${LATIN_OR_DIGIT}${HAN}`, 'gu');
/** Placeholders whose value is Chinese text in a Chinese page (a date formatted by Intl, a region's name, an option). */
const CHINESE_VALUES = new Set(['date', 'deadline', 'region', 'option']);

/** A value without markup, each placeholder replaced by the stand-in `standIn` gives its name. */
const withStandIns = (value: string, standIn: (name: string) => string) =>
  untag(value).replace(/\{\{\s*([^}\s,]+)[^}]*\}\}/g, (_m, name: string) => standIn(name));

/**
 * Chinese (zh, tw) beside Latin letters or digits without a space between: "24小时", "{{site}}账户". A placeholder
 * counts as Latin unless its value is Chinese text in a Chinese page (`CHINESE_VALUES`: `自{{date}}起`); markup is
 * no space ("<b>24</b>小时"); full-width punctuation, %, and symbols need none.
 */
export function chineseSpacing(key: string, value: string): string[] {
  const text = withStandIns(value, (name) => (CHINESE_VALUES.has(name) ? CHINESE_VALUE : LATIN_VALUE));
  const hits = [...text.matchAll(CHINESE_SPACING)];
  if (!hits.length) return [];
  const shown = (m: RegExpMatchArray) => text.slice(Math.max(0, m.index! - 4), m.index! + 6).replace(/[\ue000\ue001]/g, '{{…}}');
  return [`Chinese spacing at ${key}: a space goes between Chinese and Latin letters or digits, at ${hits.map((m) => `"${shown(m)}"`).join(', ')}`];
}

/** The text 4 characters either side of each hit, overlapping excerpts as one, stand-ins shown as {{…}}. */
function excerpts(text: string, hits: RegExpMatchArray[]): string[] {
  const spans: Array<[number, number]> = [];
  for (const m of hits) {
    const [from, to] = [Math.max(0, m.index! - 4), m.index! + m[0].length + 4];
    const last = spans.at(-1);
    if (last && from <= last[1]) last[1] = to;
    else spans.push([from, to]);
  }
  return spans.map(([from, to]) => `"${text.slice(from, to).replace(/[\ue000-\ue002]/g, '{{…}}')}"`);
}

/** Japanese: kana (with ー and ・), kanji, 々 〆 〇, and full-width punctuation and brackets (、。「」（）：〜！). */
const JAPANESE =
  '[\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Han}\\u3001-\\u303f\\u30fb\\u30fc\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65]';
const DIGIT = `[0-9${NUMBER_VALUE}]`;
/** Spaces (also U+00A0, U+202F) between Japanese and a digit, either way. */
const JAPANESE_SPACING = new RegExp(`(?<=${JAPANESE})[ \\u00a0\\u202f]+(?=${DIGIT})|(?<=${DIGIT})[ \\u00a0\\u202f]+(?=${JAPANESE})`, 'gu');
/**
 * Placeholders whose value is a number the code formats (a count, an amount, a fee or rate, a price, a level or VIP
 * tier, the bounds of a range) or a date, which Intl writes in Japanese from the year's digits (2025年7月1日, 2025/07/01).
 */
const NUMBER_VALUES = new Set(['count', 'coins', 'value', 'amount', 'fee', 'rate', 'price', 'min', 'max', 'level', 'tier', 'date', 'deadline', 'period']);

/**
 * Japanese (ja) with a space between it and a digit, either way: "24 時間", "最大 {{amount}}", "{{count}} 件". A
 * placeholder counts as a digit when its value is a number (`NUMBER_VALUES`), as nothing otherwise; markup is no
 * space ("<b>24</b> 時間" reads "24 時間"). Latin letters beside Japanese ("USDT 残高", "{{site}} アカウント") are
 * left alone.
 */
export function japaneseSpacing(key: string, value: string): string[] {
  const text = withStandIns(value, (name) => (NUMBER_VALUES.has(name) ? NUMBER_VALUE : LATIN_VALUE));
  const hits = [...text.matchAll(JAPANESE_SPACING)];
  if (!hits.length) return [];
  return [`Japanese spacing at ${key}: no space between Japanese and numbers, at ${excerpts(text, hits).join(', ')}`];
}
