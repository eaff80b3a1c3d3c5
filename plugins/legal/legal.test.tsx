// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createPluginTester, DEFAULT_USER_STATE, type PluginTester, type TestResponse } from '../../core/plugin-api/testing';
import type { ShellData } from '../../core/plugin-api';
import plugin from './index';
import { AGREEMENT_API } from './rules';
import type { LegalOptions } from './options';
import { HOSTILE_AGREEMENT_HTML } from './fake-api';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DECL_STATUS = '/api/web/v1/compliance-kyc/customer-understand-declaration/status';
const DECL_SUBMIT = '/api/web/v1/compliance-kyc/customer-understand-declaration/submit-status';
const loggedIn = { uid: '10001', nickname: 'alice' };
const settle = () => act(async () => new Promise((r) => setTimeout(r, 30)));

let tester: PluginTester | undefined;
afterEach(() => {
  expect(tester?.dispose() ?? []).toEqual([]);
  tester = undefined;
  document.body.innerHTML = '';
});

async function mount(opts: {
  region?: string;
  options?: Record<string, unknown>;
  scenario?: Record<string, TestResponse>;
  cookies?: Record<string, string>;
  data?: Partial<ShellData>;
  locale?: string;
}) {
  tester = createPluginTester(plugin, {
    region: opts.region ?? 'main',
    options: opts.options,
    scenario: opts.scenario ?? {},
    cookies: opts.cookies ?? loggedIn,
    data: opts.data,
    locale: opts.locale,
  });
  await tester.preload();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(tester!.element({ slot: 'modal' })));
  await act(async () => tester!.hydrate());
  await settle();
  return { host, root };
}
const button = (host: HTMLElement, text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('user agreement', () => {
  it('shows hostile content sanitized: text kept, no script, no handlers, no unsafe links', async () => {
    const { host, root } = await mount({
      scenario: {
        [`POST ${AGREEMENT_API.status}`]: { body: { code: 0, data: { status: 1, content: HOSTILE_AGREEMENT_HTML, submit_button: 'Agree and continue' } } },
      },
    });
    await settle();
    const dialog = host.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('We have updated the User Agreement');
    expect(dialog.querySelector('script, iframe, [onerror], [onclick], [style]')).toBeNull();
    expect(dialog.querySelector('#hostile-js')!.hasAttribute('href')).toBe(false);
    expect(dialog.querySelector('#hostile-offsite')!.hasAttribute('href')).toBe(false);
    expect(dialog.querySelector('#hostile-safe')!.getAttribute('href')).toBe('/legal/user-agreement');
    expect((window as { __legalPwned?: unknown }).__legalPwned).toBeUndefined();
    expect(dialog.querySelector('.shell-dialog__close')).toBeNull();
    expect(tester!.calls[0]).toMatchObject({ method: 'POST', path: AGREEMENT_API.status, body: { scene: 'web_user_agreement' } });
    await act(async () => root.unmount());
  });

  it('closes after a code-0 submit, stays (with an error toast) otherwise', async () => {
    let submitCode = 500;
    const toasts: string[] = [];
    const { host, root } = await mount({
      scenario: {
        [`POST ${AGREEMENT_API.status}`]: { body: { code: 0, data: { status: 1, content: '<p>Terms</p>', submit_button: '' } } },
        [`POST ${AGREEMENT_API.submit}`]: () => ({ body: { code: submitCode } }),
      },
    });
    tester!.env.bus.on('toast', (e) => toasts.push(e.kind));
    await act(async () => button(host, 'I have read and agree').click());
    await settle();
    expect(host.querySelector('[role="dialog"]')).not.toBeNull();
    expect(toasts).toEqual(['error']);
    submitCode = 0;
    await act(async () => button(host, 'I have read and agree').click());
    await settle();
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => root.unmount());
  });

  it('shows nothing on failure, for visitors, or when already agreed', async () => {
    const unsigned = { [`POST ${AGREEMENT_API.status}`]: { body: { code: 0, data: { status: 1, content: 'x' } } } };
    for (const [scenario, cookies, data] of [
      [{ [`POST ${AGREEMENT_API.status}`]: { status: 500, body: { code: 500 } } }, loggedIn, undefined],
      [{ [`POST ${AGREEMENT_API.status}`]: { body: { code: 0, data: { status: 2 } } } }, loggedIn, undefined],
      [unsigned, {}, undefined],
      // Login cookies, but the server's user-info call failed: the page is a visitor's, as its core data says.
      [unsigned, loggedIn, { user: DEFAULT_USER_STATE }],
    ] as const) {
      const { host, root } = await mount({ scenario, cookies, data });
      expect(host.querySelector('[role="dialog"]')).toBeNull();
      await act(async () => root.unmount());
      tester!.dispose();
      tester = undefined;
    }
  });
});

describe('Turkey declaration', () => {
  const options = { agreement: { enabled: false }, declaration: { enabled: true } };
  it('needs the checkbox, signs (status 2) and then disables confirm', async () => {
    const { host, root } = await mount({
      region: 'tr',
      options,
      scenario: { [`GET ${DECL_STATUS}`]: { body: { code: 0, data: { status: 1 } } }, [DECL_SUBMIT]: { body: { code: 0, data: { status: 2 } } } },
    });
    const dialog = host.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('%20');
    const confirm = button(host, 'Onayla');
    expect(confirm.disabled).toBe(true);
    await act(async () => host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click());
    expect(confirm.disabled).toBe(false);
    await act(async () => confirm.click());
    await settle();
    expect(button(host, 'İmzalandı').disabled).toBe(true);
    expect(tester!.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${DECL_STATUS}`, `POST ${DECL_SUBMIT}`]);
    await act(async () => button(host, 'Kapat').click());
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => root.unmount());
  });

  it('treats a failed status call as status 1 and does not show a signed declaration', async () => {
    let m = await mount({ region: 'tr', options, scenario: { [DECL_STATUS]: { status: 500 } } });
    expect(m.host.querySelector('[role="dialog"]')).not.toBeNull();
    await act(async () => m.root.unmount());
    tester!.dispose();
    m = await mount({ region: 'tr', options, scenario: { [DECL_STATUS]: { body: { code: 0, data: { status: 2 } } } } });
    expect(m.host.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => m.root.unmount());
  });
});

describe('EU coming-soon', () => {
  it('intercepts clicks on listed paths and shows Stay tuned! until Confirm', async () => {
    const { host, root } = await mount({ region: 'eu', options: { agreement: { enabled: false }, comingSoon: { paths: ['/copytrading'] } }, cookies: {} });
    const link = document.createElement('a');
    link.href = '/copytrading';
    link.textContent = 'Copy trading';
    const other = document.createElement('a');
    other.href = '#elsewhere';
    document.body.append(link, other);
    const click = (a: HTMLElement) => {
      const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      a.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(await act(async () => click(other))).toBe(false);
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    expect(await act(async () => click(link))).toBe(true);
    expect(host.querySelector('[role="dialog"]')!.textContent).toContain('This feature is upcoming');
    expect(host.textContent).toContain('Stay tuned!');
    await act(async () => button(host, 'Confirm').click());
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    expect(await act(async () => click(link))).toBe(true);
    expect(host.querySelector('[role="dialog"]')).not.toBeNull();
    await act(async () => root.unmount());
  });
});

describe('legal plugin: where the browser runs it', () => {
  const inBrowser = (isLogin: boolean, configured?: Record<string, unknown>) => {
    const user = { ...DEFAULT_USER_STATE, isLogin, ...(isLogin ? loggedIn : {}) };
    tester = createPluginTester(plugin, { side: 'server', region: 'main', data: { user }, options: configured });
    const options = tester.activation.options.get('legal') as unknown as LegalOptions;
    const runs = plugin.delivery!.inBrowser!(tester.env, options);
    expect(tester.dispose()).toEqual([]);
    tester = undefined;
    return runs;
  };

  it('for a logged-in user (agreement, declaration); for a visitor only where coming-soon links are held', () => {
    expect(inBrowser(true)).toBe(true);
    expect(inBrowser(false)).toBe(false);
    expect(inBrowser(false, { comingSoon: { paths: ['/futures'] } })).toBe(true);
  });
});
