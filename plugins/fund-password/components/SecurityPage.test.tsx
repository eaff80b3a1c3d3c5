// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { createPluginTester, type PluginTester, DEFAULT_USER_STATE } from '../../../core/plugin-api/testing';
import type { TestResponse } from '../../../core/plugin-api/testing';
import plugin, { FUND_PASSWORD } from '../index';

// The plugin's pages are lazy chunks: load them once before rendering routes.
beforeAll(() => createPluginTester(plugin).preload());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const loggedIn = { user: { ...DEFAULT_USER_STATE, isLogin: true, uid: '10001', nickname: 'alice', verified: 1 } };
let mounted: { root: Root; t: PluginTester } | null = null;
afterEach(() => {
  if (mounted) act(() => mounted!.root.unmount());
  expect(mounted?.t.dispose() ?? []).toEqual([]);
  mounted = null;
  document.body.innerHTML = '';
});

async function mount(opts: { scenario?: Record<string, TestResponse>; inApp?: boolean; frequency?: number; visitor?: boolean; totpName?: string } = {}) {
  const t = createPluginTester(plugin, {
    side: 'browser',
    path: '/myaccount/security',
    ...(opts.totpName ? { region: { totpName: opts.totpName } } : {}),
    data: opts.visitor ? {} : loggedIn,
    scenario: opts.scenario ?? {},
    inApp: opts.inApp,
  });
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  const data = opts.frequency === undefined ? {} : { 'fund-password/frequency': opts.frequency };
  // The page and the modal queue (where the exported flow's dialogs show), as the host lays them out.
  await act(async () =>
    root.render(
      <>
        {t.element({ route: '/myaccount/security' }, data)}
        {t.element({ slot: 'modal' }, data)}
      </>,
    ),
  );
  await act(async () => t.hydrate());
  mounted = { root, t };
  const toasts: Array<{ kind: string; message: string }> = [];
  t.env.bus.on('toast', (e) => toasts.push(e));
  return { t, host, toasts };
}

const dialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
const confirmOf = (d: HTMLElement) => [...d.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Confirm')!;
const type = async (input: HTMLInputElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const click = (el: HTMLElement) => act(async () => el.click());
const openDialog = (host: HTMLElement) => click([...host.querySelectorAll('button')].find((b) => b.textContent === 'Validity period')!);

describe('security page', () => {
  it('server-renders the three rows with the saved validity', () => {
    const t = createPluginTester(plugin, { side: 'server', path: '/myaccount/security', data: loggedIn });
    const html = t.renderRoute('/myaccount/security', { 'fund-password/frequency': 0 });
    expect(html).toContain('Authenticator app (2FA)');
    expect(html).toContain('Login password');
    expect(html).toContain('href="/myaccount/fundpass_setup"');
    expect(html).toMatch(/data-testid="fp-validity">Never</);
    expect(t.dispose()).toEqual([]);
  });

  it('asks visitors to log in', async () => {
    const { host } = await mount({ visitor: true });
    expect(host.textContent).toContain('Log in to manage your security settings.');
    expect(host.querySelector('a[href^="/login?redirect="]')).not.toBeNull();
  });
});

describe('fund-password modal (spec 001 §4/§5)', () => {
  it('keeps confirm disabled until a password is typed; resets on close', async () => {
    const { host } = await mount({ frequency: 1 });
    await openDialog(host);
    const [dialog] = dialogs();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(confirmOf(dialog).disabled).toBe(true);
    const pass = dialog.querySelector<HTMLInputElement>('input[type="password"]')!;
    expect(document.activeElement).toBe(pass); // the form starts in the password field
    await type(pass, 'secret');
    expect(confirmOf(dialog).disabled).toBe(false);
    await click(dialog.querySelector<HTMLButtonElement>('.shell-dialog__close')!);
    expect(dialogs()).toHaveLength(0);
    await openDialog(host);
    expect(dialogs()[0].querySelector<HTMLInputElement>('input[type="password"]')!.value).toBe('');
    expect(confirmOf(dialogs()[0]).disabled).toBe(true);
  });

  it('links to the fund password setup and authenticator help in a new tab', async () => {
    const { host } = await mount();
    await openDialog(host);
    const link = dialogs()[0].querySelector<HTMLAnchorElement>('a[href="/myaccount/fundpass_setup"]')!;
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
  });

  it("names the site's entry in the authenticator app under the code field (region config totpName)", async () => {
    const { host } = await mount({ frequency: 1, totpName: 'Gate UK' });
    await openDialog(host);
    await click(dialogs()[0].querySelectorAll<HTMLInputElement>('input[type="radio"]')[2]);
    const code = dialogs()[1].querySelectorAll<HTMLInputElement>('input')[1];
    const hint = document.getElementById(code.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('The code shown for “Gate UK” in your authenticator app');
  });

  it('hides the validity selector inside the app', async () => {
    const { host } = await mount({ inApp: true });
    await openDialog(host);
    expect(dialogs()[0].querySelector('input[type="radio"]')).toBeNull();
  });

  it('changing the validity opens a second modal needing password and code; success posts and closes it', async () => {
    const posted: Array<Record<string, string>> = [];
    const scenario: Record<string, TestResponse> = {
      'POST /json_svr/query_safe': (req) => {
        posted.push(Object.fromEntries(req.body));
        return { body: { result: true, msg: 'success' } };
      },
    };
    const { host, toasts } = await mount({ frequency: 1, scenario });
    await openDialog(host);
    const radios = [...dialogs()[0].querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['1', true],
      ['2', false],
      ['0', false],
    ]);
    await click(radios[2]);
    expect(dialogs()).toHaveLength(2);
    const second = dialogs()[1];
    expect(second.querySelector<HTMLAnchorElement>('a[href="/myaccount/totp"]')!.target).toBe('_blank');
    const [pass, code] = [...second.querySelectorAll<HTMLInputElement>('input')];
    expect(document.activeElement).toBe(pass);
    await type(pass, 'pw');
    expect(confirmOf(second).disabled).toBe(true);
    await type(code, '123456');
    expect(confirmOf(second).disabled).toBe(false);
    await click(confirmOf(second));
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(posted).toEqual([{ action: 'tradepassfrequency', frequency: '0', fundpass: 'pw', totp: '123456' }]);
    expect(dialogs()).toHaveLength(1);
    expect(toasts).toEqual([{ kind: 'success', message: 'Validity period updated' }]);
    expect(host.querySelector('[data-testid="fp-validity"]')!.textContent).toBe('Never');
    expect(dialogs()[0].querySelector<HTMLInputElement>('input[value="0"]')!.checked).toBe(true);
  });

  it('a failure shows the server msg (or Error) and keeps the modal; double clicks within 1500 ms post once', async () => {
    let calls = 0;
    const { host, toasts } = await mount({
      scenario: { 'POST /json_svr/query_safe': () => (++calls === 1 ? { body: { result: false, msg: 'Incorrect code' } } : { status: 500 }) },
    });
    await openDialog(host);
    await click(dialogs()[0].querySelector<HTMLInputElement>('input[value="2"]')!);
    const second = dialogs()[1];
    const [pass, code] = [...second.querySelectorAll<HTMLInputElement>('input')];
    expect(document.activeElement).toBe(pass);
    await type(pass, 'pw');
    await type(code, '000000');
    await click(confirmOf(second));
    await click(confirmOf(second));
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(calls).toBe(1);
    expect(toasts).toEqual([{ kind: 'error', message: 'Incorrect code' }]);
    expect(dialogs()).toHaveLength(2);
    await act(async () => new Promise((r) => setTimeout(r, 1550)));
    await click(confirmOf(dialogs()[1]));
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(toasts.at(-1)).toEqual({ kind: 'error', message: 'Error' });
    expect(host.querySelector('[data-testid="fp-validity"]')!.textContent).toBe('One hour');
    expect(dialogs()[0].querySelector<HTMLInputElement>('input[value="2"]')!.checked).toBe(true);
    await click(dialogs()[1].querySelector<HTMLButtonElement>('.shell-dialog__close')!);
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0].querySelector<HTMLInputElement>('input[value="1"]')!.checked).toBe(true);
  });

  it('is exported: any page opens it, and confirm hands the password to that page and closes (form reset)', async () => {
    const { t } = await mount({ frequency: 0 });
    const flow = t.service(FUND_PASSWORD);
    let result: unknown = 'pending';
    await act(async () => void flow.request().then((r) => (result = r)));
    const [dialog] = dialogs();
    await type(dialog.querySelector<HTMLInputElement>('input[type="password"]')!, 'fund-secret');
    await click(confirmOf(dialog));
    expect(result).toEqual({ fundpass: 'fund-secret', frequency: 0 });
    expect(dialogs()).toHaveLength(0);
    await act(async () => void flow.request().then((r) => (result = r)));
    expect(dialogs()[0].querySelector<HTMLInputElement>('input[type="password"]')!.value).toBe('');
    await click(dialogs()[0].querySelector<HTMLButtonElement>('.shell-dialog__close')!);
    expect(result).toBeNull();
  });

  it('opens from markup: [data-fund-password] receives fund-password:confirm', async () => {
    await mount({ frequency: 2 });
    const trigger = document.body.appendChild(document.createElement('button'));
    trigger.dataset.fundPassword = '';
    const got: unknown[] = [];
    trigger.addEventListener('fund-password:confirm', (e) => got.push((e as CustomEvent).detail));
    await click(trigger);
    await type(dialogs()[0].querySelector<HTMLInputElement>('input[type="password"]')!, 'pw2');
    await click(confirmOf(dialogs()[0]));
    expect(got).toEqual([{ fundpass: 'pw2', frequency: 2 }]);
  });
});
