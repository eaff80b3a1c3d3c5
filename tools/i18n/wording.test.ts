import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluralCategories, TRANSLATION_LANGUAGES } from '../../core/i18n/locales';
import { parseAllowList } from './allow';
import { parseGlossary } from './glossary';
import { checkFile, checkSource } from './wording';

const LANGUAGES = TRANSLATION_LANGUAGES.filter((l) => l !== 'en');
const real = (file: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', file), 'utf8')) as unknown;
const glossary = parseGlossary(real('glossary.json'), LANGUAGES);
const allow = parseAllowList(real('allow-identical.json'), LANGUAGES);

/** The lines `npm run i18n:check` prints for one value of one language (`k` in a plugin's file). */
const check = (lng: string, en: string, value: string) =>
  checkFile(`plugins/x/locales/${lng}.json`, 'x', lng, pluralCategories(lng), { k: en }, { k: value }, allow, glossary);

/**
 * [language, rule, English, a translation with the defect, the same translation without it], with the real
 * glossary.json: every rule of the check, and a register guard of every language that has one.
 */
const CASES: Array<[string, string, string, string, string]> = [
  // register: glossary.json `forbidden`
  ['de', 'forbidden', 'Choose a network', 'Wähle ein Netzwerk', 'Wählen Sie ein Netzwerk'],
  ['de', 'forbidden', 'You can log in now', 'Jetzt kannst Sie sich anmelden', 'Jetzt können Sie sich anmelden'],
  ['fr', 'forbidden', 'Sign in', 'Connecte-toi', 'Connectez-vous'],
  ['fr', 'forbidden', 'You can withdraw', 'Maintenant, peux retirer', 'Vous pouvez retirer'],
  ['it', 'forbidden', 'Sign up now', 'Registratevi ora', 'Registrati ora'],
  ['it', 'forbidden', 'You can log in', 'Potete accedere', 'Puoi accedere'],
  ['es', 'forbidden', 'Sign up now', 'Regístrese ahora', 'Regístrate ahora'],
  ['es', 'forbidden', 'You can withdraw your assets', 'Podéis retirar los activos', 'Puedes retirar tus activos'],
  ['es', 'forbidden', 'You can withdraw your assets', 'Podés retirar tus activos', 'Puedes retirar tus activos'],
  ['pt', 'forbidden', 'Sign up', 'Regista-te', 'Registe-se'],
  ['pt', 'forbidden', 'You can withdraw', 'Você pode levantar', 'Pode levantar'],
  ['br', 'forbidden', 'Sign up', 'Cadastra-te', 'Cadastre-se'],
  ['br', 'forbidden', 'Protect your account', 'Protejam a conta de vocês', 'Proteja sua conta'],
  ['ru', 'forbidden', 'Log in to your account', 'Войди в свой аккаунт', 'Войдите в свой аккаунт'],
  ['ru', 'forbidden', 'You can withdraw your assets', 'Ты можешь вывести активы', 'Вы можете вывести активы'],
  ['uk', 'forbidden', 'Get a bonus', 'Отримай бонус', 'Отримайте бонус'],
  ['uk', 'forbidden', 'You can withdraw', 'Ти можеш вивести кошти', 'Ви можете вивести кошти'],
  ['tr', 'forbidden', 'You can protect your account', 'Hesabınızı koruyabilirsin', 'Hesabınızı koruyabilirsiniz'],
  ['nl', 'forbidden', 'Check your balance', 'Controleer uw saldo', 'Controleer je saldo'],
  ['zh', 'forbidden', 'Your account', '你的账户', '您的账户'],
  ['tw', 'forbidden', 'Your account', '你的帳戶', '您的帳戶'],
  ['ja', 'forbidden', 'Your benefits', 'あなたの特典', 'ご利用いただける特典'],
  ['th', 'forbidden', 'Thank you', 'ขอบคุณครับ', 'ขอบคุณ'],
  ['id', 'forbidden', 'Protect your account', 'Lindungi akunmu', 'Lindungi akun Anda'],
  ['vn', 'forbidden', 'You can withdraw', 'Các bạn có thể rút tài sản', 'Bạn có thể rút tài sản'],
  // register: tools/i18n/style.ts
  ['it', 'register', 'Refer friends, earn together', 'Invita gli amici e guadagnate insieme', 'Invita gli amici e guadagna con loro'],
  ['es', 'register', 'Refer friends, earn together', 'Invita a tus amigos y ganen juntos', 'Invita a tus amigos y gana con ellos'],
  ['pt', 'register', 'Earn together', 'Ganhem juntos', 'Ganhe com os seus amigos'],
  ['br', 'register', 'Earn together', 'Ganhem juntos', 'Ganhe com seus amigos'],
  ['fr', 'register', 'Discover our products', 'Découvre nos produits', 'Découvrez nos produits'],
  ['ja', 'register', 'Refer friends, earn together', '友達を紹介して一緒に稼ごう', '友達を紹介して一緒に報酬を獲得しましょう'],
  ['ja', 'register', 'You can withdraw.', '資産を出金できる。', '資産を出金できます。'],
  ['ar', 'register', 'Earn together', 'اربحوا معًا', 'اربح مع أصدقائك'],
  ['ar', 'register', 'Rules apply to your transactions.', 'تنطبق القواعد على معاملاتكم.', 'تنطبق القواعد على معاملاتك.'],
  ['ru', 'register', 'Check your balance.', 'Проверьте Ваш баланс.', 'Проверьте ваш баланс.'],
  ['uk', 'register', 'Check your balance.', 'Перевірте Ваш баланс.', 'Перевірте ваш баланс.'],
  ['id', 'register', 'Protect your account', 'Lindungi akun anda', 'Lindungi akun Anda'],
  // glossary: whole words
  ['tr', 'glossary (deposit)', 'Make your first deposit', 'İlk yatırımınızı yapın', 'İlk yatırma işleminizi yapın'],
  ['es', 'glossary (withdraw)', 'Withdraw now', 'Redirige ahora', 'Retira ahora'],
  // document titles
  ['zh', 'document title', 'Read the User Agreement', '阅读用户协议', '阅读《用户协议》'],
  ['tw', 'document title', 'Read the User Agreement', '閱讀用戶協議', '閱讀《用戶協議》'],
  // typography
  ['fr', 'thousands separator', 'Share 50,000 USDT', 'Partagez 50 000 USDT', 'Partagez 50\u202f000 USDT'],
  ['it', 'apostrophe', 'Download the app', "Scarica l'app", 'Scarica l’app'],
  ['tr', 'apostrophe', 'Read the User Agreement', 'Kullanıcı Sözleşmesi’ni okuyun', "Kullanıcı Sözleşmesi'ni okuyun"],
  ['tr', 'apostrophe', 'Read the User Agreement', 'Kullanıcı Sözleşmesini okuyun', "Kullanıcı Sözleşmesi'ni okuyun"],
  ['ar', 'quotation marks', 'Use "Forgot password"', 'استخدم "نسيت كلمة المرور"', 'استخدم «نسيت كلمة المرور»'],
  ['nl', 'quotation marks', 'Set it to "{{option}}"', 'Stel in op “{{option}}”', 'Stel in op ‘{{option}}’'],
  ['tr', 'quotation marks', "Use 'Forgot password'", "'Şifremi unuttum' bağlantısını kullanın", '“Şifremi unuttum” bağlantısını kullanın'],
  ['zh', 'Chinese spacing', '24h trading volume', '24小时交易量', '24 小时交易量'],
  ['tw', 'Chinese spacing', 'From {{date}}, {{site}} stops', '自{{date}}起，{{site}}不再', '自{{date}}起，{{site}} 不再'],
  ['ja', 'Japanese spacing', '24h trading volume', '24 時間取引高', '24時間取引高'],
  ['ja', 'Japanese spacing', 'Notifications ({{count}} unread)', '通知（未読 {{count}} 件）', '通知（未読{{count}}件）'],
  // dates
  ['de', 'date written into the text', 'Trade before the deadline', 'Handeln Sie bis zum 30. Juni', 'Handeln Sie bis zum Stichtag'],
  ['tr', 'date written into the text', 'Trade before the deadline', "30 Haziran'dan önce işlem yapın", 'Son tarihten önce işlem yapın'],
  ['ja', 'date written into the text', 'Trade before the deadline', '6月30日までに取引してください', '期限までに取引してください'],
  ['vn', 'date written into the text', 'Trade before the deadline', 'Giao dịch trước ngày 30/6', 'Giao dịch trước hạn chót'],
];

describe('each rule names the file, the key and the rule', () => {
  it.each(CASES)('%s %s: %s', (lng, rule, en, wrong, right) => {
    const file = `plugins/x/locales/${lng}.json`;
    const problems = check(lng, en, wrong);
    expect(
      problems.some((p) => p.startsWith(`${file}: ${rule} at k: `)),
      problems.join('\n'),
    ).toBe(true);
    for (const p of problems) expect(p, 'every line names the file and the key').toMatch(new RegExp(`^${file}: [^:]+ at k: `));
    expect(check(lng, en, right)).toEqual([]);
  });

  it('covers every language with a register rule', () => {
    const guarded = new Set(CASES.filter(([, rule]) => rule === 'forbidden' || rule === 'register').map(([lng]) => lng));
    expect([...guarded].sort()).toEqual([...LANGUAGES].sort());
  });

  it('checks the English source for dates too', () => {
    expect(checkSource('plugins/x/locales/en.json', { homePlan: { content: 'Trade before 30 June' } })).toEqual([
      'plugins/x/locales/en.json: date written into the text at homePlan.content: "30 June" (pass it as a value formatted with Intl, e.g. {{date}})',
    ]);
    expect(checkSource('plugins/x/locales/en.json', { homePlan: { content: 'Trade before {{deadline}}' } })).toEqual([]);
  });
});
