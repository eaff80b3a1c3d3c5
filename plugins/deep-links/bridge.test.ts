// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createPluginTester } from '../../core/plugin-api/testing';
import plugin from './index';
import { BRIDGE_HOOKS, NATIVE_BRIDGE, cleanParams, type BridgeHost } from './bridge';
import type { Platform } from './gates';
import { interceptNativeLinks } from './intercept';

/** The bridge as the request container builds it: the app's cookies, the window and log replaced. */
function make(platform: Platform | null, appVersion: number | null, host: BridgeHost = {}) {
  const log = vi.fn();
  const cookies: Record<string, string> = { device_type: platform === 'ios' ? '2' : platform === 'android' ? '1' : '0' };
  if (appVersion !== null) cookies.app_version = String(appVersion);
  const t = createPluginTester(plugin, { inApp: platform !== null, cookies, services: [[BRIDGE_HOOKS, { host, userAgent: null, log }]] });
  return { bridge: t.service(NATIVE_BRIDGE), log };
}

function androidHost() {
  const postMessage = vi.fn();
  return { host: { gateBridge: { postMessage } } as BridgeHost, sent: () => postMessage.mock.calls.map((c) => JSON.parse(c[0] as string)) };
}

function iosHost() {
  const postMessage = vi.fn();
  return { host: { webkit: { messageHandlers: { gateBridge: { postMessage } } } } as BridgeHost, sent: () => postMessage.mock.calls.map((c) => c[0]) };
}

describe('AppBridge', () => {
  it('Android: JSON strings to window.gateBridge.postMessage', () => {
    const a = androidHost();
    const { bridge } = make('android', 658020, a.host);
    expect(bridge.disableRefresh()).toBe(true);
    expect(bridge.openNative('alpha', { token: 'ordi', n: 2, x: { bad: 1 } as never })).toBe(true);
    expect(a.sent()).toEqual([{ action: 'disableRefresh' }, { action: 'openPage', page: 'alpha', params: { token: 'ordi', n: 2 } }]);
  });

  it('iOS: objects to webkit.messageHandlers.gateBridge', () => {
    const i = iosHost();
    const { bridge } = make('ios', 202504080001, i.host);
    bridge.openNative('pilot');
    expect(i.sent()).toEqual([{ action: 'openPage', page: 'pilot', params: {} }]);
  });

  it('outside the app, with no bridge injected, or a bad page id: false, nothing sent', () => {
    const a = androidHost();
    expect(make(null, null, a.host).bridge.openNative('alpha')).toBe(false);
    const missing = make('android', 658020, {});
    expect(missing.bridge.disableRefresh()).toBe(false);
    expect(missing.log).toHaveBeenCalledWith(expect.stringContaining("no native bridge 'gateBridge'"));
    expect(make('android', 1, a.host).bridge.openNative('javascript:alert(1) x')).toBe(false);
    expect(a.sent()).toEqual([]);
  });

  it('a throwing bridge is logged, not thrown (spec 001 §8)', () => {
    const { bridge, log } = make('android', 1, {
      gateBridge: {
        postMessage: () => {
          throw new Error('boom');
        },
      },
    });
    expect(bridge.openNative('kyc_center')).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('boom'));
  });

  it.each([
    ['android', 658020, 'alpha', true],
    ['android', 658019, 'alpha', false],
    ['ios', 202410300001, 'pilot', true],
    ['ios', 202410300000, 'pilot', false],
    ['ios', null, 'alpha', false],
  ] as const)('openGated %s %s %s → native %s, else the fallback callback', (platform, version, feature, native) => {
    const h = platform === 'android' ? androidHost() : iosHost();
    const fallback = vi.fn();
    const { bridge } = make(platform, version, h.host);
    expect(bridge.openGated(feature, feature, { a: '1' }, fallback)).toBe(native);
    expect(fallback).toHaveBeenCalledTimes(native ? 0 : 1);
    expect(h.sent()).toHaveLength(native ? 1 : 0);
  });

  it('openKyc picks the iOS route by build; outside the app calls the fallback', () => {
    const i = iosHost();
    make('ios', 202306151199, i.host).bridge.openKyc();
    make('ios', 202306151200, i.host).bridge.openKyc({ level: 2 });
    expect(i.sent().map((m) => m.page)).toEqual(['kyc_verify', 'kyc_center']);
    const fallback = vi.fn();
    expect(make(null, null).bridge.openKyc({}, fallback)).toBe(false);
    expect(fallback).toHaveBeenCalled();
  });

  it('cleanParams drops unsafe keys and non-primitive values', () => {
    expect(cleanParams({ ok: 'v', 'bad key': 1, deep: {}, list: [1], long: 'x'.repeat(600), n: Infinity, b: false })).toEqual({ ok: 'v', b: false });
    expect(cleanParams('str')).toEqual({});
  });
});

describe('interceptNativeLinks', () => {
  function page(html: string, platform: Platform = 'android', version = 658020) {
    document.body.innerHTML = html;
    const a = androidHost();
    const { bridge } = make(platform, version, a.host);
    const stop = interceptNativeLinks(document, bridge);
    /** Whether the interceptor cancelled the navigation (jsdom cannot navigate, so the test cancels it after). */
    const click = (sel: string, init: MouseEventInit = {}) => {
      let prevented = false;
      const seen = (e: Event) => ((prevented = e.defaultPrevented), e.preventDefault());
      window.addEventListener('click', seen, { once: true });
      document.querySelector(sel)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      return prevented;
    };
    return { click, sent: a.sent, stop };
  }

  it('opens data-native links natively and cancels the web navigation', () => {
    const p = page(`<a id="l" href="/alpha/ordi" data-native="alpha" data-native-params='{"token":"ordi"}'><span id="in">ORDI</span></a>`);
    expect(p.click('#in')).toBe(true);
    expect(p.sent()).toEqual([{ action: 'openPage', page: 'alpha', params: { token: 'ordi' } }]);
    p.stop();
  });

  it('a gate the version misses follows href (web fallback)', () => {
    const p = page(`<a id="l" href="/alpha" data-native="alpha" data-native-gate="alpha">Alpha</a>`, 'android', 600000);
    expect(p.click('#l')).toBe(false);
    expect(p.sent()).toEqual([]);
    p.stop();
  });

  it('an unknown gate, modified clicks and plain links are left alone; data-native="kyc" picks the route', () => {
    const p = page(
      `<a id="g" href="/x" data-native="x" data-native-gate="nope">x</a><a id="k" href="/myaccount/kyc_home" data-native="kyc">KYC</a><a id="p" href="/plain">p</a>`,
    );
    expect(p.click('#g')).toBe(false);
    expect(p.click('#k', { ctrlKey: true })).toBe(false);
    expect(p.click('#p')).toBe(false);
    expect(p.click('#k')).toBe(true);
    expect(p.sent()).toEqual([{ action: 'openPage', page: 'kyc_center', params: {} }]);
    p.stop();
    expect(p.click('#k')).toBe(false);
  });

  it('malformed data-native-params are ignored', () => {
    const p = page(`<a id="l" href="/pilot" data-native="pilot" data-native-params="{oops">P</a>`);
    expect(p.click('#l')).toBe(true);
    expect(p.sent()).toEqual([{ action: 'openPage', page: 'pilot', params: {} }]);
    p.stop();
  });
});
