// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createPluginTester } from '../../core/plugin-api/testing';
import plugin from './index';
import { BRIDGE_HOOKS, NATIVE_BRIDGE, type BridgeHost } from './bridge';
import type { Platform } from './gates';
import { interceptNativeLinks } from './intercept';
import { DEFAULT_GATED_ROUTES, DEFAULT_KYC_ROUTES, nativeTargetOf, sitePathOf } from './routes';

const routes = { gated: DEFAULT_GATED_ROUTES, kyc: DEFAULT_KYC_ROUTES };

describe('route targets (spec 001 §2, §6)', () => {
  it('reads the site path without the language prefix; other origins are not ours', () => {
    expect(sitePathOf('/zh/alpha/ordi?x=1', 'http://a.test', '/zh')).toBe('/alpha/ordi');
    expect(sitePathOf('http://a.test/en-us/pilot/', 'http://a.test', '/en-us')).toBe('/pilot');
    expect(sitePathOf('https://evil.test/alpha', 'http://a.test', '')).toBeNull();
  });
  it('maps /alpha, /alpha/{token}, /pilot to gated pages and the KYC pages to the KYC route', () => {
    expect(nativeTargetOf('/alpha', routes)).toEqual({ kind: 'gated', feature: 'alpha', page: 'alpha', params: {} });
    expect(nativeTargetOf('/alpha/ordi', routes)).toEqual({ kind: 'gated', feature: 'alpha', page: 'alpha', params: { token: 'ordi' } });
    expect(nativeTargetOf('/pilot', routes)).toMatchObject({ kind: 'gated', feature: 'pilot' });
    expect(nativeTargetOf('/myaccount/kyc2', routes)).toEqual({ kind: 'kyc', params: { step: 'kyc2' } });
    expect(nativeTargetOf('/trade/BTC_USDT', routes)).toBeNull();
    expect(nativeTargetOf('/alpha', { gated: [{ path: '/alpha', feature: 'beta' as never, page: 'x' }], kyc: [] })).toBeNull();
  });
});

function setup(platform: Platform, version: number) {
  const postMessage = vi.fn();
  const host = (platform === 'ios' ? { webkit: { messageHandlers: { gateBridge: { postMessage } } } } : { gateBridge: { postMessage } }) as BridgeHost;
  const cookies = { device_type: platform === 'ios' ? '2' : '1', app_version: String(version) };
  const bridge = createPluginTester(plugin, { inApp: true, cookies, services: [[BRIDGE_HOOKS, { host, userAgent: null }]] }).service(NATIVE_BRIDGE);
  const navigate = vi.fn();
  const stop = interceptNativeLinks(document, bridge, { ...routes, langPrefix: '/zh', origin: window.location.origin, navigate });
  const click = (href: string) => {
    document.body.innerHTML = `<a href="${href}"><span>go</span></a>`;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.querySelector('span')!.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const sent = () => postMessage.mock.calls.map((c) => (typeof c[0] === 'string' ? JSON.parse(c[0]) : c[0]));
  return { click, sent, navigate, stop };
}

describe('plain links inside the app', () => {
  it('a gated route opens natively when the version meets the gate', () => {
    const t = setup('android', 658020);
    expect(t.click('/zh/alpha/ordi')).toBe(true);
    expect(t.sent()).toEqual([{ action: 'openPage', page: 'alpha', params: { token: 'ordi' } }]);
    expect(t.navigate).not.toHaveBeenCalled();
    t.stop();
  });
  it('an older app gets the fallback callback: the web page', () => {
    const t = setup('ios', 202410300000);
    expect(t.click('/zh/pilot')).toBe(true);
    expect(t.sent()).toEqual([]);
    expect(t.navigate).toHaveBeenCalledWith(`${window.location.origin}/zh/pilot`);
    t.stop();
  });
  it('KYC pages take the old or new native KYC route by iOS build', () => {
    const old = setup('ios', 202306151199);
    old.click('/zh/myaccount/kyc_home');
    expect(old.sent()).toEqual([{ action: 'openPage', page: 'kyc_verify', params: { step: 'kyc_home' } }]);
    old.stop();
    const current = setup('ios', 202306151200);
    current.click('/zh/myaccount/kyc3_v1');
    expect(current.sent()).toEqual([{ action: 'openPage', page: 'kyc_center', params: { step: 'kyc3_v1' } }]);
    current.stop();
  });
  it('other links are left to the browser', () => {
    const t = setup('android', 700000);
    expect(t.click('/zh/trade/BTC_USDT')).toBe(false);
    expect(t.click('https://elsewhere.test/alpha')).toBe(false);
    expect(t.sent()).toEqual([]);
    t.stop();
  });
});
