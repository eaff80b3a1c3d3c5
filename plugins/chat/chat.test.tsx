// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPluginTester, type PluginTester, defaultShellData } from '../../core/plugin-api/testing';
import plugin from './index';
import { addPrefetchLink, schedulePrefetch } from './prefetch';
import { OPEN_FLAG_KEY, subAccountTypeOf } from './rules';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let tester: PluginTester | undefined;
let root: Root | undefined;
let host: HTMLElement;

async function mount(opts: Parameters<typeof createPluginTester>[1] = {}) {
  tester = createPluginTester(plugin, { region: 'main', viewportWidth: 1280, ...opts });
  await tester.preload();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(tester!.element({ slot: 'floating' })));
  act(() => tester!.hydrate());
}
const launcher = () => host.querySelector<HTMLButtonElement>('.chat__launcher');
const frame = () => host.querySelector<HTMLIFrameElement>('iframe');

afterEach(() => {
  if (root) act(() => root!.unmount());
  expect(tester?.dispose() ?? []).toEqual([]);
  root = tester = undefined;
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('chat widget', () => {
  it('shows a launcher on desktop; opening frames the room (loading), stores the open flag', async () => {
    await mount({ data: { ...defaultShellData(), user: { ...defaultShellData().user, isLogin: true, nickname: 'alice', is_sub: 1 } } });
    expect(launcher()!.getAttribute('aria-expanded')).toBe('false');
    expect(frame()).toBeNull();
    act(() => launcher()!.click());
    expect(frame()!.getAttribute('src')).toBe('/groupchat/chatroom?platform=web&locale=en');
    expect(frame()!.title).toBe('Support chat room');
    expect(host.querySelector('[data-state="loading"]')).not.toBeNull();
    expect(host.querySelector('[role="status"]')!.textContent).toContain('Connecting');
    expect(localStorage.getItem(OPEN_FLAG_KEY)).toBe('1');
    act(() => void frame()!.dispatchEvent(new Event('load')));
    expect(host.querySelector('[data-state="mounted"]')).not.toBeNull();
    act(() => host.querySelector<HTMLButtonElement>('.chat__close')!.click());
    expect(host.querySelector('[data-state="hidden"]')).not.toBeNull();
    expect(host.querySelector('.chat__panel')!.hasAttribute('hidden')).toBe(true);
    expect(localStorage.getItem(OPEN_FLAG_KEY)).toBeNull();
  });

  it('reopens from the stored flag or the chatroom query parameter', async () => {
    localStorage.setItem(OPEN_FLAG_KEY, '1');
    await mount();
    expect(frame()).not.toBeNull();
    act(() => root!.unmount());
    root = undefined;
    tester!.dispose();
    localStorage.clear();
    await mount({ query: { chatroom: '1' } });
    expect(launcher()!.getAttribute('aria-expanded')).toBe('true');
  });

  it('is absent for mobile user agents and narrow windows', async () => {
    await mount({ mobileAgent: true });
    expect(launcher()).toBeNull();
    act(() => root!.unmount());
    tester!.dispose();
    await mount({ viewportWidth: 700 });
    expect(launcher()).toBeNull();
  });
});

describe('sub-account type (spec 000 §3, 001 §3)', () => {
  const SUB_TYPE = '/api/web/v1/usercenter/get_sub_user_type';
  const loggedIn = (is_sub: number) => ({
    data: { ...defaultShellData(), user: { ...defaultShellData().user, isLogin: true, uid: '7', nickname: 'bo', is_sub } },
  });
  const askedForType = () => tester!.calls.filter((c) => c.path === SUB_TYPE).length;

  it('asks for it when a sub-account opens the room, and sends it to the room', async () => {
    await mount({ ...loggedIn(1), scenario: { [SUB_TYPE]: { body: { code: 0, data: { type: 4, sub_type: 7 } } } } });
    expect(askedForType()).toBe(0);
    act(() => launcher()!.click());
    const posted = vi.spyOn(frame()!.contentWindow!, 'postMessage');
    act(() => void frame()!.dispatchEvent(new Event('load')));
    await vi.waitFor(
      () =>
        expect(posted).toHaveBeenLastCalledWith(
          { type: 'chatroom:props', locale: 'en', nickname: 'bo', isSubAccount: true, subAccountType: { type: 4, subType: 7 } },
          window.location.origin,
        ),
      { timeout: 10_000 },
    );
    expect(askedForType()).toBe(1);
  });

  it('never asks for a main account; an unknown or failed answer is no type', async () => {
    await mount(loggedIn(0));
    const figures = vi.spyOn(tester!.env.state, 'accountFigure$');
    act(() => launcher()!.click());
    act(() => void frame()!.dispatchEvent(new Event('load')));
    // The room is open and its effects have run: none asked for the figure.
    expect(figures).not.toHaveBeenCalled();
    expect(askedForType()).toBe(0);
    act(() => root!.unmount());
    root = undefined;
    tester!.dispose();
    await mount({ ...loggedIn(1), scenario: { [SUB_TYPE]: { status: 500 } } });
    act(() => launcher()!.click());
    const posted = vi.spyOn(frame()!.contentWindow!, 'postMessage');
    act(() => void frame()!.dispatchEvent(new Event('load')));
    let status = '';
    const sub = tester!.env.state.accountFigure$('subUserType').subscribe((f) => (status = f.status));
    await vi.waitFor(() => expect(status).toBe('failed'), { timeout: 10_000 });
    sub.unsubscribe();
    expect(askedForType()).toBe(1);
    expect(posted.mock.calls.every(([m]) => (m as { subAccountType?: unknown }).subAccountType === null)).toBe(true);
  });

  it('reads get_sub_user_type: whole codes, type 0 (a main account) or anything else is unknown', () => {
    expect(subAccountTypeOf({ type: 1, sub_type: 0 })).toEqual({ type: 1, subType: 0 });
    expect(subAccountTypeOf({ type: 4, sub_type: 6 })).toEqual({ type: 4, subType: 6 });
    for (const bad of [
      null,
      { type: 0, sub_type: 0 },
      { type: 1.5, sub_type: 0 },
      { type: '4', sub_type: 7 },
      { type: 4, sub_type: -1 },
      { type: 1000, sub_type: 1 },
    ]) {
      expect(subAccountTypeOf(bad)).toBeNull();
    }
  });
});

describe('prefetch (spec 000 §4)', () => {
  it('uses requestIdleCallback with a 2000 ms limit when available', () => {
    const ric = vi.fn((cb: () => void) => (cb(), 7));
    const cancel = schedulePrefetch('/groupchat/chatroom?platform=web&locale=en', {
      document,
      requestIdleCallback: ric,
      cancelIdleCallback: vi.fn(),
      setTimeout,
      clearTimeout,
    });
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(1);
    cancel();
  });

  it('falls back to a 2000 ms timer, and never adds the link twice', () => {
    vi.useFakeTimers();
    schedulePrefetch('/x', { document, setTimeout, clearTimeout });
    vi.advanceTimersByTime(1999);
    expect(document.head.querySelector('link[rel="prefetch"]')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.head.querySelector('link[rel="prefetch"]')!.getAttribute('href')).toBe('/x');
    addPrefetchLink(document, '/x');
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(1);
  });
});
