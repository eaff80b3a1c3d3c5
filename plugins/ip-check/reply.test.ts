import { describe, expect, it } from 'vitest';
import { safeLink } from '../../core/plugin-api';
import { afterVpnCancel, dialogFor, parseIpReply, shouldCheck, upgradeHref } from './reply';
import { isSuppressed, isTokenValid, tokenToStore, IGNORE_MS, MAX_TOKEN_MS } from './storage';

const reply = (data: Record<string, unknown>, code: unknown = 0) => ({ code, message: 'success', data });

describe('parseIpReply: malformed or failed replies let the user through (null)', () => {
  it.each([
    ['undefined (network failure)', undefined],
    ['non-zero code', reply({ result: 4 }, 500123)],
    ['code missing', { data: { result: 4 } }],
    ['data null', reply(null as never)],
    ['data a string', { code: 0, data: '{"result":4}' }],
    ['result missing', reply({ token: 'x' })],
    ['result out of range', reply({ result: 7 })],
    ['result not a number', reply({ result: 'four' })],
  ])('%s', (_name, raw) => {
    expect(parseIpReply(raw)).toBeNull();
  });

  it('normalizes a well-formed reply (string result, numeric closable, expiry in seconds)', () => {
    expect(parseIpReply(reply({ result: '2', closable: 1, url: '/myaccount/kyc2', token: '', expire_time: 1_900_000_000 }, '0'))).toEqual({
      result: 2,
      title: '',
      content: '',
      button: '',
      url: '/myaccount/kyc2',
      token: '',
      closable: true,
      expiresAt: 1_900_000_000_000,
    });
    expect(parseIpReply(reply({ result: 4, closable: 'no' }))?.closable).toBe(false);
  });
});

describe('dialogFor: result × suppression × closable', () => {
  it.each([
    [1, false, true, 'none'],
    [2, false, true, 'upgrade'],
    [2, true, true, 'none'],
    [2, true, false, 'upgrade'],
    [3, false, true, 'vpn'],
    [3, true, true, 'vpn'],
    [0, false, false, 'vpn'],
    [4, false, false, 'blocked'],
    [4, true, true, 'blocked'],
  ] as const)('result %s, suppressed %s, closable %s → %s', (result, suppressed, closable, expected) => {
    expect(dialogFor({ result, closable }, suppressed)).toBe(expected);
  });
  it('VPN cancel goes to the upgrade prompt unless a closable prompt is suppressed', () => {
    expect(afterVpnCancel({ closable: true }, false)).toBe('upgrade');
    expect(afterVpnCancel({ closable: true }, true)).toBe('none');
    expect(afterVpnCancel({ closable: false }, true)).toBe('upgrade');
  });
});

describe('shouldCheck: login × path', () => {
  const skipPaths = ['/login', '/signup', '/state_compliance_tips'];
  it.each([
    [true, true, '/', true],
    [false, true, '/', false],
    [false, false, '/', true],
    [true, true, '/trade/BTC_USDT', true],
    [true, true, '/login', false],
    [true, true, '/login/reset', false],
    [true, true, '/loginx', true],
    [true, true, '/signup', false],
    [true, true, '/state_compliance_tips', false],
  ])('logged in %s, login required %s, %s → %s', (loggedIn, requireLogin, path, expected) => {
    expect(shouldCheck({ loggedIn, requireLogin, path, skipPaths })).toBe(expected);
  });
});

describe('token and suppression storage rules', () => {
  const now = 1_800_000_000_000;
  const data = (over: Record<string, unknown>) => ({ ...parseIpReply(reply({ result: 1, token: 'ipt_1' }))!, ...over });
  it('stores only a passing result with a token, expiring as the reply says, capped at a day', () => {
    expect(tokenToStore(data({}), now, 60_000)).toEqual({ token: 'ipt_1', expiresAt: now + 60_000 });
    expect(tokenToStore(data({ expiresAt: now + 5000 }), now, 60_000)).toEqual({ token: 'ipt_1', expiresAt: now + 5000 });
    expect(tokenToStore(data({ expiresAt: now + 10 * MAX_TOKEN_MS }), now, 60_000)?.expiresAt).toBe(now + MAX_TOKEN_MS);
    expect(tokenToStore(data({ expiresAt: now - 1 }), now, 60_000)).toBeNull();
    expect(tokenToStore(data({ result: 4 }), now, 60_000)).toBeNull();
    expect(tokenToStore(data({ token: '' }), now, 60_000)).toBeNull();
  });
  it('skips the check only while the stored token is valid', () => {
    expect(isTokenValid({ token: 't', expiresAt: now + 1 }, now)).toBe(true);
    expect(isTokenValid({ token: 't', expiresAt: now }, now)).toBe(false);
    expect(isTokenValid({ token: 't', expiresAt: now + MAX_TOKEN_MS + 1 }, now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });
  it('suppresses the upgrade prompt for 2 hours after closing', () => {
    expect(isSuppressed(String(now - IGNORE_MS + 1), now)).toBe(true);
    expect(isSuppressed(String(now - IGNORE_MS), now)).toBe(false);
    expect(isSuppressed(String(now + 60_000), now)).toBe(false);
    expect(isSuppressed('soon', now)).toBe(false);
    expect(isSuppressed(null, now)).toBe(false);
  });
});

describe('upgradeHref: back-end links only through safeLink', () => {
  const safe = (u: string) => safeLink(u, ['static.gate.com']);
  it.each([
    ['/myaccount/kyc2', '', '/myaccount/kyc2'],
    ['/myaccount/kyc2', '/zh', '/zh/myaccount/kyc2'],
    ['/zh/myaccount/kyc2', '/zh', '/zh/myaccount/kyc2'],
    ['javascript:alert(1)', '', '/myaccount/kyc_home'],
    ['https://evil.example/kyc', '/tr', '/tr/myaccount/kyc_home'],
    ['//evil.example/kyc', '', '/myaccount/kyc_home'],
    ['https://static.gate.com/kyc', '/zh', 'https://static.gate.com/kyc'],
    ['', '', '/myaccount/kyc_home'],
  ])('%j with prefix %j', (url, prefix, expected) => {
    expect(upgradeHref(url, '/myaccount/kyc_home', prefix, safe)).toBe(expected);
  });
});
