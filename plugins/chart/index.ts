import { definePlugin, lazyPage, lazyView, loader, type LoaderInput } from '../../core/plugin-api';
import type { ChartPluginOptions } from './plugin-options';
import { fetchOverlay, overlayMode } from './overlay/overlay-data';
import { fetchPricePrecision } from './feed/datafeed';
import { siteMarkets } from './markets';
import schema from './schema.json';
import { OVERLAY_LOADER, PRICE_PRECISION_LOADER } from './refs';
import { DRAWER_PLUGIN } from '../drawer/refs';

/** Price chart (spec 001 §2): /trade/:symbol. lightweight-charts loads lazily, only when a chart mounts. */
const TradePage = lazyPage(() => import('./components/TradePage').then((m) => m.TradePage));

export { OVERLAY_LOADER, PRICE_PRECISION_LOADER } from './refs';

const symbolOf = (params: LoaderInput['params']) => (params.symbol ?? '').toUpperCase();

export default definePlugin<ChartPluginOptions>({
  id: 'chart',
  options: schema,
  /** The trade page's deposit button opens the drawer's picker ('deposit-picker:open') where the region runs it. */
  optional: [DRAWER_PLUGIN],
  delivery: {
    /** Its page is the browser's only use of it, and that is the trade page's first render. */
    inBrowser: () => false,
  },
  routes: () => [{ path: '/trade/:symbol', component: TradePage, titleKey: 'pageTitle' }],
  // The site's default market: BTC_TRY where defaultCurrB is try, BTC_USDT elsewhere.
  menuEntries: (options, region) => [
    {
      menu: 'trade',
      key: 'spot',
      label: 'menu.spot',
      path: `/trade/${siteMarkets(options, region.defaultCurrB).defaultSymbol}`,
      match: '/trade',
      icon: 'M4 19V5m0 14h16M8 15l3-4 3 2 5-7',
      code: 'spot',
      order: 10,
    },
  ],
  loaders: (options) => {
    // A listed market's trade page with a trading overlay: where the positions table can show.
    const withOverlay = ({ path, params, env }: LoaderInput) =>
      path.startsWith('/trade/') &&
      siteMarkets(options, env.region.defaultCurrB).symbols.includes(symbolOf(params)) &&
      overlayMode(env, env.state.data.user.isLogin, options) !== 'none';
    return [
      // The logged-in user's positions and orders (real back end, or the fake API's demo), in the server render.
      loader({
        key: OVERLAY_LOADER,
        perUser: true,
        when: withOverlay,
        run: ({ params, env }) => fetchOverlay(env.http, options.overlay, symbolOf(params)),
      }),
      // The symbol's price decimals for the positions table, so the server and the first browser render agree.
      loader({ key: PRICE_PRECISION_LOADER, when: withOverlay, run: ({ params, env }) => fetchPricePrecision(env.http, symbolOf(params)) }),
    ];
  },
});

/** For other plugins' views: a lazy view, so the widget's code (toolbar, search, layouts) stays out of every page. */
export const ChartWidget = lazyView(() => import('./components/ChartWidget').then((m) => m.ChartWidget));
export type { ChartWidgetProps } from './components/ChartWidget';
export type { ChartDatafeed, BarsRequest, BarsResult } from './feed/datafeed';
export type { Bar, SymbolInfo, SbPoint, PositionLine, LiquidationData } from './types';
export type { ChartPluginOptions } from './plugin-options';
export type { OverlayMode, OverlayData } from './overlay/overlay-data';
