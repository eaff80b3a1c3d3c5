/** Helpers the style rules share: the spaces French typography uses and how a problem shows them. */
const NNBSP = '\u202f';
export const NBSP = '\u00a0';

/** A text with U+202F shown as ⍽ and U+00A0 as °. */
export const visible = (text: string) => text.replaceAll(NNBSP, '⍽').replaceAll(NBSP, '°');

/** The text around a problem at `at`, its spaces `visible`. */
export const show = (text: string, at: number) => visible(text.slice(Math.max(0, at - 12), at + 3));

/** A literal string made safe inside a regular expression. */
export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Markup tags (`<1>`, `</strong>`, `<br/>`) out of a value, each replaced by `by`; attributes go with them. */
export const untag = (value: string, by = '') => value.replace(/<\/?[a-zA-Z0-9]+[^<>]*?\/?>/g, by);
