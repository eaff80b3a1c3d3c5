// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPluginTester, type PluginTester, type PluginTesterOptions, defaultShellData } from '../../core/plugin-api/testing';
import plugin from './index';
import { HOME_PLAN, ALPHA_CARDS, vipPlan } from './fake/plans';
import { FINGERPRINT, type DeviceFingerprint } from '../fingerprint/refs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PLAN_PATH = '/api/web/v1/marketing/targeted-popup-plan/list';
const POP = '/api/web/v1/welfare/newbiePrizePop';
const GUIDE = '/api/web/v1/welfare/newbiePrizeGuide';
const prizePop = (exp: number) => ({
  body: { code: 0, data: { newbie_exp: exp, currency: 'USDT', group_A: { num: '40000' }, group_B: { num_first: '20', num_second: '100' } } },
});
const user = { ...defaultShellData().user, isLogin: true, uid: '10001', nickname: 'alice' };
const ONLY_POPUPS = { perkBanner: { enabled: false }, promoBanner: { enabled: false } };
/** The popups with the VIP popup on, as main's file has it. */
const WITH_VIP = { ...ONLY_POPUPS, vipPopup: { enabled: true } };
const ONLY_HOME_BANNER = { ...ONLY_POPUPS, newbie: { enabled: false } };
const DEVICE_ID = '6a5f3c00' + '0123456789abcdef0123456789abcdef';

/** The fingerprint plugin's service for a page served without an id (a new browser), made once `generate()` is called. */
function newBrowserFingerprint(): { fingerprint: DeviceFingerprint; generate: () => void } {
  let id: string | null = null;
  let settle!: (id: string) => void;
  const first = new Promise<string>((resolve) => (settle = resolve));
  return {
    fingerprint: { current: () => id, served: () => null, ready: () => first },
    generate: () => settle((id = DEVICE_ID)),
  };
}

let root: Root | null = null;
let host: HTMLDivElement | null = null;
let tester: PluginTester | null = null;

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  tester?.dispose();
  root = host = tester = null;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const flush = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await Promise.resolve();
  });

async function mountSlot(slot: 'modal' | 'home' | 'floating', opts: PluginTesterOptions) {
  tester = createPluginTester(plugin, opts);
  await tester.preload();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(tester!.element({ slot })));
  act(() => tester!.hydrate());
  await flush();
  return tester;
}

describe('homepage banner', () => {
  it('is server-rendered from the plan with its title, content, images and a safe link', async () => {
    const t = createPluginTester(plugin, {
      side: 'server',
      cookies: { finger_print: 'fp42' },
      scenario: { [PLAN_PATH]: { body: { code: 0, data: { list: [HOME_PLAN] } } } },
    });
    await t.preload();
    const data = await t.load();
    const html = t.renderSlot('home', data);
    expect(html).toContain('Trade to share 50,000 USDT');
    expect(html).toContain('href="/competition/center"');
    expect(html).toContain('srcSet="/cdn/marketing/home-banner-h5.svg"');
    expect(t.calls[0].params).toMatchObject({ position: 'index', resource_type: '4', device_id: 'fp42' });
    t.dispose();
  });

  it('a request carrying a device id: the server asks with it', async () => {
    const fingerprint: DeviceFingerprint = { current: () => DEVICE_ID, served: () => DEVICE_ID, ready: () => Promise.resolve(DEVICE_ID) };
    const t = createPluginTester(plugin, {
      side: 'server',
      services: [[FINGERPRINT, fingerprint]],
      scenario: { [PLAN_PATH]: { body: { code: 0, data: { list: [HOME_PLAN] } } } },
    });
    await t.preload();
    expect(t.renderSlot('home', await t.load())).toContain('Trade to share 50,000 USDT');
    expect(t.calls.map((c) => c.params.device_id)).toEqual([DEVICE_ID]);
    t.dispose();
  });

  it('a new browser: the server does not ask; the browser asks once the fingerprint has an id, and shows the plan', async () => {
    const scenario = { [PLAN_PATH]: { body: { code: 0, data: { list: [HOME_PLAN] } } } };
    const server = createPluginTester(plugin, { side: 'server', services: [[FINGERPRINT, newBrowserFingerprint().fingerprint]], scenario });
    await server.preload();
    expect(server.renderSlot('home', await server.load())).not.toContain('mkt-hb');
    expect(server.calls).toEqual([]);
    server.dispose();

    const { fingerprint, generate } = newBrowserFingerprint();
    await mountSlot('home', { options: ONLY_HOME_BANNER, services: [[FINGERPRINT, fingerprint]], scenario });
    expect(tester!.calls).toEqual([]);
    expect(host!.querySelector('.mkt-hb')).toBeNull();
    generate();
    await flush();
    await vi.waitFor(() => expect(host!.querySelector('.mkt-hb h2')?.textContent).toBe('Trade to share 50,000 USDT'));
    expect(tester!.calls.map((c) => [c.path, c.params.device_id])).toEqual([[PLAN_PATH, DEVICE_ID]]);
  });

  it('never a second banner where the server did ask (its id expired in between)', async () => {
    const { fingerprint, generate } = newBrowserFingerprint();
    tester = createPluginTester(plugin, {
      options: ONLY_HOME_BANNER,
      services: [[FINGERPRINT, fingerprint]],
      scenario: { [PLAN_PATH]: { body: { code: 0, data: { list: [HOME_PLAN] } } } },
    });
    await tester.preload();
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    act(() => root!.render(tester!.element({ slot: 'home' }, { 'marketing/homeBanner': null })));
    act(() => tester!.hydrate());
    generate();
    await flush();
    await vi.waitFor(() => expect(tester!.calls).toHaveLength(1));
    await flush();
    expect(host.querySelector('.mkt-hb')).toBeNull();
  });

  it('drops unsafe links and renders nothing without a plan', async () => {
    const evil = { ...HOME_PLAN, url: 'javascript:alert(1)', img: 'https://evil.example/x.png' };
    const t = createPluginTester(plugin, { side: 'server', scenario: { [PLAN_PATH]: { body: { code: 0, data: { list: [evil] } } } } });
    await t.preload();
    const html = t.renderSlot('home', await t.load());
    expect(html).toContain('Trade to share 50,000 USDT');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('evil.example');
    t.dispose();
    const none = createPluginTester(plugin, { side: 'server', scenario: { '*': { status: 500 } } });
    await none.preload();
    expect(none.renderSlot('home', await none.load())).not.toContain('mkt-hb');
    none.dispose();
  });
});

describe('new-user popup', () => {
  it('shows for a visitor in variant A and counts the show', async () => {
    await mountSlot('modal', { options: ONLY_POPUPS, scenario: { [POP]: prizePop(1), [GUIDE]: { body: { code: 0, data: { prize_num: '6000' } } } } });
    const dialog = host!.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Welcome gift for new users');
    expect(dialog.textContent).toContain('40,000');
    expect(dialog.textContent).toContain('up to 6,000 USDT');
    expect(dialog.querySelector('a[href="/signup"]')?.textContent).toBe('Sign up and claim');
    expect(localStorage.getItem('marketing_newbie_popup:/')).toMatch(/^1\/\d+$/);
  });

  it('shows the two steps in variant B', async () => {
    await mountSlot('modal', { options: ONLY_POPUPS, scenario: { [POP]: prizePop(2) } });
    expect(host!.textContent).toContain('Get 20 USDT when you sign up');
    expect(host!.textContent).toContain('Unlock up to 100 USDT more');
  });

  it('stays hidden outside the experiment, for logged-in users, off the configured pages and past the daily limit', async () => {
    for (const opts of [
      { scenario: { [POP]: prizePop(0) } },
      { scenario: { [POP]: prizePop(1) }, data: { user } },
      { scenario: { [POP]: prizePop(1) }, path: '/markets' },
    ] as PluginTesterOptions[]) {
      await mountSlot('modal', { options: ONLY_POPUPS, ...opts });
      expect(host!.querySelector('[role="dialog"]')).toBeNull();
      act(() => root!.unmount());
      tester!.dispose();
      root = tester = null;
    }
    // Four shows an hour ago, on the same day: at midday, so the test does not depend on the hour it runs at.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(2026, 5, 15, 12));
      localStorage.setItem('marketing_newbie_popup:/', `4/${Date.now() - 3_600_000}`);
      await mountSlot('modal', { options: ONLY_POPUPS, scenario: { [POP]: prizePop(1) } });
      expect(host!.querySelector('[role="dialog"]')).toBeNull();
      expect(tester!.calls).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on the close button', async () => {
    await mountSlot('modal', { options: ONLY_POPUPS, scenario: { [POP]: prizePop(1) } });
    act(() => host!.querySelector<HTMLButtonElement>('.shell-dialog__close')!.click());
    expect(host!.querySelector('[role="dialog"]')).toBeNull();
  });
});

describe('VIP popup', () => {
  it('shows a VIP_UPGRADED plan to a logged-in user where the region turns it on, and closes itself after 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await mountSlot('modal', {
      options: WITH_VIP,
      data: { user },
      scenario: { [PLAN_PATH]: (req) => ({ body: { code: 0, data: { list: req.params.position === 'vip_index' ? [vipPlan('VIP_UPGRADED', 3)] : [] } } }) },
    });
    expect(host!.querySelector('[role="dialog"]')?.textContent).toContain('Congratulations! You are now VIP 3');
    expect(host!.textContent).toContain('Explore my benefits');
    expect(tester!.calls.find((c) => c.params.position === 'vip_index')?.params).toMatchObject({ resource_type: '5' });
    act(() => void vi.advanceTimersByTime(9_999));
    expect(host!.querySelector('[role="dialog"]')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(host!.querySelector('[role="dialog"]')).toBeNull();
  });

  it("is not shown to visitors, nor where the region's file leaves it off (the default), nor for an unknown popup type", async () => {
    const scenario = { [PLAN_PATH]: { body: { code: 0, data: { list: [vipPlan('VIP_EXPIRED', 2)] } } } };
    for (const opts of [
      { scenario, options: WITH_VIP },
      { scenario, data: { user }, options: ONLY_POPUPS },
      {
        options: WITH_VIP,
        data: { user },
        scenario: { [PLAN_PATH]: { body: { code: 0, data: { list: [{ ...vipPlan('VIP_EXPIRED', 2), extras: { vip_popup_type: 'OTHER' } }] } } } },
      },
    ] as PluginTesterOptions[]) {
      await mountSlot('modal', opts);
      expect(host!.querySelector('[role="dialog"]')).toBeNull();
      act(() => root!.unmount());
      tester!.dispose();
      root = tester = null;
    }
  });
});

describe('alpha banner', () => {
  const scenario = { '/api/web/v1/marketing/get-user-plans': { body: { code: 0, data: { card_list: ALPHA_CARDS, currency: 'PEPE' } } } };

  it('shows the cards in turn on /alpha pages, and hides for 24 h after a close', async () => {
    await mountSlot('floating', { path: '/alpha/pepe', scenario });
    expect(host!.querySelector('[data-card-id]')?.getAttribute('data-card-id')).toBe('9101');
    expect(tester!.calls[0].params).toMatchObject({ spread_scene: 'alpha_place_order_web', currency: 'PEPE', resource_type: '5' });
    act(() => root!.unmount());
    tester!.dispose();
    await mountSlot('floating', { path: '/trade/BTC_USDT', scenario });
    expect(host!.querySelector('[data-card-id]')?.getAttribute('data-card-id')).toBe('9102');
    act(() => host!.querySelector<HTMLButtonElement>('.mkt-alpha .mkt-close')!.click());
    expect(host!.querySelector('.mkt-alpha')).toBeNull();
    expect(Number(localStorage.getItem('marketing_alpha_banner_closed_at'))).toBeGreaterThan(0);
    act(() => root!.unmount());
    tester!.dispose();
    await mountSlot('floating', { path: '/alpha', scenario });
    expect(host!.querySelector('.mkt-alpha')).toBeNull();
    expect(tester!.calls).toHaveLength(0);
  });

  it('a new browser: the first call waits for the fingerprint and carries device_id', async () => {
    const { fingerprint, generate } = newBrowserFingerprint();
    await mountSlot('floating', { path: '/alpha/pepe', scenario, services: [[FINGERPRINT, fingerprint]] });
    expect(tester!.calls).toEqual([]);
    generate();
    await flush();
    await vi.waitFor(() => expect(host!.querySelector('[data-card-id]')).not.toBeNull());
    expect(tester!.calls.map((c) => c.params.device_id)).toEqual([DEVICE_ID]);
  });

  it('is absent elsewhere', async () => {
    await mountSlot('floating', { path: '/', scenario });
    expect(host!.querySelector('.mkt-alpha')).toBeNull();
    expect(tester!.calls.filter((c) => c.path.endsWith('/get-user-plans'))).toHaveLength(0);
  });
});

describe('perk and promotional banners', () => {
  it('appear after hydration; the perk shows the sign-up bonus to visitors; closes are remembered', async () => {
    await mountSlot('home', { options: { promoBanner: { variant: 'line' } }, scenario: { [POP]: prizePop(0) } });
    expect(host!.querySelector('.mkt-perk')?.textContent).toContain('Up to $40,000 in new-user bonuses');
    expect(host!.querySelector('.mkt-perk a')?.getAttribute('href')).toBe('/signup');
    expect(host!.querySelector('.mkt-promo--line')?.textContent).toContain('Up to 40% commission');
    act(() => host!.querySelector<HTMLButtonElement>('.mkt-perk .mkt-close')!.click());
    act(() => host!.querySelector<HTMLButtonElement>('.mkt-promo .mkt-close')!.click());
    expect(host!.querySelector('.mkt-perk, .mkt-promo')).toBeNull();
    act(() => root!.unmount());
    tester!.dispose();
    await mountSlot('home', { scenario: { [POP]: prizePop(0) } });
    expect(host!.querySelector('.mkt-perk, .mkt-promo')).toBeNull();
  });

  it('offers task rewards (the guide total) to logged-in users', async () => {
    await mountSlot('home', { data: { user }, scenario: { [POP]: prizePop(0), [GUIDE]: { body: { code: 0, data: { prize_num: '6000' } } } } });
    expect(host!.querySelector('.mkt-perk')?.textContent).toContain('Claim up to $6,000 in task rewards');
    expect(host!.querySelector('.mkt-perk a')?.getAttribute('href')).toBe('/rewards_hub');
  });

  it('are not server-rendered (browser state decides)', async () => {
    const t = createPluginTester(plugin, { side: 'server', scenario: { [POP]: prizePop(1) } });
    await t.preload();
    const html = t.renderSlot('home', await t.load());
    expect(html).not.toContain('mkt-perk');
    expect(html).not.toContain('mkt-promo');
    t.dispose();
  });
});
