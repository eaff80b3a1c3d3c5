/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * The mobile app-download bar, the app-download guide, the promotional banner and the download page (spec 000 §2, §4). The site switch hiddenAppDownload (spec 000 §3) is this plugin's presence, inverted: list it where the bar shows (§4: main and Turkey), leave it out to hide it.
 */
export interface AppBarOptions {
  /**
   * Country codes (user info country) whose verified users (KYC level above 0) never see the bar (spec 000 §4: 233 on the main site).
   *
   * @maxItems 50
   */
  verifiedHiddenCountries: number[];
  /**
   * The store/download page the bar goes to and the download page's path (spec 000 §2: /appdownload; /mobileapp on Turkey).
   */
  storePath: string;
  /**
   * Open the app link in a new tab (spec 000 §4: everywhere but Turkey, which opens it in the same tab).
   */
  storeLinkNewTab: boolean;
  /**
   * How long the close control hides the bar (days; the app_download_bar_hidden cookie's lifetime).
   */
  hideForDays: number;
  /**
   * Path prefixes (without locale prefix) where the bar is hidden besides the spec's fifteen.
   *
   * @maxItems 50
   */
  extraHiddenPrefixes: string[];
  /**
   * Serve the store/download page (/appdownload; /mobileapp on Turkey) the bar goes to.
   */
  downloadPage: boolean;
  /**
   * App Store and Google Play pages shown on the download page.
   */
  storeLinks: {
    ios: string;
    android: string;
  };
  /**
   * Turkey (same tab): how long after opening the app link the page goes to the download page if it is still showing (ms; not in the spec).
   */
  sameTabStoreDelayMs: number;
}
