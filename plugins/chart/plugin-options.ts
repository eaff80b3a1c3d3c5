import type { ChartOptions as ChartPluginOptions } from './options.generated';

export type { ChartPluginOptions };

/** Defaults (the same as schema.json's), for embedding the chart outside the plugin. */
export const DEFAULT_CHART_OPTIONS: ChartPluginOptions = {
  defaultResolution: '60',
  symbols: [
    'BTC_USDT',
    'ETH_USDT',
    'SOL_USDT',
    'GT_USDT',
    'DOGE_USDT',
    'XRP_USDT',
    'TON_USDT',
    'PEPE_USDT',
    'MOODENG_USDT',
    'BTC_TRY',
    'ETH_TRY',
    'USDT_TRY',
    'SOL_TRY',
    'DOGE_TRY',
    'XRP_TRY',
  ],
  defaultBase: 'BTC',
  brandColor: '#2354e6',
  autoSaveMs: 10000,
  fallbackTimeZone: 'Asia/Shanghai',
  liquidationBuckets: 24,
  symbolSearchDelayMs: 1000,
  defaultIndicators: ['MACD'],
  initialBars: 500,
  historyPageBars: 500,
  demoTrading: true,
  overlay: {
    positionsPath: '/api/web/v1/chart/positions',
    ordersPath: '/api/web/v1/chart/orders',
    liquidationPath: '/api/web/v1/chart/liquidation',
    refreshMs: 15000,
  },
};
