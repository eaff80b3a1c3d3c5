// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createPluginTester, type PluginTester, currentValue } from '../../core/plugin-api/testing';
import plugin from './index';
import type { ConsentState } from './types';
import { CONSENT_SERVICE, CONSENT_STREAM } from './refs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let tester: PluginTester | undefined;
afterEach(() => {
  expect(tester?.dispose() ?? []).toEqual([]);
  tester = undefined;
  document.body.innerHTML = '';
});

describe('cookie-consent plugin', () => {
  it('server-renders the bar with both choices and the region privacy policy link until answered', async () => {
    tester = createPluginTester(plugin, { region: 'eu', side: 'server', options: { requireConsent: true } });
    await tester.preload();
    const html = tester.renderSlot('floating');
    expect(html).toContain('Accept necessary');
    expect(html).toContain('Accept all');
    // EU always prefixes its pages (region config localePrefix "always").
    expect(html).toContain('href="/en-eu/legal/privacy-policy"');
    tester.dispose();
    tester = createPluginTester(plugin, { region: 'eu', side: 'server', options: { requireConsent: true }, cookies: { cookie_consent: 'all' } });
    await tester.preload();
    expect(tester.renderSlot('floating')).toBe('');
  });

  it('publishes the consent stream: tracking waits for consent where required, not elsewhere', async () => {
    tester = createPluginTester(plugin, { region: 'eu', options: { requireConsent: true } });
    await tester.preload();
    const stream = tester.stream(CONSENT_STREAM)!;
    expect(currentValue(stream, null)).toEqual({ level: null, analytics: false, required: true });
    tester.dispose();
    tester = createPluginTester(plugin, { region: 'main' });
    await tester.preload();
    expect(currentValue(tester.stream(CONSENT_STREAM)!, null)).toMatchObject({ analytics: true, required: false });
  });

  it("'Accept all' stores the answer, emits consent:change and hides the bar", async () => {
    tester = createPluginTester(plugin, { region: 'eu', options: { requireConsent: true } });
    await tester.preload();
    const events: Array<{ analytics: boolean }> = [];
    tester.env.bus.on('consent:change', (e) => events.push(e));
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(tester!.element({ slot: 'floating' })));
    const accept = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Accept all')!;
    await act(async () => accept.click());
    expect(tester.env.cookies.get('cookie_consent')).toBe('all');
    expect(events).toEqual([{ analytics: true }]);
    expect(host.querySelector('.cookie-consent')).toBeNull();
    const service = tester.service(CONSENT_SERVICE);
    expect(service.current()).toEqual<ConsentState>({ level: 'all', analytics: true, required: true });
    await act(async () => root.unmount());
  });

  it("'Accept necessary' keeps tracking off even where consent is not required", async () => {
    tester = createPluginTester(plugin, { region: 'main', locale: 'tr' });
    await tester.preload();
    const events: Array<{ analytics: boolean }> = [];
    tester.env.bus.on('consent:change', (e) => events.push(e));
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(tester!.element({ slot: 'floating' })));
    const necessary = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Gerekli olanları kabul et')!;
    await act(async () => necessary.click());
    expect(tester.env.cookies.get('cookie_consent')).toBe('necessary');
    expect(events).toEqual([{ analytics: false }]);
    await act(async () => root.unmount());
  });
});
