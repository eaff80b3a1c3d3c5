/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Native app bridge, version gates and app download links (spec 000 §4, spec 001 §6 and §9).
 */
export interface DeepLinksOptions {
  /**
   * Name of the JS bridge the app injects: window[bridgeName].postMessage(json) on Android, webkit.messageHandlers[bridgeName].postMessage(object) on iOS.
   */
  bridgeName: string;
  /**
   * Cookie the app sets with its version number (Android versionCode, iOS build yyyymmddNNNN).
   */
  appVersionCookie: string;
  /**
   * User-agent product token read when the cookie is missing: '<token>/<digits>'.
   */
  userAgentToken: string;
  /**
   * Native page ids of the KYC routes: legacy for iOS builds before 202306151200, current otherwise.
   */
  kycPages: {
    legacy: string;
    current: string;
  };
  /**
   * Ask the app to turn off pull-to-refresh on every page (spec 000 §4).
   */
  disableRefresh: boolean;
  /**
   * Open links with a data-native attribute, and same-site links to gatedRoutes and kycRoutes, as native pages inside the app.
   */
  interceptLinks: boolean;
  /**
   * Inside the app, same-site links to these routes (without the language prefix) open the gated native page when the app version meets the feature's gate (spec 001 §6, §9); older versions get the fallback callback, which follows the web link. Route parameters become the native page's parameters.
   */
  gatedRoutes: {
    /**
     * Route pattern, e.g. /alpha/:token.
     */
    path: string;
    /**
     * Version gate: alpha (Android 658020, iOS 202504080001) or pilot (Android 636000, iOS 202410300001).
     */
    feature: 'alpha' | 'pilot';
    /**
     * Native page id.
     */
    page: string;
  }[];
  /**
   * Inside the app, same-site links to these KYC pages (tip bar, notices, any other entry point) open the native KYC route: the legacy page for iOS builds before 202306151200, the current one otherwise (spec 001 §6). The native page gets the page name as its step parameter. A failed bridge call follows the web link.
   */
  kycRoutes: string[];
}
