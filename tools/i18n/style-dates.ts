/** Dates written into a text: a year or a day and month, in any language (a date is a value the code formats). */
import { i18nTag } from '../../core/i18n/locales';
import { escape, untag } from './style-text';

/** 1900-2099 and the Buddhist-era years 2400-2699, standing alone. */
const YEAR = /(?<![\d.,])(?:19\d\d|20\d\d|2[456]\d\d)(?![\d.,]\d)/u;

const dateProblem = (key: string, what: string) => `date written into the text at ${key}: "${what}" (pass it as a value formatted with Intl, e.g. {{date}})`;

/** A year written into a translated text. */
export function writtenYear(key: string, value: string): string[] {
  const m = YEAR.exec(value);
  return m ? [dateProblem(key, m[0])] : [];
}

const DIGIT = '[0-9\u0660-\u0669\u0e50-\u0e59]';
const DAY = `${DIGIT}{1,2}`;

/** Month names (long, short, the form a day takes: "июня", "червня") Intl gives for a BCP-47 tag, lower case; not 6月. */
function monthNames(tag: string): string[] {
  const names = new Set<string>();
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(2021, month, 15));
    for (const options of [{ month: 'long' }, { month: 'short' }, { day: 'numeric', month: 'long' }, { day: 'numeric', month: 'short' }] as const)
      for (const part of new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' }).formatToParts(date))
        if (part.type === 'month' && (part.value.match(/\p{L}/gu)?.length ?? 0) >= 2) names.add(part.value.toLocaleLowerCase(tag).replace(/\.$/, ''));
  }
  return [...names];
}

/** The day-month pattern of a language: its own month names (and the Arabic and English ones) beside a day. */
const dayMonthOf = (() => {
  const cache = new Map<string, RegExp>();
  const extra: Readonly<Record<string, string[]>> = { ar: ['ar-SY', 'ar-DZ'] };
  return (lng: string): RegExp => {
    let re = cache.get(lng);
    if (!re) {
      const tag = i18nTag(lng);
      const own = [tag, ...(extra[lng] ?? [])].flatMap(monthNames);
      const english = monthNames('en');
      // Longest first, so "juin" is not read as "jun"; an abbreviation may keep its dot.
      const alt = (names: string[]) =>
        [...new Set(names)]
          .sort((a, b) => b.length - a.length)
          .map((n) => `${escape(n)}\\.?`)
          .join('|');
      const day = `${DAY}(?:\\.|er|st|nd|rd|th|º|ª)?`;
      const dayFirst = `(?<![\\p{L}\\p{N}])${day}\\s*(?:de\\s+)?(?:${alt([...own, ...english])})(?![\\p{L}\\p{M}])`;
      const monthFirst = `(?<![\\p{L}\\p{M}])(?:${alt(english)})\\s+${DAY}(?:st|nd|rd|th)?(?![\\p{L}\\p{N}])`;
      // Chinese and Japanese: 6月30日, 6 月 30 日, 6月30号.
      const cjk = `(?<!\\p{N})${DAY}\\s*月\\s*${DAY}\\s*[日号號]`;
      // A day word before a numeric date: Vietnamese "ngày 30/6", Thai "วันที่ 30/6", Indonesian "tanggal 30/6".
      const numeric = `(?:ngày|วันที่|tanggal)\\s*${DAY}[/.-]${DAY}(?!\\p{N})`;
      re = new RegExp(`${dayFirst}|${monthFirst}|${cjk}|${numeric}`, 'iu');
      cache.set(lng, re);
    }
    return re;
  };
})();

/** A day and month ("30 June", "30 juin", "6月30日", "30 Haziran’dan") written into a text. */
export function writtenDayMonth(lng: string, key: string, value: string): string[] {
  const m = dayMonthOf(lng).exec(untag(value, ' '));
  return m ? [dateProblem(key, m[0])] : [];
}
