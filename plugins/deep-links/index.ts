import { definePlugin } from '../../core/plugin-api';
import schema from './schema.json';
import { AppBridge, appPlatform, BRIDGE_HOOKS, inBrowser, NATIVE_BRIDGE, PageBridgeHooks } from './bridge';
import { interceptNativeLinks } from './intercept';
import type { DeepLinksOptions } from './options.generated';

export { NATIVE_BRIDGE, BRIDGE_HOOKS, type NativeBridge, type NativeParams, type BridgeMessage, type BridgeHooks } from './bridge';
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
  delivery: {
    /** In the app, links are intercepted from the first click on: active before hydration there. */
    beforeHydration: (env, options) => appPlatform(env) !== null && (options.interceptLinks || options.disableRefresh),
    /** Outside the app the browser has nothing of it to run (its services are for code inside the app). */
    inBrowser: (env) => appPlatform(env) !== null,
  },
  setup(ctx) {
    const { options } = ctx;
    // Built by the request container on first use: env, options and hooks (window, user agent) by ref.
    ctx.provide(BRIDGE_HOOKS, PageBridgeHooks);
    ctx.provide(NATIVE_BRIDGE, AppBridge);
    if (!inBrowser(ctx) || appPlatform(ctx) === null) return;
    ctx.effect(() => {
      const bridge = ctx.get(NATIVE_BRIDGE);
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
