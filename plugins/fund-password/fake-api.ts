import { defineFakeApi, demoTexts, type FakeHandler, type FakeRequest, notLogin, ok, userOf } from '../../core/plugin-api/fake-api';

const FREQUENCY = '/apiweb/v1/user/get_user_frequency';
const QUERY_SAFE = '/json_svr/query_safe';
/** The authenticator code the fake always rejects. */
export const WRONG_TOTP = '000000';

/** Saved validity per uid (memory only, bounded); 1 (one hour) until changed. */
const saved = new Map<string, number>();
const remember = (uid: string, f: number) => {
  if (saved.size >= 10_000) saved.delete(saved.keys().next().value!);
  saved.set(uid, f);
};

const texts = demoTexts(import.meta.glob<typeof import('./locales/demo/en.json')>('./locales/demo/*.json', { eager: true, import: 'default' }));
/** An error message as the back end words it, in the request's language (demo-texts.ts). */
const msg = (req: FakeRequest, key: keyof ReturnType<typeof texts>) => texts(req)[key];
const field = (req: FakeRequest, name: string) => String([req.body[name]].flat()[0] ?? '');

/** GET get_user_frequency: code 0 with data.frequency. */
const getFrequency =
  (fixed?: number): FakeHandler =>
  (req) => {
    const user = userOf(req);
    return user ? ok({ frequency: fixed ?? saved.get(user.uid) ?? 1 }) : notLogin();
  };

/** POST query_safe, action tradepassfrequency: '000000' (or a malformed code) is a wrong authenticator code. */
const querySafe: FakeHandler = (req) => {
  const user = userOf(req);
  if (!user) return { body: { result: false, code: 10001, msg: msg(req, 'login') } };
  const frequency = Number(field(req, 'frequency'));
  if (field(req, 'action') !== 'tradepassfrequency' || ![0, 1, 2].includes(frequency) || field(req, 'frequency') === '')
    return { body: { result: false, msg: msg(req, 'param') } };
  if (!field(req, 'fundpass')) return { body: { result: false, msg: msg(req, 'fundpass') } };
  const totp = field(req, 'totp');
  if (!/^\d{6}$/.test(totp) || totp === WRONG_TOTP) return { body: { result: false, msg: msg(req, 'totp') } };
  remember(user.uid, frequency);
  return { body: { result: true, msg: 'success' } };
};

/** Fund-password validity endpoints (spec 001 §7) and their personas. */
export default defineFakeApi({
  name: 'fund-password',
  routes: {
    [`GET ${FREQUENCY}`]: getFrequency(),
    [`POST ${QUERY_SAFE}`]: querySafe,
  },
  scenarios: [
    {
      name: 'fund-frequency-never',
      description: 'Logged-in user whose fund password is never asked for (get_user_frequency: frequency 0).',
      extends: 'verified-user',
      responses: { [FREQUENCY]: getFrequency(0) },
    },
    {
      name: 'fund-update-fails',
      description: 'Changing the fund-password validity fails: query_safe answers HTTP 500 (the modal shows "Error").',
      extends: 'verified-user',
      responses: { [QUERY_SAFE]: { status: 500, body: { result: false } } },
    },
  ],
});
