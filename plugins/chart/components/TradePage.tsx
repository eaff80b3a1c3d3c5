import { localePath, usePlugin, usePluginT, useShell, type RouteProps } from '../../../core';
import type { ChartPluginOptions } from '../plugin-options';
import { ChartWidget } from './ChartWidget';
import { PositionsTable } from './PositionsTable';
import { useTradingDemo } from './useTradingDemo';

/** No markers (demo trading off). */
const NO_MARKS: never[] = [];

/** Precision of the demo table's prices (the chart itself uses the symbol's). */
const TABLE_PRECISION: Record<string, number> = { BTC_USDT: 1, ETH_USDT: 2, DOGE_USDT: 6, PEPE_USDT: 10, MOODENG_USDT: 6 };

/** /trade/:symbol: the chart of BASE_QUOTE with the demo position, orders and fills. */
export function TradePage({ params }: RouteProps) {
  const { env } = useShell();
  const { options } = usePlugin<ChartPluginOptions>();
  const { t } = usePluginT();
  const symbol = (params.symbol ?? '').toUpperCase();
  const known = options.symbols.includes(symbol);
  const [base, quote] = symbol.split('_');
  const demo = useTradingDemo(symbol, known && options.demoTrading, env.http, env.bus, t);

  if (!known) {
    return (
      <section className="chart-page">
        <p className="chart-message chart-message--inline" role="alert">
          {t('status.unknownSymbol', { symbol: params.symbol ?? '' })}
        </p>
        <a className="chart-btn chart-btn--primary" href={localePath(env.langPrefix, `/trade/${options.defaultSymbol}`)}>
          {t('status.openDefault', { symbol: options.defaultSymbol.replace('_', '/') })}
        </a>
      </section>
    );
  }
  return (
    <section className="chart-page">
      <h1 className="chart-page__title">{t('heading', { base, quote })}</h1>
      <ChartWidget symbol={symbol} options={options} lines={demo.lines} liquidation={demo.liquidation} marks={options.demoTrading ? null : NO_MARKS} />
      <PositionsTable lines={demo.lines} precision={TABLE_PRECISION[symbol] ?? 4} t={t} />
    </section>
  );
}
