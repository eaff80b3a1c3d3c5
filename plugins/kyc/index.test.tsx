// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createPluginTester, type PluginTester, DEFAULT_USER_STATE } from '../../core/plugin-api/testing';
import { regionOptions } from '../../tools/test/region-options';
import plugin from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = (verified: number) => ({ ...DEFAULT_USER_STATE, isLogin: true, uid: '10001', nickname: 'alice', verified });
const TIPS = {
  'GET /api/web/v1/kyc/footerTipsCheck': { body: { code: 0, data: { is_show: 1, tips_type: 'kyc_upgrade', content: 'x', link: '/myaccount/kyc' } } },
};
/** The footer-tips checks a tester made (the KYC status call goes beside them). */
const tipsCalls = (t: PluginTester) => t.calls.map((c) => c.path).filter((p) => p !== '/api/web/v1/usercenter/get_kyc_status');
const testers: PluginTester[] = [];
/** The plugin as the region runs it: that region file's options (the tester's `options` win). */
const tester = async (opts: NonNullable<Parameters<typeof createPluginTester>[1]>) => {
  const region = typeof opts.region === 'string' ? opts.region : 'main';
  const t = createPluginTester(plugin, { options: regionOptions(region, 'kyc'), ...opts });
  await t.preload();
  testers.push(t);
  return t;
};
afterEach(() => {
  for (const t of testers.splice(0)) expect(t.dispose()).toEqual([]);
  document.body.innerHTML = '';
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; max-age=0; path=/`));
});

describe('KYC tip bar (server-rendered)', () => {
  it('renders Verify now, help and close for a level-1 user on main', async () => {
    const t = await tester({ side: 'server', region: 'main', data: { user: user(2) }, scenario: TIPS });
    const loaded = await t.load();
    expect(loaded['kyc/tips']).toMatchObject({ is_show: true, tips_type: 'kyc_upgrade' });
    const html = t.renderSlot('notice', loaded);
    expect(html).toContain('Verify now');
    expect(html).toContain('href="/myaccount/kyc_home"');
    expect(html).toContain('href="/help/guide/verification/identity-verification-levels"');
    expect(html).toContain('aria-label="Close the verification reminder"');
  });

  it('prefixes the links with the locale and translates', async () => {
    const t = await tester({ side: 'server', region: 'main', locale: 'zh', data: { user: user(2) }, scenario: TIPS });
    const html = t.renderSlot('notice', await t.load());
    expect(html).toContain('href="/zh/myaccount/kyc_home"');
    expect(html).toContain('立即认证');
  });

  it.each([
    ['a KYC2 user', { region: 'main', data: { user: user(1) } }],
    ['the test net', { region: 'testnet', data: { user: user(2) } }],
    ['a US level-1 user', { region: 'us', data: { user: user(2) } }],
    ['a visitor', { region: 'main' }],
    ['a closed bar', { region: 'main', data: { user: user(2) }, cookies: { kyc_tips_complete: '1' } }],
  ])('is not fetched nor shown for %s', async (_name, opts) => {
    const t = await tester({ side: 'server', scenario: TIPS, ...opts });
    const loaded = await t.load();
    expect(loaded['kyc/tips']).toBeUndefined();
    expect(t.renderSlot('notice', loaded)).not.toContain('Verify now');
    expect(t.calls).toHaveLength(0);
  });

  it('asks /api/web/v1/kyc/footerTipsCheck outside the account centre, and the legacy json_svr check inside it', async () => {
    const both = {
      ...TIPS,
      'GET /json_svr/footer_tips_check': { body: { result: true, code: 0, message: 'success', data: { is_show: 1, tips_type: 'kyc_upgrade', content: '' } } },
    };
    for (const [path, asked] of [
      ['/', '/api/web/v1/kyc/footerTipsCheck'],
      ['/trade/BTC_USDT', '/api/web/v1/kyc/footerTipsCheck'],
      ['/myaccountant', '/api/web/v1/kyc/footerTipsCheck'],
      ['/myaccount', '/json_svr/footer_tips_check'],
      ['/myaccount/deposit/USDT', '/json_svr/footer_tips_check'],
    ] as const) {
      const t = await tester({ side: 'server', region: 'main', path, data: { user: user(2) }, scenario: both });
      expect(await t.load()).toMatchObject({ 'kyc/tips': { is_show: true, tips_type: 'kyc_upgrade' } });
      expect(tipsCalls(t)).toEqual([asked]);
    }
  });

  it('an operator can name other legacy paths, or none', async () => {
    const t = await tester({ side: 'server', path: '/myaccount/security', data: { user: user(2) }, scenario: TIPS, options: { legacyTipsPaths: [] } });
    await t.load();
    expect(tipsCalls(t)).toEqual(['/api/web/v1/kyc/footerTipsCheck']);
  });

  it('hides the bar when the legacy check fails: result false, a non-zero code, or no data', async () => {
    for (const body of [
      { result: false, code: 0, data: { is_show: 1 } },
      { result: true, code: 1, data: { is_show: 1 } },
      { result: true, code: 0 },
      { code: 0, data: { is_show: 1 } },
    ]) {
      const t = await tester({ side: 'server', path: '/myaccount', data: { user: user(2) }, scenario: { 'GET /json_svr/footer_tips_check': { body } } });
      expect((await t.load())['kyc/tips']).toBeNull();
    }
  });

  it("tells a pending or rejected application's status, asked with the tips; a failed status call keeps the usual bar", async () => {
    const withStatus = (answer: object) => ({ ...TIPS, 'GET /api/web/v1/usercenter/get_kyc_status': answer });
    const bar = async (answer: object, locale = 'en') => {
      const t = await tester({ side: 'server', region: 'main', locale, data: { user: user(2) }, scenario: withStatus(answer) });
      const loaded = await t.load();
      expect(t.calls.map((c) => c.path).sort()).toEqual(['/api/web/v1/kyc/footerTipsCheck', '/api/web/v1/usercenter/get_kyc_status']);
      return { loaded, html: t.renderSlot('notice', loaded) };
    };
    const pending = await bar({ body: { code: 0, data: { kyc_status: 1 } } });
    expect(pending.loaded['kyc/tips']).toMatchObject({ is_show: true, status: 'pending' });
    expect(pending.html).toContain('data-status="pending"');
    expect(pending.html).toContain('Under review');
    expect(pending.html).toContain('Your identity verification is under review.');
    expect(pending.html).toContain('View status');
    expect(pending.html).not.toContain('Complete Advanced Verification');
    const rejected = await bar({ body: { code: 0, data: { kyc_status: 3 } } });
    expect(rejected.html).toContain('Not approved');
    expect(rejected.html).toContain('Your identity verification was not approved.');
    expect(rejected.html).toContain('Verify again');
    expect(rejected.html).toContain('href="/myaccount/kyc_home"');
    const zh = await bar({ body: { code: 0, data: { kyc_status: 3 } } }, 'zh');
    expect(zh.html).toContain('未通过');
    expect(zh.html).toContain('重新认证');
    for (const answer of [{ status: 500 }, { raw: '{"code":0,' }, { body: { code: 0, data: { kyc_status: 2 } } }, { body: { code: 0, data: 'x' } }]) {
      const usual = await bar(answer);
      expect(usual.loaded['kyc/tips']).toMatchObject({ is_show: true, status: null });
      expect(usual.html).not.toContain('data-status');
      expect(usual.html).toContain('Complete Advanced Verification (KYC2)');
      expect(usual.html).toContain('Verify now');
    }
  });

  it('renders nothing when the server says not to show', async () => {
    const t = await tester({
      side: 'server',
      data: { user: user(2) },
      scenario: { '/api/web/v1/kyc/footerTipsCheck': { body: { code: 0, data: { is_show: 0 } } } },
    });
    expect(t.renderSlot('notice', await t.load())).not.toContain('Verify now');
  });

  it('closing sets the complete cookie and removes the bar', async () => {
    const t = await tester({ side: 'browser', data: { user: user(2) } });
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    await act(async () => root.render(t.element({ slot: 'notice' }, { 'kyc/tips': { is_show: true, tips_type: 'kyc_upgrade', content: '' } })));
    const close = host.querySelector<HTMLButtonElement>('button[aria-label="Close the verification reminder"]')!;
    await act(async () => close.click());
    expect(host.textContent).not.toContain('Verify now');
    expect(t.env.cookies.get('kyc_tips_complete')).toBe('1');
    act(() => root.unmount());
  });
});

const NOTICE = (data: Record<string, unknown>) => ({ 'GET /api/web/v1/kyc/notice': { body: { code: 0, data } } });
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

async function mountModal(t: PluginTester) {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  await act(async () => root.render(t.element({ slot: 'modal' })));
  await act(async () => t.hydrate());
  await flush();
  return { host, root };
}

describe('KYC and risk notices (modal queue)', () => {
  it('shows a non-closable risk notice: no close control, Escape does nothing, cookie for the period', async () => {
    const t = await tester({
      data: { user: user(2) },
      scenario: NOTICE({
        is_risk_user: 1,
        show_kyc_upgrade_notice: 1,
        risk_user_guide_frequency: 24,
        risk_user_guide_be_closed: 0,
        risk_user_guide_msg: 'Flagged',
        risk_user_guide_url: 'javascript:alert(1)',
      }),
    });
    const { host, root } = await mountModal(t);
    const dialog = host.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Account security notice');
    expect(dialog.querySelector('.shell-dialog__close')).toBeNull();
    expect(dialog.querySelector('a.shell-btn--primary')!.getAttribute('href')).toBe('/myaccount/kyc_home');
    await act(async () => dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(host.querySelector('[role="dialog"]')).not.toBeNull();
    expect(t.env.cookies.get('RISK_IP_USER')).toBeTruthy();
    act(() => root.unmount());
  });

  it('a closable risk notice closes with Escape', async () => {
    const t = await tester({
      data: { user: user(2) },
      scenario: NOTICE({ is_risk_user: 1, risk_user_guide_frequency: 0, risk_user_guide_be_closed: 1, risk_user_guide_url: '/myaccount/kyc2' }),
    });
    const { host, root } = await mountModal(t);
    const dialog = host.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector('a.shell-btn--primary')!.getAttribute('href')).toBe('/myaccount/kyc2');
    expect(dialog.querySelector('.shell-dialog__close')).not.toBeNull();
    await act(async () => dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(host.querySelector('[role="dialog"]')).toBeNull();
    expect(t.env.cookies.get('RISK_IP_USER')).toBeUndefined();
    act(() => root.unmount());
  });

  it('shows the upgrade notice with the KYC links and sets the 12-hour cookie', async () => {
    const t = await tester({ data: { user: user(2) }, scenario: NOTICE({ show_kyc_upgrade_notice: 1 }) });
    const { host, root } = await mountModal(t);
    const hrefs = [...host.querySelectorAll('[role="dialog"] a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/myaccount/kyc_home', '/myaccount/kyc2', '/myaccount/kyc3_v1', '/help/guide/verification/identity-verification-levels']),
    );
    expect(host.querySelector('a.shell-btn--primary')!.getAttribute('href')).toBe('/myaccount/kyc2');
    expect(t.env.cookies.get('kyc_upgrade_notice')).toBeTruthy();
    act(() => root.unmount());
  });

  it('shows nothing on failure, for visitors, or when the cookie is set', async () => {
    for (const opts of [
      { data: { user: user(2) }, scenario: { '/api/web/v1/kyc/notice': { status: 500 } } },
      { scenario: NOTICE({ show_kyc_upgrade_notice: 1 }) },
      { data: { user: user(2) }, cookies: { kyc_upgrade_notice: '1' }, scenario: NOTICE({ show_kyc_upgrade_notice: 1 }) },
    ]) {
      const t = await tester(opts);
      const { host, root } = await mountModal(t);
      expect(host.querySelector('[role="dialog"]')).toBeNull();
      act(() => root.unmount());
    }
  });
});
