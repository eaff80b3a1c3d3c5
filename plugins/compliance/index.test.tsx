// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPluginTester, type PluginTester, type PluginTesterOptions, type TestResponse, defaultShellData } from '../../core/plugin-api/testing';
import { definePlugin, MODAL_LEVEL, type ComplianceResult } from '../../core/plugin-api';
import { regionOptions } from '../../tools/test/region-options';
import plugin from './index';
import { HOSTILE_MESSAGE } from './fake-api';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const BUSINESS = '/api/web/v1/compliance/business-check';
const compliance = (c: Partial<ComplianceResult>): ComplianceResult => ({ ...defaultShellData().compliance, ...c });
const user = (isLogin: boolean) => ({ ...defaultShellData().user, isLogin, uid: isLogin ? '10001' : '', nickname: isLogin ? 'alice' : '' });
const reply = (datas: unknown[], code = 0) => ({ body: { resMsg: { code }, datas } });

/** Waits (in act) until the condition holds: DOMPurify is loaded lazily. */
async function until(cond: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await act(async () => new Promise((r) => setTimeout(r, 20)));
}

let tester: PluginTester | undefined;
let root: Root | undefined;
let host: HTMLElement;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  root = undefined;
  expect(tester?.dispose() ?? []).toEqual([]);
  tester = undefined;
  document.body.innerHTML = '';
});

/** Activates the plugin in the browser, hydrates, mounts a slot and lets the business fetch settle. */
async function mount(slot: 'modal' | 'notice', opts: PluginTesterOptions) {
  const region = typeof opts.region === 'string' ? opts.region : 'main';
  tester = createPluginTester(plugin, { region, options: regionOptions(region, 'compliance'), scenario: { [BUSINESS]: reply([]) }, ...opts });
  await tester.preload();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(tester!.element({ slot })));
  await act(async () => tester!.hydrate());
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  return host;
}
const dialogs = () => [...host.querySelectorAll('[role="dialog"]')];
const title = () => host.querySelector('[role="dialog"] h2')?.textContent;
const click = (label: string) => act(async () => [...host.querySelectorAll<HTMLElement>('button, a')].find((b) => b.textContent === label)!.click());

describe('guards (server)', () => {
  it.each<[string, string, Partial<ComplianceResult>, string | undefined]>([
    ['main', '/', { limit: { limit_country: 'KP', is_blocked_country: true } }, '/state_compliance_tips'],
    ['eu', '/trade/BTC_USDT', { limit: { limit_country: 'KP' } }, '/state_compliance_tips'],
    ['main', '/state_compliance_tips', { limit: { limit_country: 'KP' } }, undefined],
    ['main', '/futures/USDT/BTC_USDT', { menu: ['futures'] }, '/state_compliance_tips'],
    ['main', '/futures/USDT/BTC_USDT', { menu: ['futures'], limit: { is_show_compliance_tips: true } }, undefined],
    ['tr', '/futures/USDT/BTC_USDT', { menu: ['futures'] }, undefined],
    ['main', '/', {}, undefined],
  ])('%s %s → %s', (region, path, c, expected) => {
    tester = createPluginTester(plugin, { region, options: regionOptions(region, 'compliance'), side: 'server', path, data: { compliance: compliance(c) } });
    expect(tester.guard(path)).toBe(expected);
  });
});

describe('notice slot (server render)', () => {
  it('shows the tips notice on a gated path when is_show_compliance_tips is set', async () => {
    tester = createPluginTester(plugin, {
      region: 'main',
      options: regionOptions('main', 'compliance'),
      side: 'server',
      path: '/futures',
      data: { compliance: compliance({ menu: ['futures'], limit: { is_show_compliance_tips: true } }) },
    });
    await tester.preload();
    const html = tester.renderSlot('notice');
    expect(html).toContain('data-feature="futures"');
    expect(html).toContain('This feature is not available in your region');
    expect(html).toContain('href="/state_compliance_tips"');
  });

  it('server-renders only the critical bars', async () => {
    tester = createPluginTester(plugin, {
      region: 'main',
      options: regionOptions('main', 'compliance'),
      side: 'server',
      locale: 'zh',
      data: { compliance: compliance({ limit: { is_nl_limit: true, brazil_toast: true } }) },
    });
    await tester.preload();
    const html = tester.renderSlot('notice');
    expect(html).toContain('data-level="critical"');
    expect(html).not.toContain('data-level="info"');
    expect(html).toContain('我们的服务不向荷兰居民提供');
    expect(html).toContain('href="/zh/myaccount/withdraw/USDT"');
  });

  it('renders nothing for an ordinary visitor', async () => {
    tester = createPluginTester(plugin, { region: 'main', options: regionOptions('main', 'compliance'), side: 'server', path: '/futures' });
    await tester.preload();
    expect(tester.renderSlot('notice')).toBe('');
    expect(tester.renderSlot('modal')).toBe('');
  });
});

describe('floating bars (browser)', () => {
  it('orders by level, closes a closable bar for the session, keeps the critical one', async () => {
    await mount('notice', { data: { compliance: compliance({ limit: { is_nl_limit: true, brazil_toast: true, is_italy_limit: true } }) } });
    expect([...host.querySelectorAll('[data-level]')].map((e) => e.getAttribute('data-level'))).toEqual(['critical', 'warning', 'info']);
    expect(host.querySelectorAll('[data-level="critical"] button')).toHaveLength(0);
    await act(async () => host.querySelector<HTMLButtonElement>('[data-level="warning"] button')!.click());
    expect([...host.querySelectorAll('[data-level]')].map((e) => e.getAttribute('data-level'))).toEqual(['critical', 'info']);
    expect(JSON.parse(sessionStorage.getItem('compliance_bars_closed')!)).toEqual(['is_italy_limit']);
  });
});

describe('modal queue (browser)', () => {
  it('shows several due notices one at a time, in priority order', async () => {
    await mount('modal', {
      data: { user: user(true), compliance: compliance({ limit: { is_blocked_country: true }, toast: { is_hk_user: true, is_withdraw_only_user: true } }) },
    });
    const seen: Array<string | null | undefined> = [];
    for (let i = 0; i < 3; i++) {
      expect(dialogs()).toHaveLength(1);
      seen.push(title());
      await click('I Acknowledge');
    }
    expect(seen).toEqual(['Restricted Location', 'Withdrawal-Only Account', 'Notice for Hong Kong Users']);
    expect(dialogs()).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem('compliance_notices_ack')!)).toEqual(['restricted', 'withdraw-only']);
    expect(Number(localStorage.getItem('compliance_notice_at_hk'))).toBeGreaterThan(Date.now() - 5000);
  });

  it('compliance notices are not closable by Escape; the restricted one links to withdraw when logged in', async () => {
    await mount('modal', { data: { user: user(true), compliance: compliance({ limit: { is_blocked_country: true } }) } });
    const dialog = dialogs()[0] as HTMLElement;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.querySelector('button[aria-label="Close"]')).toBeNull();
    await act(async () => dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(dialogs()).toHaveLength(1);
    expect(host.querySelector('a[href="/myaccount/withdraw/USDT"]')?.textContent).toBe('Withdraw my assets');
    expect(host.querySelectorAll('[role="dialog"] li').length).toBeGreaterThan(10);
  });

  it('does not show the HK notice within 24 h of its stored timestamp, nor Uzbekistan once acknowledged', async () => {
    localStorage.setItem('compliance_notice_at_hk', String(Date.now() - 86_400_000 + 60_000));
    localStorage.setItem('compliance_notice_once_uzbekistan', '1');
    await mount('modal', { data: { compliance: compliance({ toast: { is_hk_user: true }, limit: { is_uzbekistan_toast: true } }) } });
    expect(dialogs()).toHaveLength(0);
  });

  it('UK closure notice in Chinese locales with its assets button; the deadline of the Uzbekistan notice', async () => {
    await mount('modal', { locale: 'zh', data: { compliance: compliance({ limit: { is_uk_limit: true, is_uzbekistan_toast: true } }) } });
    expect(title()).toBe('英国消费者服务已关闭');
    expect(host.textContent).toContain('自2023年10月6日起');
    expect(host.querySelector('a[href="/zh/myaccount/withdraw/USDT"]')?.textContent).toBe('处理我的资产');
    await click('我已知悉');
    expect(title()).toBe('关于终止乌兹别克斯坦地区服务的公告');
    expect(host.textContent).toContain('2024');
    expect(host.textContent).toContain('UTC');
  });

  it('account conflict is closed by Got it; the withdraw-only ticket button links to /myaccount/tickets', async () => {
    await mount('modal', {
      data: { user: user(true), compliance: compliance({ toast: { limit_country_user_status: 'account_conflict', is_withdraw_only_user: true } }) },
    });
    expect(host.textContent).toContain('Following a recent review of your account(s)');
    await click('Got it');
    expect(host.querySelector('a[href="/myaccount/tickets"]')?.textContent).toBe('Create a ticket');
  });

  it('IP-limited visitor: sign up or log in; exclusive perk quotes $40,000 and is closable', async () => {
    await mount('modal', { data: { compliance: compliance({ toast: { kyc_toast: 'LIMIT_VISITOR' }, business: ['exclusive_perk'] }) } });
    expect(host.querySelector('a[href="/signup"]')).not.toBeNull();
    expect(host.querySelector('a[href="/login"]')).not.toBeNull();
    await click('I Acknowledge');
    expect(host.textContent).toContain('$40,000');
    await act(async () => host.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click());
    expect(dialogs()).toHaveLength(0);
  });
});

describe('business messages (browser)', () => {
  it('sanitizes hostile content, drops unsafe links, and asks for the reminder only when logged in', async () => {
    await mount('modal', { data: { user: user(true) }, scenario: { [BUSINESS]: (req) => (req.params.typeReminder ? reply([]) : reply([HOSTILE_MESSAGE])) } });
    await until(() => !!host.querySelector('.compliance-business__content p'));
    expect(title()).toBe('Compliance review');
    const content = host.querySelector('.compliance-business__content')!;
    expect(content.textContent).toContain('Your account is subject to an enhanced compliance review.');
    expect(content.querySelectorAll('script, [onerror], [onclick]')).toHaveLength(0);
    const hrefs = [...host.querySelectorAll('[role="dialog"] a[href]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/user-agreement']);
    expect((window as unknown as { __compliancePwned?: string }).__compliancePwned).toBeUndefined();
    expect(tester!.calls.filter((c) => c.path === BUSINESS).map((c) => c.params)).toEqual([
      { lang: 'en' },
      { lang: 'en', typeReminder: '24h_cool_down_end_reminder' },
    ]);
    await click('Cancel');
    expect(dialogs()).toHaveLength(0);
    expect(sessionStorage.getItem('compliance_business_done')).toMatch(/^\["b-dialog-/);
  });

  it.each<[string, TestResponse]>([
    ['HTTP 500', { status: 500, body: { resMsg: { code: 500 } } }],
    ['a non-zero code', reply([HOSTILE_MESSAGE], 1001)],
    ['an empty list', reply([])],
    ['malformed JSON', { raw: '{"resMsg":' }],
  ])('shows nothing on %s', async (_, answer) => {
    await mount('modal', { scenario: { [BUSINESS]: answer } });
    expect(dialogs()).toHaveLength(0);
    expect(tester!.calls.filter((c) => c.path === BUSINESS)).toHaveLength(1);
  });

  it('uses the region option path and shows the cool-down reminder without a close button', async () => {
    const site = '/api/web/v1/compliance/business-check-site';
    const reminder = {
      title: 'Your cool-down period has ended',
      content: '<p>Trading is available again.</p>',
      ok_button: 'Got it',
      no_close_button: true,
      type: 'reminder',
    };
    await mount('modal', {
      region: 'eu',
      options: { businessCheckPath: site },
      data: { user: user(true) },
      scenario: { [site]: (req) => (req.params.typeReminder ? reply([reminder]) : reply([])) },
    });
    await until(() => dialogs().length > 0);
    expect(title()).toBe('Your cool-down period has ended');
    expect(host.querySelector('button[aria-label="Close"]')).toBeNull();
    await click('Got it');
    expect(dialogs()).toHaveLength(0);
  });
});

describe('compliance limit modal (browser)', () => {
  const tips = {
    enable: true,
    path: ['register', 'home', 'login'],
    options: { maxCount: 2 },
    title: 'Service notice',
    content: 'See the {terms}.',
    text_link: [{ key: 'terms', text: 'User Agreement', link: '/user-agreement' }],
    ok_button: 'I understand',
    ok_button_router: 'javascript:alert(1)',
  };

  it('opens on the home page, counts per day and path, links the tip, closes by outside click', async () => {
    await mount('modal', { path: '/', data: { compliance: compliance({ tips }) } });
    expect(title()).toBe('Service notice');
    expect(host.querySelector('a[href="/user-agreement"]')?.textContent).toBe('User Agreement');
    expect(localStorage.getItem('compliance_limit_modal_home')).toMatch(/^1\/\d+$/);
    const backdrop = host.querySelector<HTMLElement>('.shell-dialog-backdrop')!;
    await act(async () => backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    expect(dialogs()).toHaveLength(0);
  });

  it('stays closed at maxCount, ignores a malformed counter, and only on main', async () => {
    localStorage.setItem('compliance_limit_modal_login', `2/${Date.now()}`);
    await mount('modal', { path: '/login', data: { compliance: compliance({ tips }) } });
    expect(dialogs()).toHaveLength(0);
    await act(async () => root!.unmount());
    root = undefined;
    tester!.dispose();
    localStorage.setItem('compliance_limit_modal_login', 'two/yesterday');
    await mount('modal', { path: '/login', data: { compliance: compliance({ tips }) } });
    expect(title()).toBe('Service notice');
    expect(localStorage.getItem('compliance_limit_modal_login')).toMatch(/^1\/\d+$/);
    await act(async () => root!.unmount());
    root = undefined;
    tester!.dispose();
    await mount('modal', { region: 'tr', path: '/', data: { compliance: compliance({ tips }) } });
    expect(dialogs()).toHaveLength(0);
  });

  /** A plugin whose dialog takes the front of the modal queue while `wanted$` is true, until closed. */
  const frontDialog = (wanted$: BehaviorSubject<boolean>) =>
    definePlugin({
      id: 'front-dialog',
      slotEntries: () => [
        {
          slot: 'modal',
          priority: MODAL_LEVEL.blocking,
          active: () => wanted$,
          render: ({ dismiss }) => (
            <div role="dialog" aria-modal="true">
              <h2>Log in</h2>
              <button type="button" onClick={dismiss}>
                Close login
              </button>
            </div>
          ),
        },
      ],
    });
  const loginCount = () => localStorage.getItem('compliance_limit_modal_login');

  it('counts a show when the modal comes to the front of the queue, not while another dialog is in front', async () => {
    await mount('modal', { path: '/login', requires: [frontDialog(new BehaviorSubject(true))], data: { compliance: compliance({ tips }) } });
    expect(title()).toBe('Log in');
    expect(loginCount()).toBeNull();
    await click('Close login');
    await until(() => title() === 'Service notice');
    expect(title()).toBe('Service notice');
    expect(loginCount()).toMatch(/^1\/\d+$/);
  });

  it('counts one show per page load when another dialog comes in front of it and leaves', async () => {
    const wanted$ = new BehaviorSubject(false);
    await mount('modal', { path: '/login', requires: [frontDialog(wanted$)], data: { compliance: compliance({ tips }) } });
    expect(title()).toBe('Service notice');
    expect(loginCount()).toMatch(/^1\/\d+$/);
    await act(async () => wanted$.next(true));
    expect(title()).toBe('Log in');
    await click('Close login');
    await until(() => title() === 'Service notice');
    expect(title()).toBe('Service notice');
    expect(loginCount()).toMatch(/^1\/\d+$/);
    wanted$.complete();
  });

  it('uses the plugin options when the server sends no tip', async () => {
    await mount('modal', { path: '/signup', options: { showLimitModal: true, limitModal: { enable: true, maxCount: 1 } } });
    expect(title()).toBe('Service Notice');
    await click('I understand');
    expect(dialogs()).toHaveLength(0);
  });
});
