// @vitest-environment jsdom
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPluginTester, type PluginTester, defaultShellData } from '../../core/plugin-api/testing';
import type { ShellData } from '../../core/plugin-api';
import { regionOptions } from '../../tools/test/region-options';
import plugin from './index';
import { DepositDrawer } from './DrawerHost';

// The plugin's pages are lazy chunks: load them once before rendering routes.
// The drawer's own code is a lazy view loaded on first open: loaded here, as on a warm page.
beforeAll(() => Promise.all([createPluginTester(plugin).preload(), DepositDrawer.preload()]));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let tester: PluginTester;
let root: Root;
let host: HTMLElement;
const loggedIn = (patch: Partial<ShellData> = {}): Partial<ShellData> => ({
  user: { ...defaultShellData().user, isLogin: true, nickname: 'alice', uid: '10001' },
  ...patch,
});

function mount(data: Partial<ShellData>, opts: { requires?: never[] } = {}) {
  tester = createPluginTester(plugin, { region: 'main', options: regionOptions('main', 'drawer'), data, ...opts });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <>
        {tester.element({ slot: 'header-actions' })}
        {tester.element({ slot: 'floating' })}
      </>,
    ),
  );
  act(() => tester.hydrate());
}
const dialog = () => host.querySelector<HTMLElement>('[role="dialog"]');
const deposit = () => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Deposit');

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => root.unmount());
  expect(tester.dispose()).toEqual([]);
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('deposit drawer', () => {
  it('has no Deposit button for visitors', () => {
    mount({});
    expect(deposit()).toBeUndefined();
  });

  it('opens from the Deposit button as a modal dialog with the five links, slides in, and focuses inside', () => {
    mount(loggedIn());
    act(() => deposit()!.click());
    const d = dialog()!;
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(d.querySelector('h2')!.textContent).toBe('Fund wallet');
    expect([...d.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/myaccount/deposit/USDT',
      '/myaccount/deposit_gatecode',
      '/crypto/buy/with-credit-card?method=card',
      '/crypto/buy/with-bank-account?method=bank',
      '/c2c/market',
    ]);
    expect(d.contains(document.activeElement)).toBe(true);
    act(() => void vi.advanceTimersByTime(50));
    expect(host.querySelector('.drawer--open')).not.toBeNull();
  });

  it('Escape closes: slides out, then unmounts 300 ms later', () => {
    mount(loggedIn());
    act(() => tester.env.bus.emit('drawer:open'));
    act(() => void vi.advanceTimersByTime(50));
    act(() => void dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(host.querySelector('.drawer--open')).toBeNull();
    expect(dialog()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(299));
    expect(dialog()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(dialog()).toBeNull();
  });

  it('traps Tab inside the panel', () => {
    mount(loggedIn());
    act(() => tester.env.bus.emit('drawer:open'));
    const links = [...dialog()!.querySelectorAll<HTMLElement>('button, a')];
    links.at(-1)!.focus();
    act(() => void dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })));
    expect(document.activeElement).toBe(links[0]);
  });

  it('hides the second group for the menu-gated persona', () => {
    mount(loggedIn({ compliance: { ...defaultShellData().compliance, menu: ['futures', 'fiat_trade', 'credit_paywith_card', 'bank_card'] } }));
    act(() => deposit()!.click());
    expect(dialog()!.querySelectorAll('section')).toHaveLength(1);
    expect(dialog()!.querySelectorAll('a')).toHaveLength(2);
  });
});

describe('deposit page', () => {
  it('server-renders the address, copy button, QR and the picker (other ways on main)', () => {
    const t = createPluginTester(plugin, { region: 'main', options: regionOptions('main', 'drawer'), side: 'server', data: loggedIn() });
    const address = { currency: 'USDT', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', memo: '', min_deposit: '1', confirmations: 20 };
    const html = t.renderRoute('/myaccount/deposit/USDT', { 'drawer/address': address });
    expect(html).toContain('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    expect(html).toContain('Copy address');
    expect(html).toContain('role="img"');
    expect(html).toContain('href="/c2c/USDT_USD"');
    expect(html).toContain('href="/crypto/buy/with-credit-card?method=card&amp;fiat=USD"');
    t.dispose();
  });

  it('loads the address on the server for logged-in users only', async () => {
    const scenario = {
      'GET /api/web/v1/deposit/address': {
        body: { code: 0, data: { currency: 'BTC', chain: 'BTC', address: 'bc1qxyz', memo: '', min_deposit: '0.0001', confirmations: 2 } },
      },
    };
    const t = createPluginTester(plugin, {
      region: 'main',
      options: regionOptions('main', 'drawer'),
      side: 'server',
      data: loggedIn(),
      path: '/myaccount/deposit/BTC',
      scenario,
    });
    // The tester passes no route params to loaders; the default currency is asked for.
    expect(await t.load()).toEqual({ 'drawer/address': scenario['GET /api/web/v1/deposit/address'].body.data });
    t.dispose();
    const visitor = createPluginTester(plugin, {
      region: 'main',
      options: regionOptions('main', 'drawer'),
      side: 'server',
      path: '/myaccount/deposit/BTC',
      scenario,
    });
    expect(await visitor.load()).toEqual({});
    visitor.dispose();
  });

  it("after a reload the picker's buy links use the fiat chosen in the header (curr_fiat cookie), not the back end's", () => {
    const base = defaultShellData().site;
    const site = {
      ...base,
      curr_fiat: 'USD',
      fiat_list: [
        { fiat: 'USD', symbol: '$' },
        { fiat: 'EUR', symbol: '€' },
      ],
    };
    const t = createPluginTester(plugin, {
      region: 'main',
      options: regionOptions('main', 'drawer'),
      side: 'server',
      data: loggedIn({ site }),
      cookies: { curr_fiat: 'EUR' },
    });
    const html = t.renderRoute('/myaccount/deposit/USDT');
    expect(html).toContain('href="/c2c/USDT_EUR"');
    expect(html).toContain('href="/crypto/buy/with-bank-account?method=bank&amp;fiat=EUR"');
    expect(html).not.toContain('fiat=USD');
    t.dispose();
  });

  it('writes a tiny minimum deposit from the address reply in the zero-count notation', () => {
    const t = createPluginTester(plugin, { region: 'main', options: regionOptions('main', 'drawer'), side: 'server', data: loggedIn() });
    const address = { currency: 'USDT', chain: 'TRX', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', memo: '', min_deposit: '0.000000012', confirmations: 20 };
    expect(t.renderRoute('/myaccount/deposit/USDT', { 'drawer/address': address })).toContain('Minimum deposit: 0.0{7}12 USDT.');
    t.dispose();
  });

  it('shows only on-chain and gate code on Turkey and for UK-limited users', () => {
    const t = createPluginTester(plugin, { region: 'tr', options: regionOptions('tr', 'drawer'), side: 'server', data: loggedIn() });
    const html = t.renderRoute('/myaccount/deposit/USDT');
    expect(html).not.toContain('/c2c/');
    t.dispose();
    const uk = createPluginTester(plugin, {
      region: 'main',
      options: regionOptions('main', 'drawer'),
      side: 'server',
      data: loggedIn({ compliance: { ...defaultShellData().compliance, limit: { is_uk_limit: true } } }),
    });
    expect(uk.renderRoute('/myaccount/deposit/USDT')).not.toContain('with-credit-card');
    uk.dispose();
  });
});
