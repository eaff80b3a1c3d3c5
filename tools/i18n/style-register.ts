/** Register rules that need more than a glossary pattern: clause-start address, Japanese plain forms, Arabic plural address, «Вы», Anda. */
import { escape, untag } from './style-text';

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
