/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */

/**
 * Price chart on /trade/:symbol: resolutions, symbols, colours, layout auto-save, time zone, liquidation buckets.
 */
export interface ChartOptions {
  /**
   * Resolution of a symbol without a saved layout (spec 001 §9: 60).
   */
  defaultResolution:
    '1S' | '10S' | '30S' | '1' | '3' | '5' | '15' | '30' | '60' | '120' | '240' | '360' | '480' | '720' | '1D' | '2D' | '3D' | '5D' | '1W' | '1M';
  /**
   * The exchange's markets, BASE_QUOTE. A site offers those quoted in USDT and those quoted in its defaultCurrB (TRY on Turkey); other symbols show 'not listed'. A defaultCurrB none is quoted in leaves the USDT ones.
   *
   * @minItems 1
   */
  symbols: [string, ...string[]];
  /**
   * Base coin of the default market (the trade menu's spot entry, the link from an unknown symbol), quoted in the site's defaultCurrB: BTC_TRY on Turkey, BTC_USDT elsewhere. Where the site offers no such market: this coin in USDT, else the site's first market.
   */
  defaultBase: string;
  /**
   * Brand colour, #rrggbb (spec 001 §9: blue).
   */
  brandColor: string;
  /**
   * Layout auto-save period in ms.
   */
  autoSaveMs: number;
  /**
   * IANA time zone used when the browser's is unavailable (spec 001 §9: Asia/Shanghai).
   */
  fallbackTimeZone: string;
  /**
   * Price buckets of the liquidation heat indicator (spec 001 §9: 24).
   */
  liquidationBuckets: number;
  /**
   * Debounce of the symbol search in ms (spec 001 §9: 1000).
   */
  symbolSearchDelayMs: number;
  /**
   * Indicator panes of a symbol without a saved layout.
   */
  defaultIndicators: ('KDJ' | 'MACD' | 'TD')[];
  /**
   * Bars loaded when the chart opens.
   */
  initialBars: number;
  /**
   * Bars loaded per page when scrolling back.
   */
  historyPageBars: number;
  /**
   * Fake API only: show its demo position, orders and fills to logged-in users. A real back end shows the user's own (see overlay); visitors see none.
   */
  demoTrading: boolean;
  /**
   * Trading overlay endpoints, each GET ?symbol=BASE_QUOTE (README: replies).
   */
  overlay: {
    /**
     * The user's open positions.
     */
    positionsPath: string;
    /**
     * The user's open orders.
     */
    ordersPath: string;
    /**
     * The liquidation map.
     */
    liquidationPath: string;
    /**
     * Refresh period in ms.
     */
    refreshMs: number;
  };
}
