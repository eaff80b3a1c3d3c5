import type { ComplianceLimit, ComplianceToast } from '../../../core/data/types';
import { LOCALES } from '../../../core/i18n/locales';
import { defineFakeApi, ok, userOf, type FakeHandler, type FakeRequest } from '../types';
import { forUser, userInfoFor } from './user';

/** The compliance check's `data` for an ordinary request (nothing limited; `is_main` on the main site). */
export function complianceFor(region: string) {
  const limit: ComplianceLimit = {
    is_uk_limit: false, brazil_toast: false, is_nl_limit: false, is_italy_limit: false, ltw_toast: false, is_uzbekistan_toast: false,
    is_show_compliance_tips: false, is_blocked_country: false, limit_country: '', is_us_toast: false, is_main: region === 'main',
    is_uk_ip: false, is_au_ip: false, is_jp_toast: false, is_ae_toast: false,
  };
  const toast: ComplianceToast = { is_hk_user: false, is_withdraw_only_user: false, limit_country_user_status: '', kyc_toast: '' };
  return { menu: [] as string[], business: [] as string[], limit, toast, tips: {} as Record<string, unknown> };
}

const TIP_TEXT: Record<string, { title: string; content: string; ok: string; link: string }> = {
  en: { title: 'Service notice', content: 'Some products are not available in your region. Learn more in the {terms}.', ok: 'I understand', link: 'User Agreement' },
  zh: { title: '服务提示', content: '部分产品在您所在的地区不可用。详情请参阅{terms}。', ok: '我知道了', link: '用户协议' },
  tr: { title: 'Hizmet bildirimi', content: 'Bazı ürünler bölgenizde kullanılamaz. Ayrıntılar için {terms} belgesine bakın.', ok: 'Anladım', link: 'Kullanıcı Sözleşmesi' },
  ja: { title: 'サービスのお知らせ', content: '一部の商品はお住まいの地域ではご利用いただけません。詳しくは{terms}をご覧ください。', ok: '了解しました', link: '利用規約' },
  ar: { title: 'إشعار الخدمة', content: 'بعض المنتجات غير متاحة في منطقتك. اعرف المزيد في {terms}.', ok: 'فهمت', link: 'اتفاقية المستخدم' },
  it: { title: 'Avviso di servizio', content: 'Alcuni prodotti non sono disponibili nella tua area. Scopri di più nel {terms}.', ok: 'Ho capito', link: 'Contratto utente' },
};

/** The compliance tip (spec 001 §3) in the language of a locale code ('en-eu' → en); English when not translated. */
export function complianceTip(locale: string | null) {
  const lng = LOCALES[locale ?? '']?.lng ?? 'en';
  const t = TIP_TEXT[lng] ?? TIP_TEXT.en;
  return {
    enable: true,
    path: ['register', 'home', 'login'],
    options: { maxCount: 3 },
    title: t.title,
    content: t.content,
    text_link: [{ key: 'terms', text: t.link, link: '/user-agreement' }],
    ok_button: t.ok,
    ok_button_router: '',
  };
}

/** Footer KYC tip data: shown to logged-in users below KYC level 2 (verified 0, 5 or 2). */
export function footerTipFor(verified: number | null) {
  const show = verified !== null && [0, 5, 2].includes(verified);
  return {
    is_show: show ? 1 : 0,
    tips_type: show ? 'kyc_upgrade' : '',
    content: show ? 'Complete Advanced Verification to raise your withdrawal limit.' : '',
    link: show ? '/myaccount/kyc' : '',
  };
}

const footerTip = (req: FakeRequest) => {
  const user = userOf(req);
  return footerTipFor(user ? userInfoFor(user.uid, user.nickname).verified : null);
};

/** The legacy json_svr envelope also carries `result`. */
const jsonSvr: FakeHandler = (req) => ({ body: { result: true, code: 0, message: 'success', data: footerTip(req) } });

/** Compliance check, footer KYC tips and the Turkey customer-understanding declaration (spec 000 §7). */
export default defineFakeApi({
  name: 'core:compliance',
  routes: {
    'GET /api/web/v1/compliance/check': (req) => ok(complianceFor(req.region ?? 'main')),
    'GET /api/web/v1/kyc/footerTipsCheck': (req) => ok(footerTip(req)),
    'GET /json_svr/footer_tips_check': jsonSvr,
    // Declaration status: 1 needs signing, 2 signed (spec 001 §3). Request shape not in the spec: any method.
    '/api/web/v1/compliance-kyc/customer-understand-declaration/status': forUser(() => ({ status: 2 })),
    '/api/web/v1/compliance-kyc/customer-understand-declaration/submit-status': forUser(() => ({ status: 2 })),
  },
});
