import type { UserInfo } from '../../../core/data/types';
import {
  COUNTRY,
  defineFakeApi,
  fail,
  hash,
  loginCookies,
  logoutCookies,
  notLogin,
  ok,
  userOf,
  type FakeHandler,
  type FakeRequest,
  type FakeResponse,
} from '../../../core/testing/fake-api-kit';

/** BTC price used to turn the fake USD balances into BTC. */
const BTC_USD = 67250.4;
/** Login failures: empty account or password. */
const LOGIN_FAILED_CODE = 10002;

/** The ordinary logged-in user (KYC level 2: verified 1) for a uid and nickname; every field derived from them. */
export function userInfoFor(uid: string, nickname: string): UserInfo {
  const h = hash(uid);
  const ascii = nickname
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  const month = String((h % 12) + 1).padStart(2, '0');
  const day = String(((h >>> 4) % 28) + 1).padStart(2, '0');
  return {
    country: COUNTRY.ordinary,
    verified: 1,
    is_sub: 0,
    nickname_source: 'other',
    user_info: {
      avatar: `/__mock/avatar/${encodeURIComponent(uid)}.svg`,
      birthday: `${1970 + (h % 35)}-${month}-${day}`,
      from_channel: ['web', 'app', 'referral'][h % 3],
      nft_id: '',
      nick: nickname,
      nick_en: ascii || `User${uid.slice(-4)}`,
      sex: h % 3,
      uid,
    },
    kyc_status: 2,
    tier: h % 4,
    phone: `******${String(h % 10000).padStart(4, '0')}`,
    email: `${(ascii || 'user').slice(0, 1).toLowerCase()}***@${['gmail.com', 'outlook.com', 'proton.me'][(h >>> 8) % 3]}`,
    third_part_login: (h >>> 3) % 2 ? ['google'] : [],
    encrypted_uid: (hash(`enc:${uid}`).toString(16) + hash(`uid:${uid}`).toString(16)).padStart(16, '0').toUpperCase(),
    flag: 0,
    login2: 0,
  };
}

/** A balance in USD (2 decimals) and BTC (8 decimals), stable per uid. */
function fundsFor(uid: string): { total_btc: string; total_usd: string } {
  const usd = (hash(`funds:${uid}`) % 5_000_000) / 100;
  return { total_usd: usd.toFixed(2), total_btc: (usd / BTC_USD).toFixed(8) };
}

/** Answers `ok(data(user))` for a logged-in request, `not login` otherwise. */
export const forUser =
  (data: (user: { uid: string; nickname: string }, req: FakeRequest) => unknown): FakeHandler =>
  (req) => {
    const user = userOf(req);
    return user ? ok(data(user, req)) : notLogin();
  };

const login: FakeHandler = (req): FakeResponse => {
  const account = String(req.body.account ?? '').trim();
  const password = String(req.body.password ?? '');
  if (!account || !password) return fail(LOGIN_FAILED_CODE, 'account or password is incorrect');
  const { uid, nickname, cookies } = loginCookies(account);
  return { ...ok({ uid, nickname, user_info: userInfoFor(uid, nickname).user_info }), headers: { 'Set-Cookie': cookies } };
};

/** User-centre endpoints of spec 000 §7 plus login and logout. */
export default defineFakeApi({
  name: 'core:user',
  routes: {
    'GET /api/web/v1/usercenter/get_info': forUser(({ uid, nickname }) => userInfoFor(uid, nickname)),
    // Spec 000 §7: data is sometimes a JSON string; here it is for uids ending in an even digit.
    'GET /api/web/v1/usercenter/get_user_tier': forUser(({ uid }) => {
      const data = { tier: userInfoFor(uid, '').tier };
      return /[02468]$/.test(uid) ? JSON.stringify(data) : data;
    }),
    'GET /api/web/v1/usercenter/get_kyc_status': forUser(({ uid }) => ({ kyc_status: userInfoFor(uid, '').kyc_status })),
    'GET /api/web/v1/usercenter/get_sub_user_type': forUser(() => ({ type: 0, sub_type: 0 })),
    'GET /api/web/v1/vip-center/get-user-tier': forUser(({ uid }) => ({ tier: userInfoFor(uid, '').tier, trial: { tier: 0, expire_time: 0 } })),
    'GET /apiw/v2/account/total_funds': forUser(({ uid }) => fundsFor(uid)),
    'POST /api/web/v1/usercenter/login': login,
    'POST /api/web/v1/usercenter/logout': () => ({ ...ok(null), headers: { 'Set-Cookie': logoutCookies() } }),
  },
});
