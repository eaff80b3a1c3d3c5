import { describe, expect, it } from 'vitest';
import { cookieWrites, parseInvite, planReferral, verifyOutcome, SAME_GROUP_CODE } from './decide';

describe('parseInvite: hostile values are ignored one by one', () => {
  it.each([
    [
      { ref: 'ABCD1234', ref_type: '1', ch: 'twitter', group_id: '7', utm_cmp: 'spring_24' },
      { ref: 'ABCD1234', refType: '1', ch: 'twitter', groupId: '7', utmCmp: 'spring_24' },
    ],
    [{ ref: 'A'.repeat(33) }, {}],
    [{ ref: 'AB\u0000CD' }, {}],
    [{ ref: 'AB CD' }, {}],
    [{ ref: '<script>' }, {}],
    [{ ref: 'ABCD', ref_type: 'abc' }, { ref: 'ABCD' }],
    [{ ref: 'ABCD', ref_type: '-1' }, { ref: 'ABCD' }],
    [{ ref: 'ABCD', ref_type: '1e3' }, { ref: 'ABCD' }],
    [{ ref: 'ABCD', ref_type: '1234567' }, { ref: 'ABCD' }],
    [{ ch: 'x'.repeat(65) }, {}],
    [{ ch: 'tw\nitter', group_id: '7;path=/' }, {}],
    [
      { ref: 'ABCD', ch: ['a', 'b'] as unknown as string },
      { ref: 'ABCD', ch: 'a' },
    ],
    [{ ref: '' }, {}],
  ])('%j → %j', (query, invite) => {
    expect(parseInvite(query)).toEqual(invite);
  });
});

describe('planReferral (spec 000 §4)', () => {
  it.each([
    ['no ref', {}, {}, true, { kind: 'none' }],
    ['ch only', { ch: 'tw' }, { ref: 'OLD1' }, true, { kind: 'none' }],
    ['same ref and type as stored', { ref: 'ABCD', refType: '1' }, { ref: 'ABCD', refType: '1' }, true, { kind: 'refresh' }],
    [
      'same ref, other type',
      { ref: 'ABCD', refType: '2' },
      { ref: 'ABCD', refType: '1' },
      true,
      { kind: 'verify', params: { invite_code: 'ABCD', ref_type: 2 } },
    ],
    ['same ref, no type in the link', { ref: 'ABCD' }, { ref: 'ABCD', refType: '1' }, true, { kind: 'verify', params: { invite_code: 'ABCD' } }],
    [
      'ref differs (case counts)',
      { ref: 'abcd', refType: '1' },
      { ref: 'ABCD', refType: '1' },
      true,
      { kind: 'verify', params: { invite_code: 'abcd', ref_type: 1 } },
    ],
    [
      'a stored ref: verify first',
      { ref: 'NEW1', refType: '3' },
      { ref: 'OLD1', refType: '1' },
      true,
      { kind: 'verify', params: { invite_code: 'NEW1', ref_type: 3 } },
    ],
    [
      'no stored ref, verifyFirstInvite on: verified too',
      { ref: 'NEW1', refType: '1' },
      {},
      true,
      { kind: 'verify', params: { invite_code: 'NEW1', ref_type: 1 } },
    ],
    ['no stored ref (a first invite): stored without verification', { ref: 'NEW1', refType: '1' }, {}, false, { kind: 'store' }],
    ['stored ref, verifyFirstInvite off: still verified', { ref: 'NEW1' }, { ref: 'OLD1' }, false, { kind: 'verify', params: { invite_code: 'NEW1' } }],
  ])('%s', (_label, invite, stored, verifyFirst, plan) => {
    expect(planReferral(invite, stored, verifyFirst)).toEqual(plan);
  });
  it('by default a first invite is stored without verification (spec 000 §4)', () => {
    expect(planReferral({ ref: 'NEW1' }, {})).toEqual({ kind: 'store' });
    expect(planReferral({ ref: 'NEW1' }, { ref: 'OLD1' })).toEqual({ kind: 'verify', params: { invite_code: 'NEW1' } });
  });
});

describe('verifyOutcome', () => {
  it.each([
    [{ code: 0, data: { ref_uid: '12345678' } }, 'store-all'],
    [{ code: '0', data: {} }, 'store-all'],
    [{ code: SAME_GROUP_CODE }, 'channel-only'],
    [{ code: 10530101 }, 'stop'],
    [{ code: 10530102 }, 'stop'],
    [{ code: 'x' }, 'stop'],
    [{}, 'stop'],
    [undefined, 'stop'],
    ['{"code":0}', 'stop'],
  ])('%j → %s', (reply, outcome) => {
    expect(verifyOutcome(reply).outcome).toBe(outcome);
  });
});

describe('cookieWrites', () => {
  const full = { ref: 'ABCD1234', refType: '1', ch: 'twitter', groupId: '7', utmCmp: 'spring' };
  const names = (w: ReturnType<typeof cookieWrites>) => w.map((x) => `${x.name}=${x.value}`);

  it('success stores ref_uid, ref_type, ref_channel, group_id for 7 days, plus ch and utm_cmp', () => {
    const w = cookieWrites(full, 'store-all', { ref_uid: '55555555', group_id: '999' });
    expect(names(w)).toEqual(['ch=twitter', 'utm_cmp=spring', 'ref_uid=ABCD1234', 'ref_type=1', 'ref_channel=twitter', 'group_id=7']);
    expect(w.every((x) => x.maxAge === 604800)).toBe(true);
  });

  it('success without type / group in the link takes them from the reply; stale channel is removed', () => {
    expect(names(cookieWrites({ ref: 'ABCD' }, 'store-all', { ref_type: 0, group_id: '4411' }))).toEqual([
      'ref_uid=ABCD',
      'ref_type=0',
      'ref_channel=null',
      'group_id=4411',
    ]);
    expect(names(cookieWrites({ ref: 'ABCD' }, 'store-all', { group_id: 'bad value' }))).toEqual([
      'ref_uid=ABCD',
      'ref_type=null',
      'ref_channel=null',
      'group_id=null',
    ]);
  });

  it('same group (10530135) or refresh: channel and group only', () => {
    expect(names(cookieWrites(full, 'channel-only'))).toEqual(['ch=twitter', 'utm_cmp=spring', 'ref_channel=twitter', 'group_id=7']);
    expect(names(cookieWrites({ ref: 'X1', groupId: '9' }, 'channel-only'))).toEqual(['group_id=9']);
  });

  it('stop or no invite: only the plain ch / utm_cmp cookies', () => {
    expect(names(cookieWrites(full, 'stop'))).toEqual(['ch=twitter', 'utm_cmp=spring']);
    expect(names(cookieWrites({ ch: 'x' }, 'none', {}, 604800, 3600))).toEqual(['ch=x']);
    expect(cookieWrites({ ch: 'x' }, 'none', {}, 604800, 3600)[0].maxAge).toBe(3600);
  });
});
