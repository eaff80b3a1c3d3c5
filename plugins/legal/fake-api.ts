import { i18nTag } from '../../core/plugin-api/fake-api';
import {
  defineFakeApi,
  demoTexts,
  fail,
  fill,
  type FakeRequest,
  type FakeResponse,
  notLogin,
  ok,
  requestLanguage,
  userOf,
} from '../../core/plugin-api/fake-api';
import { AGREEMENT_API } from './rules';

/** Default Turkey declaration paths (the region options point here). */
const DECLARATION_API = {
  status: '/api/web/v1/compliance-kyc/customer-understand-declaration/status',
  submit: '/api/web/v1/compliance-kyc/customer-understand-declaration/submit-status',
};

const texts = demoTexts(import.meta.glob<typeof import('./locales/demo/en.json')>('./locales/demo/*.json', { eager: true, import: 'default' }));

/** When the demo agreement update takes effect; the text gets it formatted by Intl in the request's language. */
const EFFECTIVE = Date.UTC(2025, 6, 1);
const effectiveDate = (req: FakeRequest) => new Intl.DateTimeFormat(i18nTag(requestLanguage(req)), { dateStyle: 'long', timeZone: 'UTC' }).format(EFFECTIVE);

/** The pending agreement update a persona is asked to accept, in the request's language (demo-texts.ts). */
export const agreementHtml = (req: FakeRequest) => fill(texts(req).agreement, { date: effectiveDate(req) }).replace('<a>', '<a href="/legal/user-agreement">');

/** Server HTML that tries everything a sanitizer must stop (e2e: no script runs, no unsafe link survives). */
export const HOSTILE_AGREEMENT_HTML = [
  '<p id="hostile-text">We have updated the User Agreement. Please review the changes.</p>',
  '<script>window.__legalPwned = "script"; alert("script")</script>',
  '<img src="/__nope.png" alt="" onerror="window.__legalPwned = \'onerror\'; alert(\'onerror\')">',
  '<p><a id="hostile-js" href="javascript:window.__legalPwned=\'href\';alert(1)">Claim your bonus</a></p>',
  '<p><a id="hostile-offsite" href="https://evil.example.com/phish">Verify your account</a></p>',
  '<p><a id="hostile-safe" href="/legal/user-agreement">Full User Agreement</a></p>',
  '<iframe src="https://evil.example.com/frame"></iframe>',
  '<p style="position:fixed;inset:0" onclick="alert(2)">Styled paragraph</p>',
].join('');

const forUser = (answer: (req: FakeRequest) => FakeResponse) => (req: FakeRequest) => (userOf(req) ? answer(req) : notLogin());
const needsScene = (answer: (req: FakeRequest) => FakeResponse) => (req: FakeRequest) =>
  typeof req.body.scene === 'string' && req.body.scene ? answer(req) : fail(10002, 'invalid parameter: scene');
const pending = (content: string | ((req: FakeRequest) => string)) =>
  forUser(needsScene((req) => ok({ status: 1, content: typeof content === 'string' ? content : content(req), submit_button: texts(req).submit })));
const down: FakeResponse = { status: 500, body: { code: 500, message: 'Internal Server Error', data: null } };

/** User agreement endpoints (already agreed by default) and the legal personas. */
export default defineFakeApi({
  name: 'legal',
  routes: {
    [`POST ${AGREEMENT_API.status}`]: forUser(needsScene(() => ok({ status: 2, content: '', submit_button: '' }))),
    [`POST ${AGREEMENT_API.submit}`]: forUser(needsScene(() => ok({ status: 2 }))),
  },
  scenarios: [
    {
      name: 'pending-agreement',
      description: 'Logged-in user with a pending User Agreement update (status 1 with content); submit answers code 0.',
      extends: 'verified-user',
      responses: { [AGREEMENT_API.status]: pending(agreementHtml) },
    },
    {
      name: 'hostile-agreement',
      description: 'Pending agreement whose content carries <script>, <img onerror>, a javascript: link, an off-site link and an iframe.',
      extends: 'verified-user',
      responses: { [AGREEMENT_API.status]: pending(HOSTILE_AGREEMENT_HTML) },
    },
    {
      name: 'agreement-submit-fails',
      description: 'Pending agreement whose submit answers a non-zero code (the modal stays, an error toast shows).',
      extends: 'pending-agreement',
      responses: { [AGREEMENT_API.submit]: { body: { code: 10086, message: 'system busy', data: null } } },
    },
    {
      name: 'agreement-down',
      description: 'User agreement status and submit answer HTTP 500 (nothing is shown).',
      extends: 'verified-user',
      responses: { [AGREEMENT_API.status]: down, [AGREEMENT_API.submit]: down },
    },
    {
      name: 'tr-declaration',
      description: 'Turkey user whose customer declaration needs signing (status 1); submitting answers status 2.',
      extends: 'verified-user',
      responses: { [DECLARATION_API.status]: forUser(() => ok({ status: 1 })), [DECLARATION_API.submit]: forUser(() => ok({ status: 2 })) },
    },
  ],
});
