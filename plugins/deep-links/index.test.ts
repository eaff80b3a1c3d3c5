// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createPluginTester } from '../../core/plugin-api/testing';
import plugin, { NATIVE_BRIDGE } from './index';

describe('deep-links plugin', () => {
  it('inside the app (device_type 2): provides the bridge, disables refresh after hydration', () => {
    const postMessage = vi.fn();
    (window as unknown as { webkit: unknown }).webkit = { messageHandlers: { gateBridge: { postMessage } } };
    const t = createPluginTester(plugin, { inApp: true, cookies: { device_type: '2', app_version: '202504080001' } });
    const bridge = t.service(NATIVE_BRIDGE);
    expect(bridge).toMatchObject({ inApp: true, platform: 'ios', appVersion: 202504080001 });
    expect(bridge.supports('alpha')).toBe(true);
    expect(postMessage).not.toHaveBeenCalled();
    t.hydrate();
    expect(postMessage).toHaveBeenCalledWith({ action: 'disableRefresh' });
    expect(t.dispose()).toEqual([]);
    delete (window as unknown as { webkit?: unknown }).webkit;
  });

  it('outside the app: a bridge that opens nothing and no effects', () => {
    const t = createPluginTester(plugin, { cookies: { device_type: '0' } });
    const bridge = t.service(NATIVE_BRIDGE);
    expect(bridge.inApp).toBe(false);
    const fallback = vi.fn();
    bridge.openGated('pilot', 'pilot', {}, fallback);
    expect(fallback).toHaveBeenCalled();
    expect(t.activation.effects).toHaveLength(0);
    t.dispose();
  });

  it('on the server: provides a bridge without touching window', () => {
    const t = createPluginTester(plugin, { side: 'server', inApp: true, cookies: { device_type: '1', app_version: '636000' } });
    const bridge = t.service(NATIVE_BRIDGE);
    expect(bridge.platform).toBe('android');
    expect(bridge.supports('pilot')).toBe(true);
    expect(bridge.supports('alpha')).toBe(false);
    expect(bridge.openNative('pilot')).toBe(false);
    t.dispose();
  });
});
