// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createPluginTester, type PluginTester, DEFAULT_USER_STATE } from '../../core/plugin-api/testing';
import plugin from './index';

// The plugin's pages are lazy chunks: load them once before rendering routes.
beforeAll(() => createPluginTester(plugin).preload());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const loggedIn = { user: { ...DEFAULT_USER_STATE, isLogin: true, uid: '10001', nickname: 'alice', verified: 1 } };
const ok = (data: unknown) => ({ body: { code: 0, data } });
const scenario = (agencyType = 0) => ({
  'GET /api/web/v1/rebate/get_user_info': ok({ kol_code: 'VABC123', encrypted_uid: 'e1', agency_type: agencyType }),
  'GET /api/web/v1/growth/rewards-hub/list': ok({
    list: [
      {
        id: 'a',
        title: 'First deposit',
        desc: 'Deposit 100',
        reward_amount: '20',
        reward_currency: 'USDT',
        status: 'claimable',
        url: '/myaccount/deposit/USDT',
      },
    ],
  }),
  'GET /api/web/v1/growth/competition/list': ok({
    list: [
      {
        id: 'c',
        title: 'Masters',
        status: 'ongoing',
        prize_pool: '500000',
        currency: 'USDT',
        start_time: 1893456000,
        end_time: 1896134400,
        participants: 18342,
        url: '/competition/c',
      },
    ],
  }),
  'GET /api/web/v1/growth/referral/overview': ok({ invitees: 12, rewards: '45.00', currency: 'USDT', commission_rate: '20' }),
});
const testers: PluginTester[] = [];
const render = async (path: string, opts: Parameters<typeof createPluginTester>[1] = {}) => {
  const t = createPluginTester(plugin, { side: 'server', path, scenario: scenario(), ...opts });
  testers.push(t);
  const loaded = await t.load();
  return { t, loaded, html: t.renderRoute(path, loaded) };
};
afterEach(() => {
  for (const t of testers.splice(0)) expect(t.dispose()).toEqual([]);
  document.body.innerHTML = '';
});

describe('growth pages', () => {
  it('/rewards_hub: a nav of the three tabs with aria-current and ch, then the rewards', async () => {
    const { html, loaded } = await render('/rewards_hub');
    expect(loaded['growth-tabs/rebate']).toBeUndefined();
    expect(html).toMatch(/<nav class="growth-tabs" aria-label="Rewards and referral">/);
    expect(html).toMatch(/href="\/rewards_hub" aria-current="page"/);
    expect(html).toContain('href="/competition/center?ch=growth_rewards_hub_to_competition"');
    expect(html).toContain('href="/referral?ch=growth_rewards_hub_to_referral"');
    expect(html).toContain('First deposit');
    expect(html).toContain('Sign up to start earning rewards.');
    expect(html).not.toContain('data-tab="affiliate"');
  });

  it('fetches rebate info for logged-in users only and adds the role tab', async () => {
    const { html, loaded, t } = await render('/rewards_hub', { data: loggedIn, scenario: scenario(1) });
    expect(loaded['growth-tabs/rebate']).toEqual({ kol_code: 'VABC123', encrypted_uid: 'e1', agency_type: 1 });
    expect(t.calls.map((c) => c.path)).toContain('/api/web/v1/rebate/get_user_info');
    expect(html).toMatch(/href="\/affiliate\?ch=growth_rewards_hub_to_affiliate" data-tab="affiliate" target="_blank" rel="noopener noreferrer"/);
    const partner = await render('/referral', { data: loggedIn, scenario: scenario(3), locale: 'zh' });
    expect(partner.html).toContain('data-tab="broker"');
    expect(partner.html).toContain('href="/zh/broker?ch=growth_referral_to_broker"');
  });

  it('/competition/center lists competitions with formatted numbers and UTC dates', async () => {
    const { html } = await render('/competition/center');
    expect(html).toMatch(/href="\/competition\/center" aria-current="page"/);
    expect(html).toContain('Masters');
    expect(html).toContain('500,000 USDT');
    expect(html).toContain('18,342');
    expect(html).toContain('2030');
  });

  it('/referral shows the invite code and link for a logged-in user, a login prompt for visitors', async () => {
    const { html } = await render('/referral', { data: loggedIn });
    expect(html).toContain('value="VABC123"');
    expect(html).toContain('/signup?ref=VABC123&amp;ref_type=103');
    expect(html).toContain('Friends invited');
    const visitor = await render('/referral');
    expect(visitor.html).toContain('Log in to get your invite code and link.');
    expect(visitor.t.calls.map((c) => c.path)).not.toContain('/api/web/v1/rebate/get_user_info');
  });

  it('shows a failure note when a list cannot be loaded', async () => {
    const { html } = await render('/rewards_hub', { scenario: { '*': { status: 500 } } });
    expect(html).toContain('This list could not be loaded.');
  });

  it('the copy button copies the invite link and announces it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const t = createPluginTester(plugin, { side: 'browser', path: '/referral', data: loggedIn });
    testers.push(t);
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    await act(async () =>
      root.render(t.element({ route: '/referral' }, { 'growth-tabs/rebate': { kol_code: 'VABC123', encrypted_uid: 'e', agency_type: 0 } })),
    );
    const buttons = [...host.querySelectorAll('button')];
    await act(async () => buttons[1].click());
    expect(writeText).toHaveBeenCalledWith('https://main.example.test/signup?ref=VABC123&ref_type=103');
    expect(host.querySelectorAll('[role="status"]')[1].textContent).toBe('Copied to the clipboard');
    act(() => root.unmount());
  });
});
