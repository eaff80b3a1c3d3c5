// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { definePlugin } from '../../core/plugin/define';
import { createPluginTester, type PluginTester, type TestResponse } from '../../core/testing';
import { ACCOUNT_API } from '../../core/data/account';
import { defaultShellData } from '../../core/data/defaults';
import { HIDE_BALANCE_KEY } from './account-figures';
import { UserMenu } from './UserMenu';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Puts the menu in the header as the host does (a test plugin's header action). */
const menuHost = definePlugin({ id: 'menu-host', slotEntries: () => [{ slot: 'header-actions', render: UserMenu }] });

const ok = (data: unknown): TestResponse => ({ body: { code: 0, data } });
const ANSWERS: Record<string, TestResponse> = {
  [ACCOUNT_API.funds]: ok({ total_usd: '1234.5', total_btc: '0.01835678' }),
  [ACCOUNT_API.tier]: ok('{"tier":3}'),
  [ACCOUNT_API.vipTier]: ok({ trial: { tier: 0, expire_time: 0 } }),
  [ACCOUNT_API.kycStatus]: ok({ kyc_status: 2 }),
};

let tester: PluginTester | undefined;
let root: Root | undefined;
let host: HTMLElement;

function user(patch: Record<string, unknown> = {}) {
  const base = defaultShellData().user;
  return { ...base, isLogin: true, uid: '10001', nickname: 'alice', verified: 1, user_info: { ...base.user_info, uid: '10001' }, ...patch };
}

async function mount(scenario: Record<string, TestResponse> = ANSWERS, u = user()) {
  tester = createPluginTester(menuHost, { region: 'main', scenario, data: { ...defaultShellData(), user: u } });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(tester!.element({ slot: 'header-actions' })));
}

/** Opens the menu as a click on its summary does, and waits for the figures' chunk and answers. */
async function open() {
  const details = host.querySelector('details')!;
  await act(async () => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
  // Every figure has answered (or failed) and been drawn.
  await vi.waitFor(
    () => {
      expect(byId('account-summary')).not.toBeNull();
      expect(host.querySelectorAll('[data-state="pending"]')).toHaveLength(0);
    },
    { timeout: 10_000 },
  ); // the first opening loads the figures' chunk and the HTTP client
}

const byId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const accountCalls = () => tester!.calls.map((c) => c.path).filter((p) => Object.values(ACCOUNT_API).includes(p));

afterEach(() => {
  if (root) act(() => root!.unmount());
  expect(tester?.dispose() ?? []).toEqual([]);
  root = tester = undefined;
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('user menu account figures', () => {
  it('asks for nothing until the menu opens, then shows balance, KYC level and VIP tier', async () => {
    await mount();
    expect(byId('account-summary')).toBeNull();
    expect(accountCalls()).toEqual([]);
    await open();
    expect(byId('balance-usd')!.textContent).toBe('$1,234.50');
    expect(byId('balance-btc')!.textContent).toBe('0.01835678 BTC');
    expect(byId('kyc-level')!.textContent).toBe('Level 2');
    expect(byId('kyc-verify')).toBeNull();
    expect(byId('vip-tier')!.textContent).toBe('VIP 3');
    expect(byId('vip-tier')!.querySelector('a')!.getAttribute('href')).toBe('/vip');
    expect(accountCalls().sort()).toEqual([ACCOUNT_API.funds, ACCOUNT_API.tier, ACCOUNT_API.vipTier, ACCOUNT_API.kycStatus].sort());
    // Approved: the level alone.
    expect(byId('kyc-status')).toBeNull();
  });

  it('hides the balance with a pressed eye toggle, and remembers it for the next page', async () => {
    await mount();
    await open();
    const eye = host.querySelector<HTMLButtonElement>('button[aria-pressed]')!;
    expect(eye.getAttribute('aria-label')).toBe('Hide balance');
    expect(eye.getAttribute('aria-pressed')).toBe('false');
    act(() => eye.click());
    expect(eye.getAttribute('aria-pressed')).toBe('true');
    expect(byId('balance-usd')!.textContent).toBe('******Balance hidden');
    expect(byId('balance-btc')).toBeNull();
    expect(localStorage.getItem(HIDE_BALANCE_KEY)).toBe('1');
    act(() => root!.unmount());
    root = undefined;
    tester!.dispose();
    await mount();
    await open();
    expect(host.querySelector('button[aria-pressed]')!.getAttribute('aria-pressed')).toBe('true');
    expect(byId('balance-usd')!.dataset.state).toBe('hidden');
  });

  it('shows a dash, never the default zero, for a figure whose call failed', async () => {
    await mount({ ...ANSWERS, [ACCOUNT_API.funds]: { status: 500 }, [ACCOUNT_API.tier]: ok(null) });
    // A reply without a tier is no tier: a dash too.
    await open();
    expect(byId('balance-usd')!.dataset.state).toBe('unavailable');
    expect(byId('balance-usd')!.textContent).toBe('—Not available');
    expect(byId('balance-btc')).toBeNull();
    expect(byId('vip-tier')!.dataset.state).toBe('unavailable');
    expect(host.textContent).not.toContain('$0.00');
  });

  it('offers verification below KYC level 2; a user info that did not arrive shows a dash', async () => {
    await mount(ANSWERS, user({ verified: 2 }));
    await open();
    expect(byId('kyc-level')!.textContent).toBe('Level 1');
    expect(byId('kyc-verify')!.getAttribute('href')).toBe('/myaccount/kyc_home');
    act(() => root!.unmount());
    root = undefined;
    tester!.dispose();
    const base = defaultShellData().user;
    await mount(ANSWERS, user({ verified: 0, user_info: base.user_info }));
    await open();
    expect(byId('kyc-level')!.dataset.state).toBe('unavailable');
    expect(byId('kyc-verify')).toBeNull();
  });

  it('shows the KYC status beside the level: under review without Verify now, not approved with Verify again', async () => {
    const remount = async (kycStatus: TestResponse) => {
      if (root) act(() => root!.unmount());
      root = undefined;
      tester?.dispose();
      await mount({ ...ANSWERS, [ACCOUNT_API.kycStatus]: kycStatus }, user({ verified: 2 }));
      await open();
      await vi.waitFor(() => expect(tester!.calls.some((c) => c.path === ACCOUNT_API.kycStatus)).toBe(true));
      await act(async () => new Promise((r) => setTimeout(r, 0)));
    };
    await remount(ok({ kyc_status: 1 }));
    expect(byId('kyc-level')!.textContent).toBe('Level 1');
    expect(byId('kyc-status')!.textContent).toBe('Under review');
    expect(byId('kyc-status')!.dataset.status).toBe('pending');
    expect(byId('kyc-verify')).toBeNull();
    await remount(ok({ kyc_status: '3' }));
    expect(byId('kyc-status')!.textContent).toBe('Not approved');
    expect(byId('kyc-verify')!.textContent).toBe('Verify again');
    expect(byId('kyc-verify')!.getAttribute('href')).toBe('/myaccount/kyc_home');
    // Failure default: a failed, malformed or unknown answer shows the level alone, with Verify now below level 2.
    for (const answer of [{ status: 500 }, { raw: '{"code":0,' }, ok('pending'), ok({ kyc_status: 7 }), { body: { code: 10001, data: { kyc_status: 1 } } }]) {
      await remount(answer);
      expect(byId('kyc-level')!.textContent).toBe('Level 1');
      expect(byId('kyc-status')).toBeNull();
      expect(byId('kyc-verify')!.textContent).toBe('Verify now');
    }
  });

  it('writes a tiny BTC balance in the zero-count notation', async () => {
    await mount({ ...ANSWERS, [ACCOUNT_API.funds]: ok({ total_usd: '0.00', total_btc: '0.000000012' }) });
    await open();
    expect(byId('balance-usd')!.textContent).toBe('$0.00');
    expect(byId('balance-btc')!.textContent).toBe('0.0{7}1 BTC');
  });
});
