import { defineFakeApi, demoTexts, type FakeHandler, type FakeResponse, personaScenario, type ScenarioDef, userOf } from '../../core/plugin-api/fake-api';
import { HIGH_KYC_LIMIT } from '../../kit';
import { COOL_DOWN_REMINDER } from './rules/business';
import { EXCLUSIVE_PERK_CODE } from './rules/notices';

/** The business compliance check paths (README "Business compliance check"): main/TR/UK/AU vs the other sites. */
export const BUSINESS_PATHS = { main: '/api/web/v1/compliance/business-check', site: '/api/web/v1/compliance/business-check-site' } as const;

type Datas = Array<Record<string, unknown>>;
/** The business check envelope (spec 000 §7: resMsg.code 0 and a datas list). */
export const businessReply = (datas: Datas, code = 0): FakeResponse => ({
  body: { resMsg: { code, message: code === 0 ? 'success' : 'system busy', method: null }, datas },
});

const texts = demoTexts(import.meta.glob<typeof import('./locales/demo/en.json')>('./locales/demo/*.json', { eager: true, import: 'default' }));

/** A cooling-off notice for a user who asked for a trading break (realistic business message), in the request's language. */
function coolingOff(req: Parameters<FakeHandler>[0]) {
  const t = texts(req).coolingOff;
  // The back end marks a link slot with `{<link text>}` and lists it in text_link under that text.
  return {
    title: t.title,
    content: t.content.replace('{link}', `{${t.link}}`),
    ok_button: t.ok,
    cancel_button: t.cancel,
    ok_button_router: '/help/cool-down-period',
    text_link: [{ key: t.link, link: '/legal/risk-disclosure' }],
    no_close_button: false,
    type: 'dialog',
  };
}

/** The 24 h cool-down end reminder (asked with typeReminder=24h_cool_down_end_reminder). */
function reminder(req: Parameters<FakeHandler>[0]) {
  const t = texts(req).reminder;
  return {
    title: t.title,
    content: t.content,
    ok_button: t.ok,
    cancel_button: '',
    ok_button_router: '',
    text_link: [],
    no_close_button: true,
    type: 'reminder',
  };
}

/** Hostile content: script, event handlers, javascript: and off-site links, an off-site OK router. */
export const HOSTILE_MESSAGE = {
  title: 'Compliance review <img src=x onerror="window.__compliancePwned=\'title\'">',
  content:
    '<p>Your account is subject to an enhanced compliance review.</p><script>window.__compliancePwned="script"</script>' +
    '<img src="/static/missing-image.png" onerror="window.__compliancePwned=\'onerror\'">' +
    '<p><a href="javascript:window.__compliancePwned=\'href\'">Review the terms</a> or <a href="https://evil.example.com/phish">claim compensation</a>.</p>' +
    '<p><a href="/user-agreement" onclick="window.__compliancePwned=\'onclick\'">User Agreement</a> {Security tips}</p>',
  ok_button: 'Continue',
  cancel_button: 'Cancel',
  ok_button_router: 'https://evil.example.com/steal?session=1',
  text_link: [
    { key: 'Security tips', link: 'javascript:window.__compliancePwned="text_link"' },
    { key: 'Support', link: '//evil.example.com/support' },
  ],
  no_close_button: false,
  type: 'dialog',
};

const BAR_MESSAGE = {
  title: 'Scheduled review',
  content: '<p>Margin products will be reviewed on 30 June under new local rules. {Read more}</p>',
  ok_button: '',
  cancel_button: '',
  ok_button_router: '',
  text_link: [{ key: 'Read more', link: '/announcements' }],
  no_close_button: false,
  type: 'bar',
};

/** Answers both business paths with one handler. */
const onBoth = (h: FakeHandler | FakeResponse): Record<string, FakeHandler | FakeResponse> => ({ [BUSINESS_PATHS.main]: h, [BUSINESS_PATHS.site]: h });
const isReminder = (req: Parameters<FakeHandler>[0]) => req.query.get('typeReminder') === COOL_DOWN_REMINDER;

/** Default: no message (the ordinary answer); the reminder call needs a logged-in user. */
const ordinary: FakeHandler = () => businessReply([]);

const scenarios: ScenarioDef[] = [
  personaScenario(
    'ip-limited-visitor',
    `Visitor from a limited IP (toast.kyc_toast ${HIGH_KYC_LIMIT.LIMIT_VISITOR}): sign up or log in and verify.`,
    { compliance: { toast: { kyc_toast: HIGH_KYC_LIMIT.LIMIT_VISITOR } } },
    'visitor',
  ),
  personaScenario(
    'high-kyc-limit',
    `KYC level 1 user who must complete advanced verification (toast.kyc_toast ${HIGH_KYC_LIMIT.LIMIT_HIGH_KYC_USER}).`,
    { compliance: { toast: { kyc_toast: HIGH_KYC_LIMIT.LIMIT_HIGH_KYC_USER } } },
    'kyc1-user',
  ),
  personaScenario('exclusive-perk', `Compliance business list carries '${EXCLUSIVE_PERK_CODE}': the exclusive-perk modal ($40,000 bonus).`, {
    compliance: { business: [EXCLUSIVE_PERK_CODE] },
  }),
  personaScenario(
    'several-notices',
    'Restricted-location notice (is_blocked_country, empty limit_country), HK user and withdraw-only at once: one dialog at a time.',
    { compliance: { limit: { is_blocked_country: true, limit_country: '' }, toast: { is_hk_user: true, is_withdraw_only_user: true } } },
  ),
  personaScenario('compliance-bars', 'Floating bars of every level: is_nl_limit (critical), is_italy_limit (warning), brazil_toast (info).', {
    compliance: { limit: { is_nl_limit: true, is_italy_limit: true, brazil_toast: true } },
  }),
  {
    name: 'business-message',
    description: 'Business check returns a cooling-off message (title, HTML content, OK/cancel, OK router, text_link).',
    responses: onBoth((req) => businessReply(isReminder(req) ? [] : [coolingOff(req)])),
  },
  {
    name: 'business-hostile',
    description: 'Business check returns hostile HTML (<script>, onerror, javascript: links) and an off-site OK router.',
    responses: onBoth((req) => businessReply(isReminder(req) ? [] : [HOSTILE_MESSAGE])),
  },
  {
    name: 'business-bar',
    description: "Business check returns a message of type 'bar': the business-compliance floating bar.",
    responses: onBoth((req) => businessReply(isReminder(req) ? [] : [BAR_MESSAGE])),
  },
  {
    name: 'cooldown-reminder',
    extends: 'verified-user',
    description: 'Logged-in user whose 24 h cool-down just ended: the typeReminder call returns the reminder (no close button).',
    responses: onBoth((req) => businessReply(isReminder(req) && userOf(req) ? [reminder(req)] : [])),
  },
  {
    name: 'business-nonzero',
    description: 'Business check answers resMsg.code 1001: nothing is shown.',
    responses: onBoth(businessReply([HOSTILE_MESSAGE], 1001)),
  },
  {
    name: 'business-down',
    description: 'Business check answers HTTP 500: nothing is shown.',
    responses: onBoth({ status: 500, body: { resMsg: { code: 500, message: 'internal error' } } }),
  },
];

/** The business compliance check endpoints and the compliance personas beyond the core ones. */
export default defineFakeApi({
  name: 'compliance',
  routes: { [`GET ${BUSINESS_PATHS.main}`]: ordinary, [`GET ${BUSINESS_PATHS.site}`]: ordinary },
  scenarios,
});
