import { hash } from '../../../core/testing/fake-api-kit';
import { defineFakeApi, fail, ok, userOf, type FakeHandler } from '../../../core/testing/fake-api-kit';

/** Invite verification: same referral group (spec 000 §4: only channel and group cookies are updated). */
const SAME_GROUP_CODE = 10530135;
/** Invite verification: the code does not exist. */
const INVALID_INVITE_CODE = 10530101;
/** Invite verification: ref_type is not a number. */
const BAD_REF_TYPE_CODE = 10530102;

/**
 * GET verify_invite_info?invite_code=&ref_type=: codes of 4-16 letters/digits are valid (ref_uid derived from the
 * code), 'SAMEGROUP...' answers 10530135, codes starting with 'INVALID' or 'EXPIRED' (or malformed) 10530101.
 */
const verifyInvite: FakeHandler = (req) => {
  const code = (req.query.get('invite_code') ?? '').trim();
  const refType = req.query.get('ref_type');
  if (refType !== null && refType !== '' && !/^\d+$/.test(refType)) return fail(BAD_REF_TYPE_CODE, 'ref_type must be numeric');
  if (/^SAMEGROUP/i.test(code)) return fail(SAME_GROUP_CODE, 'inviter is in the same group');
  if (!/^[A-Za-z0-9]{4,16}$/.test(code) || /^(INVALID|EXPIRED)/i.test(code)) return fail(INVALID_INVITE_CODE, 'invite code does not exist');
  const h = hash(code.toUpperCase());
  return ok({
    invite_code: code,
    ref_uid: String(10_000_000 + (h % 90_000_000)),
    ref_type: refType ? Number(refType) : 0,
    group_id: String(1000 + (h % 9000)),
  });
};

/** Newbie prize popup: shown to visitors and to users whose uid hash is even (spec 001 §3 prize groups). */
const newbiePrizePop: FakeHandler = (req) => {
  const user = userOf(req);
  const show = !user || hash(user.uid) % 2 === 0;
  return ok({ is_pop: show ? 1 : 0, currency: 'USDT', group_A: { num: '40000' }, group_B: { num_first: '20', num_second: '100' } });
};

/** Welfare and rebate endpoints of spec 000 §7. */
export default defineFakeApi({
  name: 'core:welfare',
  routes: {
    'GET /api/web/v1/welfare/newbiePrizePop': newbiePrizePop,
    'GET /api/web/v1/rebate/verify_invite_info': verifyInvite,
  },
});
