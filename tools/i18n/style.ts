/**
 * Typography, register and date rules no glossary entry can say (locales/README.md gives each language's choices).
 * Every problem is one line `<rule> at <key>: …`:
 * - `French typography` (Imprimerie nationale): a narrow no-break space (U+202F) before ; ! ?, a no-break space
 *   (U+00A0) before the colon, inside « » and before %; a colon not followed by a space ("12:00", "https:") is left
 *   alone. `thousands separator`: French groups digits with U+202F (50 000);
 * - `apostrophe`: every translation writes the typographic apostrophe ’ (U+2019), never a straight ' (l’identité,
 *   un po’, ф’ючерси), but Turkish, which writes the straight ' and sets off with it every suffix after a code, a value
 *   or a named document ("USDT'lik", "Kullanıcı Sözleşmesi'ni");
 * - `quotation marks`: each language's own marks, as its README section names them (Arabic, French, European
 *   Portuguese, Russian and Ukrainian « », German „ “, Dutch ‘ ’, Japanese and Traditional Chinese 「」, the others “ ”),
 *   never a straight " or a straight ' opening a quotation;
 * - `Chinese spacing` (zh, tw): a space between Chinese and Latin letters or digits ("24 小时", "{{site}} 账户");
 * - `date written into the text`, in every language including English: a year (Common or Buddhist era) or a day and
 *   month ("30 June", "30 juin", "6月30日", "30 Haziran"). A date is a `{{date}}`-style value the code formats with
 *   `Intl` in the page's language, so each language shows one calendar and one order (Thai: the Buddhist era);
 * - `register`: forms of address a language's register excludes that need more than a pattern in glossary.json
 *   `forbidden` (which holds the pronouns and unambiguous verb forms): plural or formal imperatives at the start of a
 *   clause (Italian voi, Spanish usted/ustedes, Portuguese vocês, French tu), Japanese plain forms where the text says
 *   です・ます, Arabic plural address where the register is the generic singular, Russian and Ukrainian «Вы»
 *   capitalised inside a sentence, Indonesian "anda" not capitalised.
 */
import { i18nTag } from '../../core/i18n/locales';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

const show = (text: string, at: number) =>
  text
    .slice(Math.max(0, at - 12), at + 3)
    .replaceAll(NNBSP, '⍽')
    .replaceAll(NBSP, '°');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Markup tags (`<1>`, `</strong>`, `<br/>`) out of a value, each replaced by `by`; attributes go with them. */
const untag = (value: string, by = '') => value.replace(/<\/?[a-zA-Z0-9]+[^<>]*?\/?>/g, by);

// ---------------------------------------------------------------------------------------------------------- French

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

// --------------------------------------------------------------------------------------------- apostrophes, quotes

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

// ------------------------------------------------------------------------------------------------- Chinese spacing

/** Stand-ins for placeholders: one with a Latin value ({{site}}, {{count}}), one with a Chinese value ({{date}}). */
const LATIN_VALUE = '\ue000';
const CHINESE_VALUE = '\ue001';
const HAN = `[\\p{Script=Han}\\u3005\\u3007${CHINESE_VALUE}]`;
const LATIN_OR_DIGIT = `[A-Za-z0-9${LATIN_VALUE}]`;
const CHINESE_SPACING = new RegExp(`${HAN}${LATIN_OR_DIGIT}|${LATIN_OR_DIGIT}${HAN}`, 'gu');
/** Placeholders whose value is Chinese text in a Chinese page (a date formatted by Intl, a region's name, an option). */
const CHINESE_VALUES = new Set(['date', 'deadline', 'region', 'option']);

/**
 * Chinese (zh, tw) beside Latin letters or digits without a space between: "24小时", "{{site}}账户". A placeholder
 * counts as Latin unless its value is Chinese text in a Chinese page (`CHINESE_VALUES`: `自{{date}}起`); markup is
 * no space ("<b>24</b>小时"); full-width punctuation, %, and symbols need none.
 */
export function chineseSpacing(key: string, value: string): string[] {
  const text = untag(value).replace(/\{\{\s*([^}\s,]+)[^}]*\}\}/g, (_m, name: string) => (CHINESE_VALUES.has(name) ? CHINESE_VALUE : LATIN_VALUE));
  const hits = [...text.matchAll(CHINESE_SPACING)];
  if (!hits.length) return [];
  const shown = (m: RegExpMatchArray) => text.slice(Math.max(0, m.index! - 4), m.index! + 6).replace(/[\ue000\ue001]/g, '{{…}}');
  return [`Chinese spacing at ${key}: a space goes between Chinese and Latin letters or digits, at ${hits.map((m) => `"${shown(m)}"`).join(', ')}`];
}

// ----------------------------------------------------------------------------------------------------------- dates

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

// -------------------------------------------------------------------------------------------------------- register

interface Register {
  /** Words (lower case, space-separated) a clause of this language never starts with. */
  words: string;
  /** Words that join two clauses ("and"): a clause starts after them too, unless it is a subordinate one. */
  joins: string;
  /** Words that open a subordinate clause ("que", "che"), whose verbs after "and" are subjunctives, not imperatives. */
  subordinators: string;
  why: string;
}

const alternatives = (words: string) => words.split(' ').map(escape).join('|');

/**
 * Forms of address that are also ordinary words elsewhere in a sentence (Italian "guadagnate" is a participle in
 * "le commissioni guadagnate"; Spanish "complete" a subjunctive in "cuando se complete"), so they are flagged only at
 * the start of a clause, where they can only be imperatives: at the start of the value or of a sentence, after a
 * comma, a colon or a semicolon, or after "and"/"or".
 */
const CLAUSE_START: Readonly<Record<string, Register>> = {
  it: {
    words:
      'guadagnate invitate completate verificate depositate prelevate scaricate usate utilizzate controllate attivate inserite seguite provate iniziate scoprite registrate partecipate approfittate acquistate comprate vendete trasferite confermate accettate copiate condividete riscattate sbloccate proteggete',
    joins: 'e ed o poi quindi',
    subordinators: 'che chi cui quando se dopo finché perché affinché',
    why: 'plural address (voi): Italian texts use tu, "Guadagna", "Invita"',
  },
  es: {
    // usted, then ustedes
    words:
      'introduzca seleccione haga inicie verifique pulse elija ingrese escriba lea acepte confirme consulte contacte visite descargue deposite retire opere espere intente vuelva compre obtenga gane participe actualice recargue abra siga utilice complete comparta invite cree proteja desbloquee canjee ganen inviten operen compren completen participen descarguen inicien introduzcan ingresen verifiquen usen sigan obtengan accedan comiencen empiecen compartan aprovechen disfruten',
    joins: 'y e o u',
    subordinators: 'que quien quienes cuando si donde mientras hasta para',
    why: 'usted/ustedes: Spanish texts use tú, "Introduce", "Gana"',
  },
  pt: {
    words: 'ganhem convidem negoceiem recomendem participem registem descarreguem comecem aproveitem juntem partilhem recebam',
    joins: 'e ou',
    subordinators: 'que quem quando se onde enquanto até para',
    why: 'plural address (vocês): European Portuguese texts use the formal singular, "Ganhe", "Convide"',
  },
  br: {
    words: 'ganhem convidem negociem indiquem participem cadastrem baixem comecem aproveitem compartilhem recebam',
    joins: 'e ou',
    subordinators: 'que quem quando se onde enquanto até para',
    why: 'plural address (vocês): Brazilian texts address você, "Ganhe", "Indique"',
  },
  fr: {
    words:
      'découvre commence inscris connecte vérifie gagne télécharge dépose sélectionne saisis choisis lis fais prends ouvre consulte contacte réessaie essaie rejoins obtiens profite utilise scanne protège parraine achète vends reviens viens crée confirme accepte lance termine finalise récupère tente',
    joins: 'et ou puis',
    subordinators: 'que qui quand si lorsque où pour',
    why: 'tu-imperative: French texts use vous, "Découvrez", "Gagnez"',
  },
};

const clauseStartOf = (() => {
  const cache = new Map<string, RegExp>();
  return (lng: string, register: Register): RegExp => {
    let re = cache.get(lng);
    if (!re) {
      const joins = alternatives(register.joins);
      const words = alternatives(register.words);
      re = new RegExp(`(?<=(?:^|[.!?;:,…¡¿\\n(–—])\\s*|\\s(?:${joins})\\s+)(?:${words})(?![\\p{L}\\p{M}])`, 'giu');
      cache.set(lng, re);
    }
    return re;
  };
})();

const registerProblem = (key: string, hit: string, why: string) => `register at ${key}: "${hit}" (${why})`;

/** A plural or formal imperative at the start of a clause of a language that addresses one reader informally. */
export function clauseStartAddress(lng: string, key: string, value: string): string[] {
  const register = CLAUSE_START[lng];
  if (!register) return [];
  const text = untag(value, '\n');
  const join = new RegExp(`(?<![\\p{L}\\p{M}])(?:${alternatives(register.joins)})\\s*$`, 'iu');
  const subordinate = new RegExp(`(?<![\\p{L}\\p{M}])(?:${alternatives(register.subordinators)})(?![\\p{L}\\p{M}])`, 'iu');
  return [...text.matchAll(clauseStartOf(lng, register))]
    .filter((m) => {
      const before = text.slice(0, m.index);
      // After "and": the clause before it decides (…que se registren y operen: a subjunctive).
      return !join.test(before) || !subordinate.test(before.split(/[.!?;:,…¡¿\n]/).pop()!);
    })
    .map((m) => registerProblem(key, m[0], register.why));
}

/**
 * Japanese plain forms where the text says です・ます: a plain volitional ending a phrase (始めよう, 稼ごう;
 * polite: 始めましょう) and a sentence closed by 。！？ on a plain verb, adjective or copula (できる。, 完了した。, 高い。,
 * 必要だ。). Buttons and labels in the dictionary form (閉じる, 詳細を見る) have no full stop and are left alone;
 * a sentence ending on a noun (…を売買・取引。) is accepted.
 */
const JA_VOLITIONAL = /[\p{sc=Han}\p{sc=Hiragana}ー](?:よう|ろう|こう|ごう|そう|とう|のう|ぼう|もう|おう)(?=[。！？!?」』）\s]|$)/gu;
const JA_PLAIN_END = /(?:(?<!まし|でし)た|[るだ]|(?<!さ)い)(?=[。！？!?])/gu;

export function japanesePlainForm(key: string, value: string): string[] {
  const text = untag(value, '\n');
  const problems = [...text.matchAll(JA_VOLITIONAL)].map((m) => registerProblem(key, m[0], 'plain volitional: Japanese texts use です・ます, "…しましょう"'));
  for (const m of text.matchAll(JA_PLAIN_END)) {
    const sentence = text
      .slice(0, m.index + 1)
      .split(/[。！？!?\n]/)
      .pop()!;
    problems.push(registerProblem(key, `${sentence.slice(-8)}${text[m.index + 1]}`, 'plain form ends the sentence: Japanese texts use です・ます'));
  }
  return problems;
}

const ARABIC_MARKS = /[\u064b-\u0652\u0670\u0640]/g;
/** Arabic words (vowel marks and tatweel out) with their offsets; a proclitic و/ف stays on the word. */
const arabicWords = (text: string) => [...text.replace(ARABIC_MARKS, '').matchAll(/(?:(?=\p{L})\p{sc=Arabic})+/gu)];
/** Words whose ending is not a plural suffix: حكم (ruling) and its derivatives, تراكم (accumulation), يتم (is done). */
const ARABIC_NOT_KUM = /(?:حكم|راكم)$/u;
const ARABIC_NOT_TUM = /^[وف]?(?:[لب]?[سي]?[يت]?تم|ختم|كتم|حتم|أتم|اتم|عتم)$/u;
/** Words before a third-person plural past (قاموا after الذين is "they did", not "do!"). */
const ARABIC_THEY = new Set(['الذين', 'قد', 'لقد', 'وقد', 'ولقد', 'عندما', 'حين', 'إذا', 'لو', 'كما', 'ممن', 'من']);

/**
 * Arabic plural address in a text whose register is the generic singular (حسابك): the suffix كم (معاملاتكم), the
 * past تم (قمتم), and plural imperatives in وا (اربحوا, ترقّبوا) when they start a clause or carry the imperative's
 * alif. Independent plural pronouns (أنتم, لكم, عليكم) are in glossary.json `forbidden`.
 */
export function arabicPluralAddress(key: string, value: string): string[] {
  const problems: string[] = [];
  const text = untag(value, '\n');
  const words = arabicWords(text);
  const plain = text.replace(ARABIC_MARKS, '');
  words.forEach((m, i) => {
    const word = m[0];
    const before = plain.slice(0, m.index).trimEnd();
    // A clause starts at the beginning, after punctuation, or with the conjunction و/ف written onto the word.
    const clauseStart = before === '' || /[.!?؟:،,؛\n]$/u.test(before) || /^[وف]/u.test(word);
    if (word.length >= 3 && word.endsWith('كم') && !ARABIC_NOT_KUM.test(word))
      problems.push(registerProblem(key, word, 'plural "your" (كم): Arabic texts address one reader, "حسابك"'));
    else if (word.length >= 4 && word.endsWith('تم') && !ARABIC_NOT_TUM.test(word))
      problems.push(registerProblem(key, word, 'plural "you did" (تم): Arabic texts address one reader'));
    else if (word.length >= 4 && word.endsWith('وا') && !ARABIC_THEY.has(words[i - 1]?.[0] ?? '') && (clauseStart || /^[وف]?[اأإ]/u.test(word)))
      problems.push(registerProblem(key, word, 'plural imperative (وا): Arabic texts address one reader, "اربح"'));
  });
  return problems;
}

/** Russian and Ukrainian write the polite «вы» in lower case inside a sentence (README). */
const CAPITAL_VY: Readonly<Record<string, RegExp>> = {
  ru: /(?<![\p{L}\p{M}])(?:Вы|Вас|Вам|Вами|Ваш|Ваша|Ваше|Ваши|Вашего|Вашей|Вашему|Вашим|Вашими|Ваших|Вашу|Вашем)(?![\p{L}\p{M}])/gu,
  uk: /(?<![\p{L}\p{M}])(?:Ви|Вас|Вам|Вами|Ваш|Ваша|Ваше|Ваші|Вашого|Вашої|Вашому|Вашій|Вашим|Вашими|Ваших|Вашу)(?![\p{L}\p{M}])/gu,
};

export function capitalVy(lng: string, key: string, value: string): string[] {
  const re = CAPITAL_VY[lng];
  if (!re) return [];
  const text = untag(value, '\n');
  return [...text.matchAll(re)]
    .filter((m) => !/(?:^|[.!?…:«"„“(\n—–-])\s*$/u.test(text.slice(0, m.index)))
    .map((m) => registerProblem(key, m[0], `${lng === 'ru' ? '«вы»' : '«ви»'} is written in lower case inside a sentence`));
}

/** Indonesian capitalises the pronoun Anda everywhere (README). */
export function indonesianAnda(key: string, value: string): string[] {
  return [...value.matchAll(/(?<![\p{L}\p{M}])anda(?![\p{L}\p{M}])/gu)].map((m) => registerProblem(key, m[0], 'Indonesian writes Anda with a capital A'));
}

/** Register problems of one value: the forms of address its language's register excludes that need logic. */
export function register(lng: string, key: string, value: string): string[] {
  return [
    ...clauseStartAddress(lng, key, value),
    ...(lng === 'ja' ? japanesePlainForm(key, value) : []),
    ...(lng === 'ar' ? arabicPluralAddress(key, value) : []),
    ...capitalVy(lng, key, value),
    ...(lng === 'id' ? indonesianAnda(key, value) : []),
  ];
}

// ------------------------------------------------------------------------------------------------------------- all

/** Style problems of one value in a language (English: dates only). */
export function checkStyle(lng: string, key: string, value: string): string[] {
  const dates = [...writtenYear(key, value), ...writtenDayMonth(lng, key, value)];
  if (lng === 'en') return dates;
  return [
    ...(lng === 'fr' ? [...frenchSpacing(key, value), ...frenchThousands(key, value)] : []),
    ...apostrophe(lng, key, value),
    ...(lng === 'tr' ? turkishSuffix(key, value) : []),
    ...quotationMarks(lng, key, value),
    ...(lng === 'zh' || lng === 'tw' ? chineseSpacing(key, value) : []),
    ...register(lng, key, value),
    ...dates,
  ];
}
