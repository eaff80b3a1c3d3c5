/**
 * Typography and date rules no glossary entry can say:
 * - French (Imprimerie nationale): a narrow no-break space (U+202F) before ; ! ?, a no-break space (U+00A0) before
 *   the colon, inside « » and before %; a colon not followed by a space ("12:00", "https:") is left alone;
 * - every language: no year written into a text. A date is a `{{date}}`-style value the code formats with `Intl` in
 *   the page's language, so each language shows one calendar and one order (Thai: the Buddhist era).
 */

const NNBSP = '\u202f';
const NBSP = '\u00a0';

const FRENCH: Array<[RegExp, string]> = [
  [/(?<![\u202f!?])[;!?]/gu, 'a narrow no-break space (U+202F) goes before ; ! ?'],
  [/(?<!\u00a0):(?=\s|$|<)/gu, 'a no-break space (U+00A0) goes before :'],
  [/«(?!\u00a0)|(?<!\u00a0)»/gu, 'a no-break space (U+00A0) goes inside « »'],
  [/(?:\d|\}\}|[ \u202f])%/gu, 'a no-break space (U+00A0) goes before %'],
];

/** 1900-2099 and the Buddhist-era years 2400-2699, standing alone. */
const YEAR = /(?<![\d.,])(?:19\d\d|20\d\d|2[456]\d\d)(?![\d.,]\d)/u;

const show = (text: string, at: number) =>
  text
    .slice(Math.max(0, at - 12), at + 3)
    .replaceAll(NNBSP, '⍽')
    .replaceAll(NBSP, '°');

/** French spacing problems of one value (shown with ⍽ for U+202F and ° for U+00A0). */
export function frenchSpacing(key: string, value: string): string[] {
  const problems: string[] = [];
  for (const [re, rule] of FRENCH) for (const m of value.matchAll(re)) problems.push(`French typography at ${key}: ${rule}, in "…${show(value, m.index)}…"`);
  return problems;
}

/** A year written into a translated text. */
export function writtenYear(key: string, value: string): string[] {
  const m = YEAR.exec(value);
  return m ? [`date written into the text at ${key}: "${m[0]}" (pass it as a value formatted with Intl, e.g. {{date}})`] : [];
}

/** Style problems of one value in a language. */
export function checkStyle(lng: string, key: string, value: string): string[] {
  return [...(lng === 'fr' ? frenchSpacing(key, value) : []), ...writtenYear(key, value)];
}
