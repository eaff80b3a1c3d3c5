// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { beforeAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPluginTester, type PluginTester, defaultShellData } from '../../../core/plugin-api/testing';
import plugin from '../index';
import { MicroApp } from './MicroApp';
import { microAppProps } from '../services/micro-app';
import { navigation } from '../services/navigate';

// The plugin's pages are lazy chunks: load them once before rendering routes.
beforeAll(() => createPluginTester(plugin).preload());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLDivElement | null = null;
let tester: PluginTester | null = null;
const observers: Array<{ cb: IntersectionObserverCallback; disconnected: boolean }> = [];

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { cb: IntersectionObserverCallback; disconnected: boolean };
      constructor(cb: IntersectionObserverCallback) {
        this.entry = { cb, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  tester?.dispose();
  root = host = tester = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function mount(node: React.ReactElement) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(node));
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });

describe('<MicroApp>', () => {
  const props = microAppProps({ localeCode: 'en', langPrefix: '', theme: 'light', limit: {}, subWebsiteId: 0 });

  it('waits until visible, checks the entry with HEAD, mounts a frame and posts the props on every change', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const el = (p = props) => <MicroApp name="funds-transfer" entry="/micro/funds-transfer/index.html" title="Funds" props={p} allowedHosts={[]} />;
    mount(el());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(host!.querySelector('iframe')).toBeNull();
    act(() => observers[0].cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await flush();
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:3000/micro/funds-transfer/index.html', expect.objectContaining({ method: 'HEAD' }));
    const frame = host!.querySelector('iframe')!;
    expect(frame.title).toBe('Funds');
    const post = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: post } });
    act(() => void frame.dispatchEvent(new Event('load')));
    expect(post).toHaveBeenLastCalledWith({ type: 'shell:micro-app:props', app: 'funds-transfer', props }, 'http://localhost:3000');
    act(() => root!.render(el({ ...props, theme: 'dark', isItalyLimit: true })));
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1][0].props).toMatchObject({ theme: 'dark', isItalyLimit: true });
    act(() => root!.render(el({ ...props, theme: 'dark', isItalyLimit: true })));
    expect(post).toHaveBeenCalledTimes(2);
    act(() => root!.render(<p>gone</p>));
    expect(post).toHaveBeenLastCalledWith({ type: 'shell:micro-app:unmount', app: 'funds-transfer' }, 'http://localhost:3000');
    expect(host!.querySelector('iframe')).toBeNull();
  });

  it('logs (only) when the entry check fails or the entry is not allowed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404 })),
    );
    mount(<MicroApp name="x" entry="/micro/x/index.html" title="X" props={props} allowedHosts={[]} />);
    act(() => observers[0].cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await flush();
    expect(host!.querySelector('iframe')).toBeNull();
    expect(host!.querySelector('[data-phase="failed"]')).not.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("micro-app 'x' mount failed: HEAD 404"));
    act(() => root!.render(<MicroApp name="y" entry="https://evil.example/app" title="Y" props={props} allowedHosts={[]} />));
  });
});

describe('sub-account page', () => {
  const user = { ...defaultShellData().user, isLogin: true, uid: '10001', nickname: 'alice' };

  it('shows the sub-account for code 0', async () => {
    tester = createPluginTester(plugin, {
      data: { user },
      query: { sub_uid: '12345671' },
      scenario: {
        '/api/web/v1/sub-account/get_sub_account_info': {
          body: { code: 0, data: { sub_uid: '12345671', nickname: 'alice_sub671', type: 4, sub_type: 7, state: 'normal' } },
        },
      },
    });
    mount(tester.element({ route: '/myaccount/sub-account' }));
    act(() => tester!.hydrate());
    await flush();
    expect(host!.textContent).toContain('alice_sub671');
    expect(host!.textContent).toContain('Asset management sub-account');
    expect(tester.calls[0]).toMatchObject({ path: '/api/web/v1/sub-account/get_sub_account_info', params: { sub_uid: '12345671' } });
  });

  it('warns with the server message and goes home after 2 s on a non-zero code', async () => {
    vi.useFakeTimers();
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    tester = createPluginTester(plugin, {
      data: { user },
      locale: 'it',
      region: { languages: ['en', 'it'] },
      query: { sub_uid: '12345670' },
      scenario: { '/api/web/v1/sub-account/get_sub_account_info': { body: { code: 10404, message: 'Sub-account not found' } } },
    });
    const toasts: unknown[] = [];
    tester.env.bus.on('toast', (e) => toasts.push(e));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mount(tester.element({ route: '/myaccount/sub-account' }));
    act(() => tester!.hydrate());
    await flush();
    expect(toasts).toEqual([{ kind: 'warning', message: 'Sub-account not found' }]);
    act(() => void vi.advanceTimersByTime(1999));
    expect(assign).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('/it/');
  });

  it('treats a malformed sub_uid like a refusal, with a translated message', async () => {
    vi.useFakeTimers();
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    tester = createPluginTester(plugin, { data: { user }, query: { sub_uid: 'abc' } });
    const toasts: unknown[] = [];
    tester.env.bus.on('toast', (e) => toasts.push(e));
    mount(tester.element({ route: '/myaccount/sub-account' }));
    act(() => tester!.hydrate());
    await flush();
    expect(tester.calls).toHaveLength(0);
    expect(toasts).toEqual([{ kind: 'warning', message: 'Invalid sub-account UID' }]);
    act(() => void vi.advanceTimersByTime(2000));
    expect(assign).toHaveBeenCalledWith('/');
  });
});
