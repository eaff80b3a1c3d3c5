import type { ComplianceLimit, ComplianceToast } from '../../../core/data/types';
import { defineFakeApi, demoTexts, footerTipFor, ok, userOf, type FakeHandler, type FakeRequest } from '../../../core/testing/fake-api-kit';
import { forUser, userInfoFor } from './user';

/** The compliance check's `data` for an ordinary request (nothing limited; `is_main` on the main site). */
function complianceFor(region: string) {
  const limit: ComplianceLimit = {
    is_uk_limit: false,
    brazil_toast: false,
    is_nl_limit: false,
    is_italy_limit: false,
    ltw_toast: false,
    is_uzbekistan_toast: false,
    is_show_compliance_tips: false,
    is_blocked_country: false,
    limit_country: '',
    is_us_toast: false,
    is_main: region === 'main',
    is_uk_ip: false,
    is_au_ip: false,
    is_jp_toast: false,
    is_ae_toast: false,
  };
  const toast: ComplianceToast = { is_hk_user: false, is_withdraw_only_user: false, limit_country_user_status: '', kyc_toast: '' };
  return { menu: [] as string[], business: [] as string[], limit, toast, tips: {} as Record<string, unknown> };
}

const tipTexts = demoTexts(import.meta.glob<typeof import('../locales/en.json')>('../locales/*.json', { eager: true, import: 'default' }));

/** The compliance tip (spec 001 §3) in the request's language (demo-texts.ts). */
export function complianceTip(req: Pick<FakeRequest, 'query' | 'cookies' | 'headers'>) {
  const t = tipTexts(req).complianceTip;
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
