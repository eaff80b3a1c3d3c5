import { defineFakeApi, demoTexts, fail, type FakeRequest, hash, ok, userOf } from '../../core/plugin-api/fake-api';
import { IP_CHECK_API } from './reply';

/** A token lifetime the fake hands out with a passing check (seconds). */
export const FAKE_TOKEN_SECONDS = 3600;

const list = (raw: string | string[] | undefined): string[] | null => {
  if (raw === undefined) return [];
  try {
    const v: unknown = JSON.parse(Array.isArray(raw) ? raw[0] : raw);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
};

const texts = demoTexts(import.meta.glob<typeof import('./locales/demo/en.json')>('./locales/demo/*.json', { eager: true, import: 'default' }));

/** The check's answer for one request: validates `type` (1, 2, 3) and the JSON lists, then the given result. */
export function ipCheckAnswer(req: FakeRequest, data: { result: number; url?: string; closable?: boolean }) {
  const type = Number(req.body.type);
  if (![1, 2, 3].includes(type)) return fail(10002, 'invalid parameter: type');
  if (list(req.body.ips) === null || list(req.body.stuns) === null) return fail(10002, 'invalid parameter: ips/stuns');
  const who = userOf(req)?.uid ?? 'visitor';
  const pass = data.result === 1;
  return ok({
    result: data.result,
    title: pass ? '' : texts(req).title,
    content: pass ? '' : texts(req).content,
    button: pass ? '' : texts(req).button,
    url: data.url ?? '',
    token: pass ? `ipt_${hash(`${who}:${type}`).toString(16).padStart(8, '0')}` : '',
    closable: data.closable ?? true,
    expire_time: pass ? Math.floor(Date.now() / 1000) + FAKE_TOKEN_SECONDS : 0,
  });
}

const answer = (data: Parameters<typeof ipCheckAnswer>[1]) => (req: FakeRequest) => ipCheckAnswer(req, data);

/** IP penetration check endpoint (a pass with a one-hour token) and its personas. */
export default defineFakeApi({
  name: 'ip-check',
  routes: { [`POST ${IP_CHECK_API}`]: answer({ result: 1 }) },
  scenarios: [
    {
      name: 'vpn-user',
      description: 'Logged-in user behind a VPN: the IP check answers result 3 (VPN notice).',
      extends: 'verified-user',
      responses: { [IP_CHECK_API]: answer({ result: 3, url: '/myaccount/kyc2' }) },
    },
    {
      name: 'ip-upgrade',
      description: 'IP check answers result 2: a closable prompt to upgrade verification (/myaccount/kyc2).',
      extends: 'verified-user',
      responses: { [IP_CHECK_API]: answer({ result: 2, url: '/myaccount/kyc2', closable: true }) },
    },
    {
      name: 'ip-upgrade-forced',
      description: 'IP check answers result 2, not closable.',
      extends: 'verified-user',
      responses: { [IP_CHECK_API]: answer({ result: 2, url: '/myaccount/kyc2', closable: false }) },
    },
    {
      name: 'detection-blocked',
      description: 'IP check answers result 4: detection block, not closable.',
      extends: 'verified-user',
      responses: { [IP_CHECK_API]: answer({ result: 4, closable: false }) },
    },
    {
      name: 'ip-check-down',
      description: 'IP check answers HTTP 500 (the user is let through).',
      extends: 'verified-user',
      responses: { [IP_CHECK_API]: { status: 500, body: { code: 500, message: 'Internal Server Error', data: null } } },
    },
  ],
});
