// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPluginTester, type PluginTester, defaultShellData } from '../../core/plugin-api/testing';
import plugin from './index';
import { openApp } from './AppBar';
import { ANALYTICS_SERVICE } from '../analytics';
import { HIDDEN_COOKIE } from './constants';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let tester: PluginTester;
let root: Root;
let host: HTMLElement;
const links = { home: { h5: { c: 'h5', china_apk: 'https://dl.example/cn.apk', overseas_apk: 'https://dl.example/gl.apk' } } };

/** The analytics plugin's service as the bar sees it: records events; `consent` says whether one is sent. */
let consent = true;
let tracked: Array<{ name: string; data?: Record<string, unknown> }> = [];
const analytics = { track: (name: string, data?: Record<string, unknown>) => (consent ? (tracked.push({ name, data }), true) : false) };

async function mount(opts: Parameters<typeof createPluginTester>[1] = {}) {
  tester = createPluginTester(plugin, {
    region: 'main',
    viewportWidth: 390,
    data: { downloadLinks: links },
    services: [[ANALYTICS_SERVICE, analytics]],
    ...opts,
  });
  await tester.preload();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root.render(tester.element({ slot: 'floating' })));
}
const bar = () => host.querySelector('[data-testid="app-bar"]');

beforeEach(() => {
  vi.useFakeTimers();
  consent = true;
  tracked = [];
});
afterEach(() => {
  act(() => root.unmount());
  expect(tester.dispose()).toEqual([]);
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('app-download bar', () => {
  it('appears only after hydration at mobile width, and sends the view event to analytics 1000 ms after display', async () => {
    await mount();
    expect(bar()).toBeNull();
    act(() => tester.hydrate());
    expect(bar()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(999));
    expect(tracked.filter((e) => e.name === 'app_bar_view')).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(tracked.filter((e) => e.name === 'app_bar_view')).toEqual([{ name: 'app_bar_view', data: { path: '/' } }]);
    expect(bar()!.getAttribute('data-view-event')).toBe('sent');
  });

  it('without analytics consent the view event is not sent', async () => {
    consent = false;
    await mount();
    act(() => tester.hydrate());
    act(() => void vi.advanceTimersByTime(1000));
    expect(tracked).toEqual([]);
    expect(bar()!.getAttribute('data-view-event')).toBe('no-consent');
  });

  it('follows the viewport: hidden once wider than 768 px', async () => {
    await mount();
    act(() => tester.hydrate());
    act(() => tester.env.state.viewport$.next({ width: 1024, isMobile: false }));
    expect(bar()).toBeNull();
  });

  it('debounces clicks by 200 ms and opens the app link in a new tab on main', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await mount();
    act(() => tester.hydrate());
    const button = host.querySelector<HTMLButtonElement>('.app-bar__open')!;
    act(() => {
      button.click();
      button.click();
      host.querySelector<HTMLElement>('.app-bar__body')!.click();
    });
    act(() => void vi.advanceTimersByTime(199));
    expect(open).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://dl.example/gl.apk', '_blank', 'noopener,noreferrer');
    expect(tracked.filter((e) => e.name === 'app_bar_click')).toHaveLength(1);
  });

  it('the close control hides it and sets the hidden flag', async () => {
    await mount();
    act(() => tester.hydrate());
    act(() => host.querySelector<HTMLButtonElement>('.app-bar__close')!.click());
    expect(bar()).toBeNull();
    expect(tester.env.cookies.get(HIDDEN_COOKIE)).toBe('1');
  });

  it('stays hidden once closed, for a user flagged hidden and for a country-233 verified user', async () => {
    await mount({ cookies: { [HIDDEN_COOKIE]: '1' } });
    act(() => tester.hydrate());
    expect(bar()).toBeNull();
    act(() => root.unmount());
    tester.dispose();
    await mount({ data: { downloadLinks: links, user: { ...defaultShellData().user, isLogin: true, flag: 1 } } });
    act(() => tester.hydrate());
    expect(bar()).toBeNull();
    act(() => root.unmount());
    tester.dispose();
    await mount({
      options: { verifiedHiddenCountries: [233] },
      data: { downloadLinks: links, user: { ...defaultShellData().user, isLogin: true, country: 233, verified: 1 } },
    });
    act(() => tester.hydrate());
    expect(bar()).toBeNull();
  });
});

describe('openApp', () => {
  it('opens the app link in a new tab (not on Turkey) and goes to the store page', async () => {
    const win = { open: vi.fn(), location: { assign: vi.fn() }, setTimeout };
    openApp({ appLink: 'https://dl.example/a.apk', newTab: true, store: '/appdownload', fallbackMs: 800 }, win as never);
    expect(win.open).toHaveBeenCalledWith('https://dl.example/a.apk', '_blank', 'noopener,noreferrer');
    expect(win.location.assign).toHaveBeenCalledWith('/appdownload');
  });

  it('on Turkey opens the app link in the same tab, then the store page if the page is still showing', async () => {
    const tr = { open: vi.fn(), location: { assign: vi.fn() }, setTimeout, document: { visibilityState: 'visible' } };
    openApp({ appLink: 'https://dl.example/a.apk', newTab: false, store: '/mobileapp', fallbackMs: 800 }, tr as never);
    expect(tr.open).not.toHaveBeenCalled();
    expect(tr.location.assign.mock.calls).toEqual([['https://dl.example/a.apk']]);
    vi.advanceTimersByTime(800);
    expect(tr.location.assign.mock.calls).toEqual([['https://dl.example/a.apk'], ['/mobileapp']]);
    const app = { open: vi.fn(), location: { assign: vi.fn() }, setTimeout, document: { visibilityState: 'hidden' } };
    openApp({ appLink: 'https://dl.example/a.apk', newTab: false, store: '/mobileapp', fallbackMs: 800 }, app as never);
    vi.advanceTimersByTime(800);
    expect(app.location.assign.mock.calls).toEqual([['https://dl.example/a.apk']]);
  });
});
