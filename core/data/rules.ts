/** Paths where user info is never fetched (spec 000 §5). */
const USER_INFO_SKIPPED = ['/signup', '/auth/', '/login/reset', '/login/rebind', '/bind', '/login'];

/** Spec 000 §5: fetch user info only if logged in or no common data exists; never on the skipped paths or the 404 page. */
export function shouldFetchUserInfo(input: { path: string; isLogin: boolean; hasCommonData: boolean; isNotFound: boolean }): boolean {
  if (input.isNotFound) return false;
  if (USER_INFO_SKIPPED.some((p) => input.path === p || input.path.startsWith(p.endsWith('/') ? p : `${p}/`) || input.path.startsWith(p + '?'))) return false;
  return input.isLogin || !input.hasCommonData;
}

/** Server-side logged-in rule (spec 000 §1): both the uid and nickname cookies are present and well-formed. */
export function isLoggedIn(cookies: { uid?: string; nickname?: string }): boolean {
  return isValidUid(cookies.uid) && isValidNickname(cookies.nickname);
}

function isValidUid(uid: string | undefined): uid is string {
  return typeof uid === 'string' && /^[0-9A-Za-z_-]{1,64}$/.test(uid);
}

function isValidNickname(nickname: string | undefined): nickname is string {
  // eslint-disable-next-line no-control-regex -- a nickname with control characters is refused
  return typeof nickname === 'string' && nickname.trim().length > 0 && nickname.length <= 64 && !/[\u0000-\u001f]/.test(nickname);
}
