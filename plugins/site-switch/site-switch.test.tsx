// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createPluginTester, type PluginTester, defaultShellData } from '../../core/plugin-api/testing';
import { regionOptions } from '../../tools/test/region-options';
import plugin from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const compliance = (limit: Record<string, boolean>) => ({ ...defaultShellData().compliance, limit });
const several = compliance({ is_uk_ip: true, is_au_ip: true, is_us_toast: true, is_jp_toast: true, is_ae_toast: true });
let tester: PluginTester | undefined;
afterEach(() => {
  expect(tester?.dispose() ?? []).toEqual([]);
  tester = undefined;
  document.body.innerHTML = '';
});

/** The plugin as the region runs it: that region file's options. */
const testerFor = (opts: NonNullable<Parameters<typeof createPluginTester>[1]>) =>
  createPluginTester(plugin, { options: regionOptions(typeof opts.region === 'string' ? opts.region : 'main', 'site-switch'), ...opts });

describe('site-switch plugin', () => {
  it('contributes one topbar item per bar of the region, in spec priority order', () => {
    tester = testerFor({ region: 'main' });
    expect(tester.slot('topbar').map((e) => e.id)).toEqual(
      ['main-to-uk', 'main-to-au', 'main-to-us', 'main-to-jp', 'main-to-ae'].map((k) => `site-switch:${k}`),
    );
    tester.dispose();
    tester = testerFor({ region: 'eu' });
    expect(tester.slot('topbar').map((e) => e.id)).toEqual(['site-switch:eu-to-main']);
    tester.dispose();
    tester = testerFor({ region: 'tr' });
    expect(tester.slot('topbar')).toEqual([]);
  });

  it('server-renders exactly the highest bar with a Switch Site link to the same path on the target site', () => {
    tester = testerFor({ region: 'main', side: 'server', path: '/trade/BTC_USDT', data: { compliance: several } });
    const html = tester.renderSlot('topbar');
    expect(html.match(/data-bar=/g)).toHaveLength(1);
    expect(html).toContain('data-bar="main-to-uk"');
    expect(html).toContain('href="https://uk.example.test/trade/BTC_USDT"');
    expect(html).toContain('Switch Site');
    expect(html).toContain('You are viewing from the UK region, switch to the UK site');
  });

  it('links the US bar to the US default-language prefix and shows nothing without a flag', () => {
    tester = testerFor({ region: 'main', side: 'server', path: '/price', data: { compliance: compliance({ is_us_toast: true }) } });
    expect(tester.renderSlot('topbar')).toContain('href="https://us.example.test/en-us/price"');
    tester.dispose();
    tester = testerFor({ region: 'main', side: 'server', data: { compliance: compliance({ is_main: true }) } });
    expect(tester.renderSlot('topbar')).toBe('');
  });

  it('offers the main site on a regional site when the visitor belongs on main, translated', () => {
    tester = testerFor({ region: 'eu', side: 'server', locale: 'it-eu', path: '/', data: { compliance: compliance({ is_main: true }) } });
    const html = tester.renderSlot('topbar');
    expect(html).toContain('data-bar="eu-to-main"');
    expect(html).toContain('href="https://main.example.test/"');
    expect(html).toContain('Cambia sito');
  });

  it('does not render a bar whose dismissal cookie is set (the server agrees with the browser)', () => {
    tester = testerFor({ region: 'main', side: 'server', cookies: { site_switch_closed_main_to_uk: '1' }, data: { compliance: several } });
    expect(tester.renderSlot('topbar')).toContain('data-bar="main-to-au"');
  });

  it('close remembers the bar in its cookie and hands the top bar to the next one', async () => {
    tester = testerFor({ region: 'main', data: { compliance: compliance({ is_uk_ip: true, is_jp_toast: true }) } });
    const changes: string[] = [];
    tester.env.bus.on('cookie:change', (c) => changes.push(c.name));
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(tester!.element({ slot: 'topbar' })));
    expect(host.querySelectorAll('[data-bar]')).toHaveLength(1);
    const close = host.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!;
    await act(async () => close.click());
    expect(tester.env.cookies.get('site_switch_closed_main_to_uk')).toBe('1');
    expect(changes).toEqual(['site_switch_closed_main_to_uk']);
    expect([...host.querySelectorAll('[data-bar]')].map((e) => e.getAttribute('data-bar'))).toEqual(['main-to-jp']);
    await act(async () => root.unmount());
  });
});
