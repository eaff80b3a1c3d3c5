import { KYC_STATUS } from '../../kit/domain/kyc';
import { defineFakeApi, demoTexts, personaScenario, type FakeHandler, type FakeRequest, notLogin, ok, userOf } from '../../core/plugin-api/fake-api';

const NOTICE = '/api/web/v1/kyc/notice';

const texts = demoTexts(import.meta.glob<typeof import('./locales/demo/en.json')>('./locales/demo/*.json', { eager: true, import: 'default' }));
/** The risk-guide message as the back end sends it, in the request's language (demo-texts.ts). */
const riskMsg = (req: FakeRequest) => texts(req).risk;

/** The notice data of an ordinary user: nothing to show. */
export function noticeFor(patch: Record<string, unknown> = {}, req?: FakeRequest) {
  return {
    show_kyc_upgrade_notice: 0,
    is_risk_user: 0,
    risk_user_guide_frequency: 0,
    risk_user_guide_cookie_key: 'RISK_IP_USER',
    risk_user_guide_msg: '',
    risk_user_guide_be_closed: 1,
    risk_user_guide_url: '',
    ...(patch.is_risk_user && req ? { risk_user_guide_msg: riskMsg(req) } : {}),
    ...patch,
  };
}

/** A logged-in-only notice answer with these fields. */
const notice =
  (patch: Record<string, unknown>): FakeHandler =>
  (req) =>
    userOf(req) ? ok(noticeFor(patch, req)) : notLogin();

/** KYC/risk notice endpoint (spec 001 §3 fields) and the personas that exercise it. */
export default defineFakeApi({
  name: 'kyc',
  routes: {
    [`GET ${NOTICE}`]: notice({}),
  },
  scenarios: [
    {
      name: 'kyc-upgrade-due',
      description: 'KYC level 1 user (verified 2) whose KYC upgrade notice is due (show_kyc_upgrade_notice 1).',
      extends: 'kyc1-user',
      responses: { [NOTICE]: notice({ show_kyc_upgrade_notice: 1 }) },
    },
    {
      name: 'risk-user',
      description: 'KYC level 1 risk user: not closable risk notice once per 24 h (cookie RISK_IP_USER), also flagged for the upgrade notice.',
      extends: 'kyc1-user',
      responses: {
        [NOTICE]: notice({
          show_kyc_upgrade_notice: 1,
          is_risk_user: 1,
          risk_user_guide_frequency: 24,
          risk_user_guide_be_closed: 0,
          risk_user_guide_url: '/myaccount/kyc_home?source=risk',
        }),
      },
    },
    {
      name: 'risk-user-closable',
      description: 'Risk user whose closable risk notice shows on every page view (frequency 0, cookie key RISK_IP_USER_SOFT).',
      extends: 'kyc1-user',
      responses: {
        [NOTICE]: notice({
          is_risk_user: 1,
          risk_user_guide_frequency: 0,
          risk_user_guide_cookie_key: 'RISK_IP_USER_SOFT',
          risk_user_guide_be_closed: 1,
          risk_user_guide_url: '/myaccount/kyc2',
        }),
      },
    },
    personaScenario(
      'kyc-pending',
      'KYC level 1 user (verified 2) whose advanced verification is under review (kyc_status 1): the level with "Under review".',
      { kycStatus: KYC_STATUS.PENDING },
      'kyc1-user',
    ),
    personaScenario(
      'kyc-rejected',
      'KYC level 1 user (verified 2) whose advanced verification was not approved (kyc_status 3): the level with "Not approved".',
      { kycStatus: KYC_STATUS.REJECTED },
      'kyc1-user',
    ),
  ],
});
