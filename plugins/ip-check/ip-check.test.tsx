// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createPluginTester, DEFAULT_USER_STATE, type PluginTester, type TestResponse } from '../../core/plugin-api/testing';
import type { ShellData } from '../../core/plugin-api';
import { fakeRequest } from '../../core/plugin-api/fake-api';
import plugin from './index';
import fakeApi, { ipCheckAnswer } from './fake-api';
import { IP_CHECK_CONTROLLER } from './check';
import { IP_CHECK_API } from './reply';
import type { IpCheckOptions } from './options';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let tester: PluginTester | undefined;
afterEach(() => {
  expect(tester?.dispose() ?? []).toEqual([]);
  tester = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

const loggedIn = { uid: '10001', nickname: 'alice' };
const answer = (data: Record<string, unknown>): TestResponse => ({ body: { code: 0, data } });

async function mount(
  response: TestResponse | undefined,
  opts: { cookies?: Record<string, string>; path?: string; locale?: string; data?: Partial<ShellData> } = {},
) {
  tester = createPluginTester(plugin, {
    region: 'main',
    cookies: opts.cookies ?? loggedIn,
    data: opts.data,
    path: opts.path ?? '/',
    locale: opts.locale,
    options: { stunServer: '' },
    scenario: response ? { [`POST ${IP_CHECK_API}`]: response } : {},
  });
  await tester.preload();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(tester!.element({ slot: 'modal' })));
  await act(async () => tester!.hydrate());
  const controller = tester.service(IP_CHECK_CONTROLLER);
  await act(async () => {
    for (let i = 0; i < 50 && tester!.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
  });
  return { host, root, controller };
}

describe('ip-check plugin in the page', () => {
  it('result 4: a blocking dialog without a close control that Escape does not close', async () => {
    const { host, root } = await mount(answer({ result: 4, closable: true }));
    const dialog = host.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Dear user');
    expect(dialog.textContent).toContain('restricted by our risk detection');
    expect(dialog.querySelector('button')).toBeNull();
    await act(async () => dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(host.querySelector('[role="dialog"]')).not.toBeNull();
    await act(async () => root.unmount());
  });

  it('result 3: VPN notice; Cancel leads to the upgrade prompt, whose Later closes it and suppresses it', async () => {
    const { host, root } = await mount(answer({ result: 3, closable: true, url: 'javascript:alert(1)' }));
    expect(host.textContent).toContain('VPN or proxy');
    const cancel = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!;
    await act(async () => cancel.click());
    const link = [...host.querySelectorAll('a')].find((a) => a.textContent === 'Upgrade verification')!;
    expect(link.getAttribute('href')).toBe('/myaccount/kyc_home');
    const later = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Later')!;
    await act(async () => later.click());
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    expect(localStorage.getItem('ip_check_ignore:10001')).toMatch(/^\d+$/);
    await act(async () => root.unmount());
  });

  it('a failing check shows nothing', async () => {
    const { host, root } = await mount({ status: 500, body: { code: 500 } });
    expect(tester!.calls).toHaveLength(1);
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => root.unmount());
  });

  it('does not run for visitors or on skipped paths', async () => {
    let m = await mount(answer({ result: 4 }), { cookies: {} });
    expect(tester!.calls).toHaveLength(0);
    await act(async () => m.root.unmount());
    tester!.dispose();
    m = await mount(answer({ result: 4 }), { path: '/login' });
    expect(tester!.calls).toHaveLength(0);
    await act(async () => m.root.unmount());
    tester!.dispose();
    // Login cookies, but the server's user-info call failed: the page is a visitor's, as its core data says.
    m = await mount(answer({ result: 4 }), { data: { user: DEFAULT_USER_STATE } });
    expect(tester!.calls).toHaveLength(0);
    await act(async () => m.root.unmount());
  });

  it('shows the texts in the page language', async () => {
    const { host, root } = await mount(answer({ result: 2, closable: false }), { locale: 'tr' });
    expect(host.textContent).toContain('Değerli kullanıcımız');
    expect(host.textContent).toContain('Doğrulamayı yükselt');
    expect(host.querySelector('.shell-dialog__close')).toBeNull();
    expect(host.querySelector('a')!.getAttribute('href')).toBe('/tr/myaccount/kyc_home');
    await act(async () => root.unmount());
  });
});

describe('ip-check fake API', () => {
  const body = (r: Awaited<ReturnType<typeof ipCheckAnswer>>) => r.body as { code: number; data: Record<string, unknown> };
  it('passes with a stable token per user and validates the request', () => {
    const req = (b: Record<string, string>, uid = '10001') => fakeRequest({ method: 'POST', path: IP_CHECK_API, body: b, cookies: { uid, nickname: 'a' } });
    const a = body(ipCheckAnswer(req({ type: '1', ips: '[]', stuns: '["203.0.113.7"]' }), { result: 1 }));
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({ result: 1, closable: true });
    expect(a.data.token).toBe(body(ipCheckAnswer(req({ type: '1' }), { result: 1 })).data.token);
    expect(a.data.token).not.toBe(body(ipCheckAnswer(req({ type: '1' }, '20002'), { result: 1 })).data.token);
    expect(body(ipCheckAnswer(req({ type: '9' }), { result: 1 })).code).toBe(10002);
    expect(body(ipCheckAnswer(req({ type: '1', ips: 'nope' }), { result: 1 })).code).toBe(10002);
  });
  it('declares the personas of the brief', () => {
    expect(fakeApi.scenarios!.map((s) => s.name)).toEqual(expect.arrayContaining(['vpn-user', 'ip-upgrade', 'detection-blocked', 'ip-check-down']));
  });
});

describe('ip-check plugin: where the browser runs it', () => {
  const inBrowser = (o: { cookies?: Record<string, string>; isLogin: boolean; path?: string; options?: Record<string, unknown> }) => {
    const user = { ...DEFAULT_USER_STATE, isLogin: o.isLogin, ...(o.isLogin ? loggedIn : {}) };
    tester = createPluginTester(plugin, { side: 'server', region: 'main', path: o.path ?? '/', data: { user }, options: { stunServer: '', ...o.options } });
    const options = tester.activation.options.get('ip-check') as unknown as IpCheckOptions;
    const runs = plugin.delivery!.inBrowser!(tester.env, options);
    expect(tester.dispose()).toEqual([]);
    tester = undefined;
    return runs;
  };

  it("only on the pages where its check runs: a logged-in user's, not a skipped path, and a visitor's when no login is required", () => {
    expect(inBrowser({ isLogin: true })).toBe(true);
    expect(inBrowser({ isLogin: false })).toBe(false);
    expect(inBrowser({ isLogin: true, path: '/login' })).toBe(false);
    expect(inBrowser({ isLogin: true, path: '/signup/email' })).toBe(false);
    expect(inBrowser({ isLogin: false, options: { requireLogin: false } })).toBe(true);
    expect(inBrowser({ isLogin: false, path: '/login', options: { requireLogin: false } })).toBe(false);
  });
});
