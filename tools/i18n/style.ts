/**
 * Typography, register and date rules no glossary entry can say (locales/README.md gives each language's choices).
 * Every problem is one line `<rule> at <key>: …`:
 * - `French typography` (Imprimerie nationale): a narrow no-break space (U+202F) before ; ! ?, a no-break space
 *   (U+00A0) before the colon, inside « » and before %; a colon not followed by a space ("12:00", "https:") is left
 *   alone. `thousands separator`: French groups digits with U+202F (50 000); every other language as `Intl` writes
 *   numbers in it (German 3.615, Russian 3 615, English 3,615, Spanish and Italian 3615: four digits stay whole);
 * - `apostrophe`: every translation writes the typographic apostrophe ’ (U+2019), never a straight ' (l’identité,
 *   un po’, ф’ючерси), but Turkish, which writes the straight ' and sets off with it every suffix after a code, a value
 *   or a named document ("USDT'lik", "Kullanıcı Sözleşmesi'ni");
 * - `quotation marks`: each language's own marks, as its README section names them (Arabic, French, European
 *   Portuguese, Russian and Ukrainian « », German „ “, Dutch ‘ ’, Japanese and Traditional Chinese 「」, the others “ ”),
 *   never a straight " or a straight ' opening a quotation;
 * - `Chinese spacing` (zh, tw): a space between Chinese and Latin letters or digits ("24 小时", "{{site}} 账户");
 * - `Japanese spacing` (ja): no space between Japanese and a digit or a numeric placeholder ("24時間", "{{count}}件");
 * - `date written into the text`, in every language including English: a year (Common or Buddhist era) or a day and
 *   month ("30 June", "30 juin", "6月30日", "30 Haziran"). A date is a `{{date}}`-style value the code formats with
 *   `Intl` in the page's language, so each language shows one calendar and one order (Thai: the Buddhist era);
 * - `register`: forms of address a language's register excludes that need more than a pattern in glossary.json
 *   `forbidden` (which holds the pronouns and unambiguous verb forms): plural or formal imperatives at the start of a
 *   clause (Italian voi, Spanish usted/ustedes, Portuguese vocês, French tu), Japanese plain forms where the text says
 *   です・ます, Arabic plural address where the register is the generic singular, Russian and Ukrainian «Вы»
 *   capitalised inside a sentence, Indonesian "anda" not capitalised.
 */
import { writtenDayMonth, writtenYear } from './style-dates';
import { register } from './style-register';
import {
  apostrophe,
  chineseSpacing,
  frenchSpacing,
  frenchThousands,
  japaneseSpacing,
  quotationMarks,
  thousandsSeparator,
  turkishSuffix,
} from './style-typography';

/** Style problems of one value in a language (English: thousands separators and dates only). */
export function checkStyle(lng: string, key: string, value: string): string[] {
  const dates = [...writtenYear(key, value), ...writtenDayMonth(lng, key, value)];
  if (lng === 'en') return [...thousandsSeparator(lng, key, value), ...dates];
  return [
    ...(lng === 'fr' ? [...frenchSpacing(key, value), ...frenchThousands(key, value)] : thousandsSeparator(lng, key, value)),
    ...apostrophe(lng, key, value),
    ...(lng === 'tr' ? turkishSuffix(key, value) : []),
    ...quotationMarks(lng, key, value),
    ...(lng === 'zh' || lng === 'tw' ? chineseSpacing(key, value) : []),
    ...(lng === 'ja' ? japaneseSpacing(key, value) : []),
    ...register(lng, key, value),
    ...dates,
  ];
}
