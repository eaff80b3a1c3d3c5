import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { i18nTag, TRANSLATION_LANGUAGES } from '../../core/i18n/locales';
import { checkStyle } from './style';
import { writtenDayMonth, writtenYear } from './style-dates';
import { arabicPluralAddress, capitalVy, clauseStartAddress, indonesianAnda, japanesePlainForm } from './style-register';
import {
  apostrophe,
  chineseSpacing,
  frenchSpacing,
  frenchThousands,
  japaneseSpacing,
  quotationMarks,
  QUOTES,
  thousandsSeparator,
  turkishSuffix,
} from './style-typography';

const NNBSP = '\u202f';
const NBSP = '\u00a0';
const word = fc.stringMatching(/^[a-zàéè]{1,8}$/);
const LANGUAGES = TRANSLATION_LANGUAGES.filter((l) => l !== 'en');

describe('French spacing', () => {
  it('accepts U+202F before ; ! ? and U+00A0 before :, inside « » and before %', () => {
    expect(frenchSpacing('k', `Des questions${NNBSP}? Contactez-nous${NBSP}: «${NBSP}Aide${NBSP}»${NNBSP}; 20${NBSP}%${NNBSP}!`)).toEqual([]);
    expect(frenchSpacing('k', 'Il est 12:00, voir https://example.com')).toEqual([]);
  });

  it('flags any other space (or none) before the punctuation', () => {
    fc.assert(
      fc.property(word, word, fc.constantFrom(';', '!', '?', ':'), fc.constantFrom('', ' ', NBSP, NNBSP), (a, b, mark, space) => {
        const right = mark === ':' ? NBSP : NNBSP;
        const problems = frenchSpacing('k', `${a}${space}${mark} ${b}`);
        expect(problems.length === 0).toBe(space === right);
      }),
    );
    expect(frenchSpacing('k', 'Frais de {{fee}}%')).toEqual([expect.stringContaining('a no-break space (U+00A0) goes before %')]);
    expect(frenchSpacing('k', 'une taxe de 20 %')).toHaveLength(1);
  });

  it('applies to French only', () => {
    expect(checkStyle('de', 'k', 'Fragen? Kontakt: Support')).toEqual([]);
    expect(checkStyle('fr', 'k', 'Des questions ?')).toHaveLength(1);
  });

  it('groups thousands with U+202F, as Intl writes French numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 10 ** 9 }), fc.constantFrom(' ', NBSP, '.', "'"), (n, other) => {
        const french = new Intl.NumberFormat('fr').format(n);
        expect(frenchThousands('k', `une cagnotte de ${french} USDT`)).toEqual([]);
        expect(frenchThousands('k', `une cagnotte de ${french.replaceAll(NNBSP, other)} USDT`)).toEqual([
          expect.stringMatching(/^thousands separator at k: French groups digits with a narrow no-break space/),
        ]);
      }),
    );
    expect(frenchThousands('k', '1,000,000 USDT')).toHaveLength(1);
    for (const text of ['0,005 BTC', '2700 cryptos', '12:00', '{{amount}} USDT', '20,5 %']) expect(frenchThousands('k', text), text).toEqual([]);
  });
});

describe('thousands separators', () => {
  const OTHERS = TRANSLATION_LANGUAGES.filter((l) => l !== 'fr');
  const written = (lng: string, n: number) => new Intl.NumberFormat(i18nTag(lng), { numberingSystem: 'latn' }).format(n);

  it('accepts every number as Intl writes it in the language, and flags it with any other separator', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OTHERS), fc.integer({ min: 1000, max: 10 ** 9 }), fc.constantFrom(',', '.', ' ', NBSP, NNBSP, "'"), (lng, n, sep) => {
        const own = written(lng, n);
        expect(thousandsSeparator(lng, 'k', `${own} USDT`)).toEqual([]);
        const other = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
        const decimal = written(lng, 1.5)[1];
        // One group after the language's decimal mark reads as a decimal ("1.500" in English): not a grouping.
        const readsAsDecimal = sep === decimal && n < 10 ** 6;
        if (other === own || readsAsDecimal) return;
        expect(thousandsSeparator(lng, 'k', `${other} USDT`)).toEqual([
          `thousands separator at k: ${lng} writes "${own.replaceAll(NNBSP, '⍽').replaceAll(NBSP, '°')}" (as Intl does), not "${other.replaceAll(NNBSP, '⍽').replaceAll(NBSP, '°')}"`,
        ]);
      }),
    );
  });

  it('keeps four digits whole where the language does (Spanish, Italian), and leaves decimals, times and placeholders alone', () => {
    expect(thousandsSeparator('es', 'k', 'más de 3.615 criptomonedas')).toEqual([expect.stringContaining('es writes "3615"')]);
    expect(thousandsSeparator('de', 'k', 'über 3,615,000 Kryptowährungen')).toEqual([expect.stringContaining('de writes "3.615.000"')]);
    for (const [lng, text] of [
      ['en', '0.005 BTC and 1.500 ETH'],
      ['de', '0,005 BTC'],
      ['ru', '20,5 %'],
      ['ja', '12:00'],
      ['tr', '{{amount}} USDT'],
      ['es', 'más de 2700'],
    ])
      expect(thousandsSeparator(lng, 'k', text), `${lng}: ${text}`).toEqual([]);
  });

  it('is part of the check for every language but French, which has its own wording', () => {
    expect(checkStyle('de', 'k', 'über 3,615,000 Kryptowährungen')).toEqual([expect.stringContaining('thousands separator at k: de writes')]);
    expect(checkStyle('en', 'k', 'over 3.615.000 coins')).toEqual([expect.stringContaining('thousands separator at k: en writes "3,615,000"')]);
    expect(checkStyle('fr', 'k', 'plus de 3.615 cryptos')).toEqual([expect.stringMatching(/^thousands separator at k: French groups digits/)]);
  });
});

describe('apostrophes', () => {
  it('asks for ’ in every language but Turkish, which writes the straight one', () => {
    expect(apostrophe('fr', 'k', "l'identité")).toEqual(['apostrophe at k: fr writes ’ (U+2019), not \', in "…l\'ide…"']);
    expect(apostrophe('it', 'k', "Scarica l'app e dell'identità")).toEqual([expect.stringContaining('(2 in the value)')]);
    expect(apostrophe('tr', 'k', 'Kullanıcı Sözleşmesi’ni')).toEqual([expect.stringContaining("tr writes ' (U+0027), not ’")]);
    fc.assert(
      fc.property(word, word, fc.constantFrom(...LANGUAGES), (a, b, lng) => {
        const [right, wrong] = lng === 'tr' ? ["'", '’'] : ['’', "'"];
        expect(apostrophe(lng, 'k', `${a}${right}${b}`)).toEqual([]);
        expect(apostrophe(lng, 'k', `${a}${wrong}${b}`)).toHaveLength(1);
      }),
    );
  });

  it('finds an apostrophe after a number or a placeholder, opening a suffix value, ending a word ("po\'")', () => {
    expect(apostrophe('tr', 'k', '100 USDT’lik')).toHaveLength(1);
    expect(apostrophe('tr', 'k', '’ni ve ')).toHaveLength(1);
    expect(apostrophe('it', 'k', "Aspetta un po' e riprova")).toHaveLength(1);
    expect(apostrophe('it', 'k', 'Aspetta un po’ e riprova')).toEqual([]);
  });

  it('asks Turkish for an apostrophe before a suffix after a proper name, a code or a value', () => {
    for (const text of ['100 USDTlik ödül', 'Alt hesap UIDsi', '{{site}}a hoş geldiniz', 'Kullanıcı Sözleşmesini okuyun'])
      expect(turkishSuffix('k', text), text).toEqual([expect.stringMatching(/^apostrophe at k: a suffix after a proper name/)]);
    for (const text of [
      "100 USDT'lik ödül",
      "Alt hesap UID'si",
      "{{site}}'a hoş geldiniz",
      "Kullanıcı Sözleşmesi'ni okuyun",
      '1dk',
      'P2P işlem',
      'kullanıcı sözleşmesini okudum',
    ])
      expect(turkishSuffix('k', text), text).toEqual([]);
  });

  it('leaves a straight quotation mark to the quotation rule, and markup alone', () => {
    expect(apostrophe('id', 'k', "Pilih 'Terima semua' untuk")).toEqual([]);
    expect(quotationMarks('id', 'k', "Pilih 'Terima semua' untuk")).toEqual([expect.stringMatching(/^quotation marks at k: ' /)]);
    expect(apostrophe('fr', 'k', "<a class='x'>Aide</a>")).toEqual([]);
  });
});

describe('quotation marks', () => {
  it('accepts each language its own marks and refuses the others', () => {
    const marks: Record<string, [string, string]> = { ar: ['«', '»'], de: ['„', '“'], nl: ['‘', '’'], ja: ['「', '」'], zh: ['“', '”'], ru: ['«', '»'] };
    for (const [lng, [open, close]] of Object.entries(marks)) {
      expect(quotationMarks(lng, 'k', `x ${open}OK${close} y`), lng).toEqual([]);
      expect(QUOTES[lng]).toContain(open);
    }
    expect(quotationMarks('ar', 'k', 'استخدم "نسيت كلمة المرور" في')).toEqual([expect.stringContaining('" (ar quotes with « »)')]);
    expect(quotationMarks('ar', 'k', 'استخدم “نسيت كلمة المرور” في')).toHaveLength(1);
    expect(quotationMarks('nl', 'k', 'op “{{option}}”')).toEqual([expect.stringContaining('“ ” (nl quotes with ‘ ’)')]);
    expect(quotationMarks('de', 'k', 'Wählen Sie „Akzeptieren”')).toHaveLength(1);
  });

  it('ignores quotes inside markup attributes', () => {
    expect(quotationMarks('ar', 'k', '<a href="/x">الشروط</a>')).toEqual([]);
  });
});

describe('Chinese spacing', () => {
  const han = fc.stringMatching(/^[\u4e00-\u9fa5]{1,4}$/);
  const latin = fc.stringMatching(/^(?:[A-Za-z]{1,5}|\d{1,4})$/);

  it('wants a space between Chinese and Latin letters or digits, either way', () => {
    fc.assert(
      fc.property(han, latin, han, (a, b, c) => {
        expect(chineseSpacing('k', `${a} ${b} ${c}`)).toEqual([]);
        expect(chineseSpacing('k', `${a}${b} ${c}`)).toHaveLength(1);
        expect(chineseSpacing('k', `${a} ${b}${c}`)).toHaveLength(1);
      }),
    );
  });

  it('counts a placeholder as Latin unless its value is Chinese; markup is no space; punctuation needs none', () => {
    expect(chineseSpacing('k', '自{{date}}起，{{site}}不再')).toEqual([
      'Chinese spacing at k: a space goes between Chinese and Latin letters or digits, at "自{{…}}起，{{…}}不再"',
    ]);
    expect(chineseSpacing('k', '自{{date}}起，{{site}} 不再向{{region}}用户提供服务')).toEqual([]);
    expect(chineseSpacing('k', '最高<b>24</b>小时')).toHaveLength(1);
    expect(chineseSpacing('k', '高级认证（KYC2）、“USDT”、20%的用户')).toEqual([]);
    expect(checkStyle('ja', 'k', '最大100 USDT')).toEqual([]);
  });
});

describe('Japanese spacing', () => {
  const japanese = fc.stringMatching(/^[\u3041-\u3093\u30a1-\u30f3\u4e00-\u9fa5]{1,4}$/);
  const digits = fc.stringMatching(/^\d{1,4}$/);

  it('flags a space between Japanese and a number, either way, and passes them written together', () => {
    expect(japaneseSpacing('k', '24 時間対応')).toEqual(['Japanese spacing at k: no space between Japanese and numbers, at "24 時間対応"']);
    expect(japaneseSpacing('k', '24時間対応')).toEqual([]);
    expect(checkStyle('ja', 'k', 'サポートは24 時間対応')).toEqual([expect.stringMatching(/^Japanese spacing at k: /)]);
    fc.assert(
      fc.property(japanese, digits, japanese, fc.constantFrom(' ', NBSP, NNBSP), (a, n, b, space) => {
        expect(japaneseSpacing('k', `${a}${n}${b}`)).toEqual([]);
        expect(japaneseSpacing('k', `${a}${space}${n}${b}`)).toHaveLength(1);
        expect(japaneseSpacing('k', `${a}${n}${space}${b}`)).toHaveLength(1);
      }),
    );
  });

  it('counts a numeric placeholder as a number, any other as neither', () => {
    expect(japaneseSpacing('k', '通知（未読 {{count}} 件）')).toEqual([
      'Japanese spacing at k: no space between Japanese and numbers, at "知（未読 {{…}} 件）"',
    ]);
    expect(japaneseSpacing('k', '最大 {{amount}} USDT')).toHaveLength(1);
    expect(japaneseSpacing('k', '通知（未読{{count}}件）、最大{{amount}} USDT、{{date}}まで')).toEqual([]);
    expect(japaneseSpacing('k', '{{site}} アカウント、注文 {{id}} を変更')).toEqual([]);
  });

  it('leaves Latin words beside Japanese alone, reads markup as no space, and applies to Japanese only', () => {
    for (const text of ['USDT 残高', 'Gate アカウント', '最大100 USDT の特典', 'P2P 取引', '20%の手数料']) expect(japaneseSpacing('k', text), text).toEqual([]);
    expect(japaneseSpacing('k', '<b>24</b> 時間')).toHaveLength(1);
    expect(japaneseSpacing('k', '（ 24時間）')).toHaveLength(1);
    expect(checkStyle('zh', 'k', '24 小时')).toEqual([]);
    expect(checkStyle('tw', 'k', '24 小時')).toEqual([]);
  });
});

describe('dates written into texts', () => {
  it('flags a Common-era or Buddhist-era year, in any language', () => {
    expect(writtenYear('k', 'From 6 October 2023, we…')).toEqual([
      'date written into the text at k: "2023" (pass it as a value formatted with Intl, e.g. {{date}})',
    ]);
    expect(writtenYear('k', 'ตั้งแต่วันที่ 6 ตุลาคม 2566')).toHaveLength(1);
    expect(checkStyle('ja', 'k', '2025年7月1日発効')).toHaveLength(2);
  });

  it('flags a day and month, in any order and form Intl writes them, in every language and in English', () => {
    fc.assert(
      fc.property(fc.constantFrom('en', ...LANGUAGES), fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 28 }), (lng, month, day) => {
        const date = new Date(Date.UTC(2021, month, day));
        for (const month of ['long', 'short'] as const) {
          const text = new Intl.DateTimeFormat(i18nTag(lng), { day: 'numeric', month, timeZone: 'UTC' }).format(date);
          if (!/\p{L}/u.test(text)) continue; // pt-PT's short form is 1/01: digits alone are left to the reader ("24/7")
          expect(writtenDayMonth(lng, 'k', `… ${text} …`), `${lng} ${text}`).toEqual([expect.stringMatching(/^date written into the text at k: /)]);
        }
        const english = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
        expect(writtenDayMonth(lng, 'k', `before ${english}`), `${lng} ${english}`).toHaveLength(1);
      }),
    );
    for (const [lng, text] of [
      ['en', 'before 30 June'],
      ['en', 'until June 30th'],
      ['fr', 'avant le 1er juin'],
      ['de', 'bis zum 30. Juni'],
      ['es', 'antes del 30 de junio'],
      ['tr', "30 Haziran'dan önce"],
      ['ru', 'до 30 июня'],
      ['zh', '6 月 30 日前'],
      ['ja', '6月30日まで'],
      ['vn', 'trước ngày 30/6'],
      ['ar', 'قبل ٣٠ يونيو'],
    ])
      expect(writtenDayMonth(lng, 'k', text), text).toHaveLength(1);
  });

  it('leaves other numbers and words alone', () => {
    for (const text of ['Trade 2,700+ coins', 'más de 2700', '2.700 Coins', '50,000 USDT', '100 USDT', '{{date}}', '24-hour', 'ID 12023456'])
      expect(writtenYear('k', text), text).toEqual([]);
    for (const [lng, text] of [
      ['en', 'You may 2x your rewards'],
      ['en', '24/7 support in 10 languages'],
      ['de', 'Mai-Aktion: 3 Tage'],
      ['tr', '7 gün içinde 100 USDT'],
      ['vn', 'trong 6 tháng'],
      ['zh', '24 小时，30 天'],
      ['fr', '30 jours, 12 mois'],
    ])
      expect(writtenDayMonth(lng, 'k', text), text).toEqual([]);
  });
});

describe('register: forms of address that need logic', () => {
  it('flags a plural or formal imperative starting a clause, not the same word inside one', () => {
    expect(clauseStartAddress('it', 'k', 'Invita gli amici e guadagnate insieme')).toEqual([
      'register at k: "guadagnate" (plural address (voi): Italian texts use tu, "Guadagna", "Invita")',
    ]);
    expect(clauseStartAddress('it', 'k', 'Guadagnate insieme')).toHaveLength(1);
    expect(clauseStartAddress('it', 'k', 'Le commissioni guadagnate vengono accreditate ogni giorno.')).toEqual([]);
    expect(clauseStartAddress('es', 'k', 'Invita a tus amigos y ganen juntos')).toHaveLength(1);
    expect(clauseStartAddress('es', 'k', 'Los nuevos usuarios que se registren y operen en la app desbloquean recompensas.')).toEqual([]);
    expect(clauseStartAddress('es', 'k', 'Introduzca su contraseña.')).toHaveLength(1);
    expect(clauseStartAddress('pt', 'k', 'Ganhem juntos')).toHaveLength(1);
    expect(clauseStartAddress('br', 'k', 'Indique amigos e ganhem juntos')).toHaveLength(1);
    expect(clauseStartAddress('fr', 'k', 'Découvre nos produits')).toHaveLength(1);
    expect(clauseStartAddress('fr', 'k', 'Découvrez nos produits. Il gagne du temps.')).toEqual([]);
  });

  it('flags Japanese plain forms where the text says です・ます, not buttons in the dictionary form', () => {
    expect(japanesePlainForm('k', '友達を紹介して一緒に稼ごう')).toEqual([
      'register at k: "稼ごう" (plain volitional: Japanese texts use です・ます, "…しましょう")',
    ]);
    expect(japanesePlainForm('k', 'アプリをダウンロードして特典を受け取ろう！')).toHaveLength(1);
    expect(japanesePlainForm('k', '資産を出金できる。')).toHaveLength(1);
    expect(japanesePlainForm('k', '審査が完了した。')).toHaveLength(1);
    for (const text of [
      '取引を始めましょう',
      '閉じる',
      '詳細を見る',
      '資産を出金できます。',
      'ありがとうございました。',
      'もう一度お試しください。',
      '厚い流動性で取引。',
      'でしょう。',
    ])
      expect(japanesePlainForm('k', text), text).toEqual([]);
  });

  it('flags Arabic plural address, not words that merely end alike', () => {
    expect(arabicPluralAddress('k', 'تنطبق القواعد على معاملاتكم.')).toEqual([
      'register at k: "معاملاتكم" (plural "your" (كم): Arabic texts address one reader, "حسابك")',
    ]);
    expect(arabicPluralAddress('k', 'ادعُ أصدقاءك واربحوا معًا')).toHaveLength(1);
    expect(arabicPluralAddress('k', 'ترقّبوا!')).toHaveLength(1);
    expect(arabicPluralAddress('k', 'إذا قمتم بالتسجيل')).toHaveLength(1);
    for (const text of [
      'تم إرسال الرمز وسيتم التحقق منه.',
      'التحكم في الحساب',
      'المستخدمون الذين أكملوا التحقق',
      'اربح مع أصدقائك',
      'حسابك آمن',
      'كم عدد الأصول؟',
    ])
      expect(arabicPluralAddress('k', text), text).toEqual([]);
  });

  it('flags «Вы» capitalised inside a Russian or Ukrainian sentence, and Indonesian "anda" in lower case', () => {
    expect(capitalVy('ru', 'k', 'Проверьте Ваш баланс.')).toEqual(['register at k: "Ваш" («вы» is written in lower case inside a sentence)']);
    expect(capitalVy('ru', 'k', 'Ваш баланс. Вы вошли как {{name}}.')).toEqual([]);
    expect(capitalVy('uk', 'k', 'Перевірте Ваш баланс.')).toHaveLength(1);
    expect(indonesianAnda('k', 'Lindungi akun anda')).toHaveLength(1);
    expect(indonesianAnda('k', 'Lindungi akun Anda')).toEqual([]);
  });
});
