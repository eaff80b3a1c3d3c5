// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPluginTester, type PluginTester, defaultShellData } from '../../../core/plugin-api/testing';
import schema from '../schema.json';
import plugin from '../index';
import type { ComplianceOptions } from '../options';
import { installLinkGuard } from './link-guard';

const OPTIONS = {
  menuGate: true,
  menuPaths: schema.properties.menuPaths.default,
  redirectExemptPaths: schema.properties.redirectExemptPaths.default,
} as unknown as ComplianceOptions;
let tester: PluginTester | undefined;
afterEach(() => {
  tester?.dispose();
  document.body.innerHTML = '';
});

/** A window whose location records navigations (jsdom cannot navigate). */
function fakeWindow(href: string) {
  const location = { href, assign: vi.fn(), replace: vi.fn() };
  return { win: { document, location } as unknown as Window, location };
}

function clickLink(href: string, init: MouseEventInit = {}) {
  const a = document.createElement('a');
  a.href = href;
  a.innerHTML = '<span>go</span>';
  document.body.append(a);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  a.querySelector('span')!.dispatchEvent(event);
  return event;
}

describe('client navigation guard', () => {
  const menuGated = { ...defaultShellData().compliance, menu: ['futures', 'fiat_trade'] };

  it('sends a gated link to the localized tips page instead', () => {
    tester = createPluginTester(plugin, { region: 'main', locale: 'ar', path: '/', data: { compliance: menuGated } });
    const { win, location } = fakeWindow('http://localhost:3000/ar/');
    const stop = installLinkGuard(tester.env, OPTIONS, win);
    const e = clickLink('/ar/futures/USDT/BTC_USDT');
    expect(e.defaultPrevented).toBe(true);
    expect(location.assign).toHaveBeenCalledWith('/ar/state_compliance_tips');
    expect(clickLink('/ar/trade/BTC_USDT').defaultPrevented).toBe(false);
    expect(clickLink('/ar/futures', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(location.assign).toHaveBeenCalledTimes(1);
    stop();
    expect(clickLink('/ar/c2c/market').defaultPrevented).toBe(false);
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('redirects a limit_country page that slipped through, but never the tips page itself', () => {
    const limited = { ...defaultShellData().compliance, limit: { limit_country: 'KP' } };
    tester = createPluginTester(plugin, { region: 'main', path: '/trade/BTC_USDT', data: { compliance: limited } });
    const a = fakeWindow('http://localhost:3000/trade/BTC_USDT');
    installLinkGuard(tester.env, OPTIONS, a.win)();
    expect(a.location.replace).toHaveBeenCalledWith('/state_compliance_tips');
    tester.dispose();
    tester = createPluginTester(plugin, { region: 'main', path: '/state_compliance_tips', data: { compliance: limited } });
    const b = fakeWindow('http://localhost:3000/state_compliance_tips');
    const stop = installLinkGuard(tester.env, OPTIONS, b.win);
    expect(b.location.replace).not.toHaveBeenCalled();
    expect(clickLink('/state_compliance_tips').defaultPrevented).toBe(false);
    expect(clickLink('/login').defaultPrevented).toBe(false);
    expect(clickLink('/').defaultPrevented).toBe(true);
    stop();
  });
});
