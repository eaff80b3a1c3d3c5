// @vitest-environment jsdom
import fc from 'fast-check';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createPluginTester } from '../../../../core/plugin-api/testing';
import plugin from './index';
import { CLOSED_COOKIE, showsOn } from './rules';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('announcement plugin', () => {
  it('server-renders its bar on the pages its options name: a labelled region with its link in the page locale', async () => {
    const t = createPluginTester(plugin, { region: 'eu', side: 'server', path: '/markets/spot', options: { paths: ['/markets'], link: '/learn' } });
    await t.preload();
    const html = t.renderSlot('topbar');
    expect(html).toContain('data-plugin="announcement"');
    expect(html).toMatch(/role="region" aria-labelledby="([^"]+)"[\s\S]*<p id="\1"/);
    expect(html).toContain(`href="${t.env.href('/learn')}"`);
    expect(t.dispose()).toEqual([]);
  });

  it('shows nothing on other pages, nor once closed (the cookie the server reads)', async () => {
    const other = createPluginTester(plugin, { side: 'server', path: '/trade/BTC_USDT', options: { paths: ['/markets'] } });
    await other.preload();
    expect(other.renderSlot('topbar')).toBe('');
    expect(other.dispose()).toEqual([]);
    const closed = createPluginTester(plugin, { side: 'server', cookies: { [CLOSED_COOKIE]: '1' } });
    await closed.preload();
    expect(closed.renderSlot('topbar')).toBe('');
    expect(closed.dispose()).toEqual([]);
  });

  it('closes: the bar goes, and the cookie remembers it for the days its options name', async () => {
    const t = createPluginTester(plugin, { options: { closeDays: 3 } });
    await t.preload();
    const changes: string[] = [];
    t.env.bus.on('cookie:change', (c) => changes.push(c.name));
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(t.element({ slot: 'topbar' })));
    const close = host.querySelector<HTMLButtonElement>('[data-plugin="announcement"] button[aria-label]')!;
    await act(async () => close.click());
    expect(host.querySelector('[data-plugin="announcement"]')).toBeNull();
    expect(t.env.cookies.get(CLOSED_COOKIE)).toBe('1');
    expect(changes).toEqual([CLOSED_COOKIE]);
    await act(async () => root.unmount());
    expect(t.dispose()).toEqual([]);
  });

  it('refuses an option the schema does not allow', () => {
    expect(() => createPluginTester(plugin, { options: { paths: ['markets'] } })).toThrow(/paths\/0/);
    expect(() => createPluginTester(plugin, { options: { closeDays: 0 } })).toThrow(/closeDays/);
  });
});

describe('showsOn', () => {
  it("matches a path, the pages below it, and every page for '/'", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        expect(showsOn(path, ['/'])).toBe(true);
        expect(showsOn(path, [])).toBe(false);
      }),
    );
    expect(showsOn('/markets', ['/markets'])).toBe(true);
    expect(showsOn('/markets/spot', ['/markets'])).toBe(true);
    expect(showsOn('/marketsx', ['/markets'])).toBe(false);
  });
});
