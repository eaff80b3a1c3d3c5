// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPluginTester, type PluginTester, defaultShellData } from '../../core/plugin-api/testing';
import plugin from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The third-party logins of the main and Turkey sites, as their region files set them. */
const MAIN_LOGINS = {
  authorizedLogin: ['google', 'metamask', 'apple'],
  thirdPartyClientIds: { google: '1-abc.apps.googleusercontent.com', apple: 'com.example.signin' },
};
const TR_LOGINS = { authorizedLogin: ['turkey-id'], thirdPartyClientIds: { 'turkey-id': 'tr-web' } };

let tester: PluginTester | undefined;
let root: Root | undefined;
let host: HTMLElement;

async function mount(opts: Parameters<typeof createPluginTester>[1] = {}) {
  tester = createPluginTester(plugin, { region: 'main', ...opts });
  await tester.preload();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(tester!.element({ slot: 'modal' })));
  act(() => tester!.hydrate());
}
const dialog = () => host.querySelector<HTMLElement>('[role="dialog"]');
const providers = () => [...host.querySelectorAll<HTMLElement>('[data-provider]')].map((b) => b.dataset.provider);
const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
/** Types into a React-controlled input. */
function type(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
const submit = async () => act(async () => void host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));

afterEach(() => {
  if (root) act(() => root!.unmount());
  expect(tester?.dispose() ?? []).toEqual([]);
  root = tester = undefined;
  document.body.innerHTML = '';
});

describe('auth modal', () => {
  it('opens on /login with the main site providers', async () => {
    await mount({ path: '/login', options: MAIN_LOGINS });
    expect(dialog()!.getAttribute('aria-modal')).toBe('true');
    expect(dialog()!.querySelector('h2')!.textContent).toBe('Log in to Gate');
    expect(providers()).toEqual(['google', 'metamask', 'apple']);
  });

  it('has no third-party buttons on the UK site (the defaults), and the Turkey provider on Turkey', async () => {
    await mount({ region: 'uk', path: '/login' });
    expect(dialog()).not.toBeNull();
    expect(providers()).toEqual([]);
    act(() => root!.unmount());
    root = undefined;
    tester!.dispose();
    await mount({ region: 'tr', path: '/signup', locale: 'tr', options: TR_LOGINS });
    expect(providers()).toEqual(['turkey-id']);
    expect(dialog()!.querySelector('h2')!.textContent).toBe('Gate TR hesabınızı oluşturun');
  });

  it('stays closed elsewhere until auth:open, and closes with Escape', async () => {
    await mount({ path: '/' });
    expect(dialog()).toBeNull();
    act(() => tester!.env.bus.emit('auth:open', { mode: 'signup' }));
    expect(host.querySelector('[data-testid="signup-form"]')).not.toBeNull();
    act(() => void dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(dialog()).toBeNull();
  });

  it('shows translated validation messages tied to the fields', async () => {
    await mount({ path: '/login', locale: 'zh' });
    await submit();
    const account = input('account');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(account.getAttribute('aria-describedby')!)!.textContent).toBe('请输入邮箱或手机号。');
    expect(host.textContent).toContain('请输入密码。');
    expect(tester!.calls).toEqual([]);
  });

  it('shows the server error of a failed login', async () => {
    await mount({ path: '/login', scenario: { 'POST /api/web/v1/usercenter/login': { body: { code: 10002, message: 'account or password is incorrect' } } } });
    act(() => {
      type(input('account'), 'alice@example.com');
      type(input('password'), 'wrong');
    });
    await submit();
    expect(tester!.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/web/v1/usercenter/login', { account: 'alice@example.com', password: 'wrong' }],
    ]);
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('Incorrect account or password.');
  });

  it('signup needs the terms, links the region agreement and sends the channel code', async () => {
    await mount({
      region: 'uk',
      path: '/signup',
      query: { ch: 'ads_7' },
      scenario: { 'POST /api/web/v1/usercenter/register': { body: { code: 10004, message: 'account already exists' } } },
    });
    expect(host.querySelector<HTMLAnchorElement>('.auth-terms a')!.getAttribute('href')).toBe('/docs/uk_agreement.html');
    act(() => {
      type(input('account'), 'taken@example.com');
      type(input('password'), 'Abcdefg1');
    });
    await submit();
    expect(host.textContent).toContain('Please accept the User Agreement and the Privacy Policy to continue.');
    act(() => host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click());
    await submit();
    expect(tester!.calls[0].body).toMatchObject({ account: 'taken@example.com', ch: 'ads_7', agree: '1' });
    expect(host.querySelector('[role="alert"]')!.textContent).toContain('already exists');
  });

  it('does not open for a logged-in user on /login', async () => {
    await mount({ path: '/login', data: { user: { ...defaultShellData().user, isLogin: true, nickname: 'alice' } } });
    expect(dialog()).toBeNull();
  });
});
