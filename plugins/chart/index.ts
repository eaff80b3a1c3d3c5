import { definePlugin, lazyPage } from '../../core';
import type { ChartPluginOptions } from './plugin-options';
import schema from './schema.json';

/** Price chart (spec 001 §2): /trade/:symbol. lightweight-charts loads lazily, only when a chart mounts. */
const TradePage = lazyPage(() => import('./components/TradePage').then((m) => m.TradePage));

export default definePlugin<ChartPluginOptions>({
  id: 'chart',
  options: schema,
  setup(ctx) {
    ctx.route({ path: '/trade/:symbol', component: TradePage, titleKey: 'pageTitle' });
  },
});

export { ChartWidget, type ChartWidgetProps } from './components/ChartWidget';
export type { ChartDatafeed, BarsRequest, BarsResult } from './feed/datafeed';
export type { Bar, SymbolInfo, SbPoint, PositionLine, LiquidationData } from './types';
export type { ChartPluginOptions } from './plugin-options';
