import { defineFakeApi, fail, type FakeHandler, type FakeRequest, loginCookies, ok } from '../../core/plugin-api/fake-api';
import { AUTH_API } from './api';
import { isAccount, isStrongPassword } from './validate';

const field = (req: FakeRequest, name: string) => String(req.body[name] ?? '').trim();

/** Logs `account` in: the same cookies as the core login endpoint. */
function loggedIn(account: string) {
  const { uid, nickname, cookies } = loginCookies(account);
  return { ...ok({ uid, nickname }), headers: { 'Set-Cookie': cookies } };
}

/** Register: validated like the form; accounts starting with "taken" already exist. */
const register: FakeHandler = (req) => {
  const account = field(req, 'account');
  const password = String(req.body.password ?? '');
  if (!isAccount(account)) return fail(10005, 'invalid account format');
  if (!isStrongPassword(password)) return fail(10006, 'password does not meet the rules');
  if (field(req, 'agree') !== '1') return fail(10007, 'the user agreement must be accepted');
  if (/^taken/i.test(account)) return fail(10004, 'account already exists');
  return loggedIn(account);
};

/** OAuth code exchange: any code logs in a provider-specific account. */
const oauthLogin: FakeHandler = (req) => {
  const provider = field(req, 'provider');
  const code = field(req, 'code');
  if (!/^(google|apple|turkey-id)$/.test(provider) || !code) return fail(10008, 'third-party authorization failed');
  return loggedIn(`${provider.replace('-', '')}_${code.slice(0, 8)}`);
};

/** Wallet login: a nonce message to sign, then any 0x signature logs the address in. */
const walletNonce: FakeHandler = (req) => {
  const address = field(req, 'address').toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(address)) return fail(10009, 'invalid wallet address');
  return ok({ message: `Log in to the exchange with ${address}\nNonce: ${parseInt(address.slice(2, 10), 16)}` });
};
const walletLogin: FakeHandler = (req) => {
  const address = field(req, 'address').toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(address) || !/^0x[0-9a-f]{130}$/i.test(field(req, 'signature'))) return fail(10009, 'wallet signature is invalid');
  return loggedIn(`${address.slice(0, 6)}${address.slice(-4)}`);
};

/** Auth endpoints besides the core login: register, OAuth code exchange, wallet login; a persona with taken accounts. */
export default defineFakeApi({
  name: 'auth',
  routes: {
    [`POST ${AUTH_API.register}`]: register,
    [`POST ${AUTH_API.oauthLogin}`]: oauthLogin,
    [`POST ${AUTH_API.walletNonce}`]: walletNonce,
    [`POST ${AUTH_API.walletLogin}`]: walletLogin,
  },
  scenarios: [
    {
      name: 'login-locked',
      description: 'Every login answers code 10010 "account locked after too many attempts" (server error shown in the modal).',
      responses: { [AUTH_API.login]: { body: { code: 10010, message: 'account locked after too many attempts, try again in 2 hours', data: null } } },
    },
  ],
});
