import { definePlugin } from '../../core';
import schema from './schema.json';
import { AppBridge, NATIVE_BRIDGE, type BridgeHost } from './bridge';
import { parseAppVersion, platformOf } from './gates';
import { interceptNativeLinks } from './intercept';
import type { DeepLinksOptions } from './options.generated';

export { NATIVE_BRIDGE, type NativeBridge, type NativeParams, type BridgeMessage } from './bridge';
export { VERSION_GATES, IOS_NEW_KYC_BUILD, meetsVersionGate, kycPageFor, parseAppVersion, platformOf, type GatedFeature, type Platform } from './gates';
export { appLinkFor, appLinkEntry, type AppLinkContext } from './app-links';
export { DEFAULT_GATED_ROUTES, DEFAULT_KYC_ROUTES, nativeTargetOf, type GatedRoute, type NativeTarget } from './routes';

/**
 * The native app bridge (spec 000 §4): inside the app webview (device_type 1 Android, 2 iOS) the page turns off
 * native refresh and data-native links open native pages. Publishes the NativeBridge under NATIVE_BRIDGE.
 */
export default definePlugin<DeepLinksOptions>({
  id: 'deep-links',
  options: schema,
  /** No user-facing text: no translation namespace to load. */
  namespaces: [],
  setup(ctx) {
    const { options } = ctx;
    const platform = ctx.state.inApp ? platformOf(ctx.cookies.get('device_type')) : null;
    const browser = !ctx.isServer && typeof window !== 'undefined';
    const bridge = new AppBridge({
      platform,
      appVersion: parseAppVersion({ cookie: ctx.cookies.get(options.appVersionCookie), userAgent: browser ? navigator.userAgent : null, token: options.userAgentToken }),
      name: options.bridgeName,
      kycPages: options.kycPages,
      host: browser ? (window as unknown as BridgeHost) : undefined,
      log: (m) => console.warn(m),
    });
    ctx.provide(NATIVE_BRIDGE, bridge);
    if (!browser || !bridge.inApp) return;
    ctx.effect(() => {
      if (options.disableRefresh) bridge.disableRefresh();
      if (!options.interceptLinks) return undefined;
      return interceptNativeLinks(document, bridge, {
        gated: options.gatedRoutes,
        kyc: options.kycRoutes,
        langPrefix: ctx.langPrefix,
        origin: window.location.origin,
        navigate: (href) => window.location.assign(href),
      });
    });
  },
});
