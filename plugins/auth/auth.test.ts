import { describe, expect, it } from 'vitest';
import { isAccount, isStrongPassword, serverError, validateLogin, validateSignup } from './validate';
import { channelCode, returnTarget } from './navigation';
import { authorizeUrl, providersFor, type LoginProvider } from './providers';
import { checkClientIds } from './options-check';
import { createPluginTester, PluginCatalogue } from '../../core/plugin-api/testing';
import plugin, { AUTH_STORE } from './index';
import schema from './schema.json';

describe('validation (messages are translation keys)', () => {
  it.each([
    ['alice@example.com', true],
    ['+90 555 123 4567', true],
    ['5551234567', true],
    ['alice', false],
    ['a@b', false],
    ['12345', false],
  ])('account %s → %s', (v, ok) => expect(isAccount(v)).toBe(ok));

  it('login needs both fields and a well-formed account', () => {
    expect(validateLogin({ account: '', password: '' })).toEqual({ account: 'errors.accountRequired', password: 'errors.passwordRequired' });
    expect(validateLogin({ account: 'bob', password: 'x' })).toEqual({ account: 'errors.accountInvalid' });
    expect(validateLogin({ account: 'bob@example.com', password: 'x' })).toEqual({});
  });

  it('signup needs a strong password and the terms', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdefg1')).toBe(false);
    expect(isStrongPassword('Abc1')).toBe(false);
    expect(validateSignup({ account: 'bob@example.com', password: 'weak', terms: false })).toEqual({
      password: 'errors.passwordRules',
      terms: 'errors.termsRequired',
    });
    expect(validateSignup({ account: 'bob@example.com', password: 'Abcdefg1', terms: true })).toEqual({});
  });

  it('maps server replies to messages', () => {
    expect(serverError(undefined).key).toBe('errors.network');
    expect(serverError({ code: 10002, message: 'account or password is incorrect' })).toEqual({
      key: 'errors.server.10002',
      fallback: 'account or password is incorrect',
    });
    expect(serverError({ code: 42, message: 'maintenance' })).toEqual({ key: 'errors.server.other', fallback: 'maintenance' });
  });
});

describe('return target (same-site only)', () => {
  const base = { referrer: '', origin: 'https://www.gate.com', langPrefix: '' };
  it.each([
    [{}, '/'],
    [{ langPrefix: '/zh' }, '/zh/'],
    [{ referrer: 'https://www.gate.com/trade/BTC_USDT?tab=1' }, '/trade/BTC_USDT?tab=1'],
    [{ referrer: 'https://evil.example/phish' }, '/'],
    [{ referrer: 'https://www.gate.com/login' }, '/'],
    [{ referrer: 'https://www.gate.com/zh/signup' }, '/'],
    [{ redirect: '/myaccount/deposit/USDT' }, '/myaccount/deposit/USDT'],
    [{ redirect: '//evil.example' }, '/'],
    [{ redirect: 'https://evil.example/' }, '/'],
    [{ redirect: '/login', referrer: 'https://www.gate.com/price' }, '/price'],
    [{ redirect: '/en//evil.example/x' }, '/en/evil.example/x'],
    [{ redirect: '/\\evil.example/x' }, '/'],
    [{ redirect: '/\t/evil.example/x', langPrefix: '/zh' }, '/zh/'],
    [{ redirect: '/..//evil.example' }, '/evil.example'],
    [{ redirect: 'https://www.gate.com/price' }, '/price'],
    [{ referrer: 'https://www.gate.com//evil.example/x' }, '/evil.example/x'],
  ] as Array<[Partial<typeof base> & { redirect?: string }, string]>)('%j → %s', (patch, expected) => {
    expect(returnTarget({ ...base, ...patch })).toBe(expected);
  });

  it('takes the channel code from the query, then the cookie', () => {
    expect(channelCode({ ch: 'ads_1' }, 'old')).toBe('ads_1');
    expect(channelCode({}, 'cookie_ch')).toBe('cookie_ch');
    expect(channelCode({ ch: '<script>' }, undefined)).toBe('');
  });
});

describe('third-party login (spec 000 §6)', () => {
  const ids = { google: 'g-id', apple: 'a-id', 'turkey-id': 't-id' };
  it('lists the region methods that are configured', () => {
    expect(providersFor({ authorizedLogin: ['google', 'metamask', 'apple'], thirdPartyClientIds: ids })).toEqual(['google', 'metamask', 'apple']);
    expect(providersFor({ authorizedLogin: ['turkey-id'], thirdPartyClientIds: ids })).toEqual(['turkey-id']);
    expect(providersFor({ authorizedLogin: [], thirdPartyClientIds: {} })).toEqual([]);
    expect(providersFor({ authorizedLogin: ['google'], thirdPartyClientIds: {} })).toEqual([]);
  });
  it('takes a client id for every OAuth method and none for the wallet (the validator reads which from the schema)', () => {
    const { authorizedLogin, thirdPartyClientIds, authorizeUrls } = schema.properties;
    const withId: string[] = Object.keys(thirdPartyClientIds.properties);
    expect(authorizedLogin.items.enum.filter((m) => !withId.includes(m))).toEqual(['metamask']);
    expect(Object.keys(authorizeUrls.properties)).toEqual(withId);
  });
  it('refuses, wherever its options are checked, a listed OAuth method without its client id (not the wallet)', () => {
    const catalogue = new PluginCatalogue([plugin]);
    expect(
      catalogue.validateOptions('auth', {
        authorizedLogin: ['metamask', 'apple', 'google'],
        thirdPartyClientIds: { google: '1-web.apps.googleusercontent.com' },
      }).problems,
    ).toEqual([{ pointer: '/authorizedLogin/1', message: "login method 'apple' needs a client id: add thirdPartyClientIds.apple" }]);
    expect(catalogue.validateOptions('auth', { authorizedLogin: ['metamask'] }).problems).toEqual([]);
    // Every method the schema takes a client id for, and only those, needs one.
    for (const method of schema.properties.authorizedLogin.items.enum) {
      const takesId = Object.hasOwn(schema.properties.thirdPartyClientIds.properties, method);
      expect(checkClientIds({ authorizedLogin: [method as LoginProvider], thirdPartyClientIds: {} }).length).toBe(takesId ? 1 : 0);
    }
  });
  it('builds a code-flow URL back to /login/oauth/<provider>', () => {
    const url = new URL(authorizeUrl('google', { clientId: 'g-id', origin: 'https://www.gate.com', state: 's1', lang: 'en' }));
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('redirect_uri')).toBe('https://www.gate.com/login/oauth/google');
    expect(url.searchParams.get('state')).toBe('s1');
    expect(url.searchParams.get('response_type')).toBe('code');
  });
});

describe('AuthStore', () => {
  it('opens in a mode and closes', () => {
    const store = createPluginTester(plugin).service(AUTH_STORE);
    expect(store.state).toEqual({ open: false, mode: 'login', theme: 'light', channel: '' });
    const seen: boolean[] = [];
    store.open$.subscribe((v) => seen.push(v));
    store.open('signup');
    expect(store.state.mode).toBe('signup');
    store.setMode('login');
    store.close();
    expect(seen).toEqual([false, true, false]);
  });

  it('starts from the page: open on /signup for a visitor in the browser, theme and channel from cookies', () => {
    const t = createPluginTester(plugin, { path: '/signup', query: { ch: 'ads_1' }, cookies: { theme: 'dark' } });
    expect(t.service(AUTH_STORE).state).toEqual({ open: true, mode: 'signup', theme: 'dark', channel: 'ads_1' });
    expect(createPluginTester(plugin, { path: '/signup', side: 'server' }).service(AUTH_STORE).state.open).toBe(false);
  });
});

describe('OAuth pending state', () => {
  it('accepts the callback only with the saved provider and state, once', async () => {
    const { randomState, savePending, takePending } = await import('./oauth');
    const mem = new Map<string, string>();
    const store = {
      setItem: (k: string, v: string) => void mem.set(k, v),
      getItem: (k: string) => mem.get(k) ?? null,
      removeItem: (k: string) => void mem.delete(k),
    };
    const state = randomState();
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    savePending({ state, provider: 'google', returnTo: '/price' }, store);
    expect(takePending('apple', state, store)).toBeNull();
    savePending({ state, provider: 'google', returnTo: '/price' }, store);
    expect(takePending('google', 'forged', store)).toBeNull();
    savePending({ state, provider: 'google', returnTo: '/price' }, store);
    expect(takePending('google', state, store)).toEqual({ state, provider: 'google', returnTo: '/price' });
    expect(takePending('google', state, store)).toBeNull();
  });
});
