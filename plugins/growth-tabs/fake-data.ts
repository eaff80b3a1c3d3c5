/** Localized texts of the fake growth endpoints (the back end answers in the request's `lang`). */
type Text = Record<'en' | 'zh' | 'tr' | 'ja' | 'ar' | 'it', [string, string]>;

export const REWARD_TEXT: Record<string, Text> = {
  first_deposit: {
    en: ['Make your first deposit', 'Deposit at least 100 USDT within 7 days of signing up.'],
    zh: ['完成首次充值', '注册后 7 天内充值至少 100 USDT。'],
    tr: ['İlk yatırımınızı yapın', 'Kayıttan sonraki 7 gün içinde en az 100 USDT yatırın.'],
    ja: ['初回入金をする', '登録から7日以内に100 USDT以上を入金してください。'],
    ar: ['قم بأول إيداع', 'أودِع 100 USDT على الأقل خلال 7 أيام من التسجيل.'],
    it: ['Effettua il primo deposito', 'Deposita almeno 100 USDT entro 7 giorni dalla registrazione.'],
  },
  first_trade: {
    en: ['Complete your first spot trade', 'Trade at least 50 USDT on any spot pair.'],
    zh: ['完成首笔现货交易', '在任意现货交易对交易至少 50 USDT。'],
    tr: ['İlk spot işleminizi yapın', 'Herhangi bir spot çiftinde en az 50 USDT işlem yapın.'],
    ja: ['初めての現物取引', '任意の現物ペアで50 USDT以上取引してください。'],
    ar: ['أكمل أول صفقة فورية', 'تداول 50 USDT على الأقل على أي زوج فوري.'],
    it: ['Completa la prima operazione spot', 'Fai trading per almeno 50 USDT su qualsiasi coppia spot.'],
  },
  enable_2fa: {
    en: ['Turn on two-factor authentication', 'Secure your account with an authenticator app.'],
    zh: ['开启双重验证', '使用身份验证器保护您的账户。'],
    tr: ['İki adımlı doğrulamayı açın', 'Hesabınızı bir doğrulayıcı uygulamasıyla koruyun.'],
    ja: ['二段階認証を有効にする', '認証アプリでアカウントを保護しましょう。'],
    ar: ['فعّل المصادقة الثنائية', 'احمِ حسابك باستخدام تطبيق مصادقة.'],
    it: ['Attiva l’autenticazione a due fattori', 'Proteggi il tuo account con un’app di autenticazione.'],
  },
  invite_friend: {
    en: ['Invite a friend', 'Your friend signs up with your link and trades 100 USDT.'],
    zh: ['邀请一位好友', '好友通过您的链接注册并交易 100 USDT。'],
    tr: ['Bir arkadaşını davet et', 'Arkadaşın bağlantınla kaydolur ve 100 USDT işlem yapar.'],
    ja: ['友達を招待する', '友達があなたのリンクで登録し、100 USDT取引します。'],
    ar: ['ادعُ صديقًا', 'يسجّل صديقك عبر رابطك ويتداول 100 USDT.'],
    it: ['Invita un amico', 'Il tuo amico si registra con il tuo link e fa trading per 100 USDT.'],
  },
};

export const COMPETITION_TEXT: Record<string, Text> = {
  'futures-masters': {
    en: ['Futures Trading Masters', ''], zh: ['合约交易大师赛', ''], tr: ['Vadeli İşlem Ustaları', ''], ja: ['先物トレーディング・マスターズ', ''], ar: ['أساتذة تداول العقود الآجلة', ''], it: ['Maestri del trading di futures', ''],
  },
  'spot-sprint': {
    en: ['Spot Volume Sprint', ''], zh: ['现货交易量冲刺赛', ''], tr: ['Spot Hacim Yarışı', ''], ja: ['現物取引量スプリント', ''], ar: ['سباق حجم التداول الفوري', ''], it: ['Sprint dei volumi spot', ''],
  },
  'newcomer-cup': {
    en: ['Newcomer Cup', ''], zh: ['新人杯', ''], tr: ['Yeni Gelenler Kupası', ''], ja: ['ニューカマーカップ', ''], ar: ['كأس المستخدمين الجدد', ''], it: ['Coppa dei nuovi arrivati', ''],
  },
};

/** The text in a language, English when not translated. */
export function textIn(text: Text, lng: string): [string, string] {
  return (text as Record<string, [string, string]>)[lng] ?? text.en;
}
