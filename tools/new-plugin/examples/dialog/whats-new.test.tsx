// @vitest-environment jsdom
import fc from 'fast-check';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createPluginTester, type PluginTester, type PluginTesterOptions } from '../../../../core/plugin-api/testing';
import plugin from './index';
import { CLOSED_AT_KEY, isDue, showsOn } from './rules';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let tester: PluginTester | undefined;
let root: Root | undefined;
let host: HTMLElement;

/** Renders the modal queue as a page does, then hydrates (the dialog is due after hydration only). */
async function mount(opts: PluginTesterOptions = {}) {
  tester = createPluginTester(plugin, opts);
  await tester.preload();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(tester!.element({ slot: 'modal' })));
  await act(async () => tester!.hydrate());
}
const dialog = () => host.querySelector<HTMLElement>('[role="dialog"]');
const key = (el: HTMLElement, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

afterEach(() => {
  if (root) act(() => root!.unmount());
  expect(tester?.dispose() ?? []).toEqual([]);
  root = tester = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('whats-new plugin', () => {
  it('opens after hydration as a modal dialog labelled by its title, with the focus inside and kept there', async () => {
    await mount({ path: '/markets/spot', options: { paths: ['/markets'] } });
    const d = dialog()!;
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(d.getAttribute('aria-labelledby')!)!.tagName).toBe('H2');
    expect(d.contains(document.activeElement)).toBe(true);
    const buttons = [...d.querySelectorAll('button')];
    buttons[buttons.length - 1].focus();
    key(d, 'Tab');
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('closes on Escape, gives the focus back and stays closed for the days its options name', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    await mount({ options: { closeDays: 30 } });
    key(dialog()!, 'Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(isDue(localStorage.getItem(CLOSED_AT_KEY), Date.now(), 30)).toBe(false);
  });

  it('shows nothing on the server, on other pages, or while closed', async () => {
    const server = createPluginTester(plugin, { side: 'server' });
    await server.preload();
    expect(server.renderSlot('modal')).toBe('');
    expect(server.dispose()).toEqual([]);
    await mount({ path: '/trade/BTC_USDT', options: { paths: ['/markets'] } });
    expect(dialog()).toBeNull();
    act(() => root!.unmount());
    expect(tester!.dispose()).toEqual([]);
    localStorage.setItem(CLOSED_AT_KEY, String(Date.now()));
    await mount();
    expect(dialog()).toBeNull();
  });

  it('refuses an option the schema does not allow', () => {
    expect(() => createPluginTester(plugin, { options: { closeDays: 0 } })).toThrow(/closeDays/);
  });
});

describe('isDue', () => {
  it('is due when never closed, on a record it cannot read, and once the days have passed', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 3650 }), (closedAt, since, days) => {
        expect(isDue(String(closedAt), closedAt + since, days)).toBe(since >= days * day);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (raw) => {
        fc.pre(!/^\d+$/.test(raw));
        expect(isDue(raw, Date.now(), 1)).toBe(true);
      }),
    );
    expect(isDue(null, 0, 1)).toBe(true);
    expect(isDue(String(Date.now() + day), Date.now(), 1)).toBe(true);
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
