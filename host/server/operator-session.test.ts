import fc from 'fast-check';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, hasSession, isSameOriginPost, proxyIdentity, SESSION_SECONDS, sessionCookie } from './operator-session';

const TOKEN = 'operator-token-0123456789abcdef-0123456789';
const NOW = 1_800_000_000;
/** The Cookie header a browser sends back for a Set-Cookie value. */
const sent = (setCookie: string) => setCookie.split(';')[0];

describe('operator session', () => {
  it('a sign-in cookie is HttpOnly, SameSite=Strict, limited to the page, Secure over HTTPS', () => {
    expect(sessionCookie(TOKEN, NOW, false, '/__operator')).toMatch(
      /^operator_session=\d+\.[\w-]{43}; Path=\/__operator; Max-Age=28800; HttpOnly; SameSite=Strict$/,
    );
    expect(sessionCookie(TOKEN, NOW, true, '/__operator')).toMatch(/; Secure$/);
    expect(clearedSessionCookie(true, '/__operator')).toBe('operator_session=; Path=/__operator; Max-Age=0; HttpOnly; SameSite=Strict; Secure');
  });

  it('holds for 8 hours with the token that signed it, and for no other token', () => {
    const cookie = sent(sessionCookie(TOKEN, NOW, false, '/__operator'));
    expect(hasSession(cookie, TOKEN, NOW)).toBe(true);
    expect(hasSession(`a=1; ${cookie}; b=2`, TOKEN, NOW + SESSION_SECONDS - 1)).toBe(true);
    expect(hasSession(cookie, TOKEN, NOW + SESSION_SECONDS)).toBe(false);
    expect(hasSession(cookie, `${TOKEN}x`, NOW)).toBe(false);
    expect(hasSession(undefined, TOKEN, NOW)).toBe(false);
  });

  it('no edit of a signed cookie, and no forged one, is accepted (property)', () => {
    const cookie = sent(sessionCookie(TOKEN, NOW, false, '/__operator'));
    const value = cookie.slice('operator_session='.length);
    fc.assert(
      fc.property(fc.nat({ max: value.length - 1 }), fc.constantFrom(...'0123456789abcdefABCDEF_-.'), (i, c) => {
        const edited = value.slice(0, i) + c + value.slice(i + 1);
        return edited === value || !hasSession(`operator_session=${edited}`, TOKEN, NOW);
      }),
    );
    fc.assert(fc.property(fc.string(), (forged) => !hasSession(`operator_session=${forged}`, TOKEN, NOW)));
    // An expiry past the session's length was not made here.
    const far = sent(sessionCookie(TOKEN, NOW + 3600, false, '/__operator'));
    expect(hasSession(far, TOKEN, NOW)).toBe(false);
  });

  it('a form POST counts only from this origin', () => {
    const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
    expect(isSameOriginPost(req({ 'sec-fetch-site': 'same-origin', host: 'a.example' }))).toBe(true);
    for (const site of ['same-site', 'cross-site', 'none']) expect(isSameOriginPost(req({ 'sec-fetch-site': site, host: 'a.example' }))).toBe(false);
    expect(isSameOriginPost(req({ origin: 'https://a.example', host: 'a.example' }))).toBe(true);
    expect(isSameOriginPost(req({ origin: 'https://evil.example', host: 'a.example' }))).toBe(false);
    expect(isSameOriginPost(req({ origin: 'null', host: 'a.example' }))).toBe(false);
    expect(isSameOriginPost(req({ host: 'a.example' }))).toBe(false);
  });

  it("takes the proxy's identity header only when configured, sent once, one line of at most 200 characters", () => {
    const req = (values: string[]) => ({ headersDistinct: values.length ? { 'x-forwarded-user': values } : {} }) as unknown as IncomingMessage;
    expect(proxyIdentity(req([' alice@example.com ']), 'x-forwarded-user')).toBe('alice@example.com');
    expect(proxyIdentity(req(['alice']), undefined)).toBeUndefined();
    for (const values of [[], ['alice', 'mallory'], [''], ['   '], ['a'.repeat(201)], ['alice\u0000'], ['al\u00efce']])
      expect(proxyIdentity(req(values), 'x-forwarded-user'), JSON.stringify(values)).toBeUndefined();
  });
});
