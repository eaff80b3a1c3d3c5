import { localePath, useIsActive, useLoaderData, usePlugin, usePluginT, useShell, useShellData, type RouteProps } from '../../../core/plugin-api';
import { CoinIcon, TradeLayout } from '../../../kit';
import type { ChartPluginOptions } from '../plugin-options';
import { siteMarkets } from '../markets';
import { overlayMode } from '../overlay/overlay-data';
import { useTradingOverlay } from '../overlay/useTradingOverlay';
import { ChartWidget } from './ChartWidget';
import { PositionsTable } from './PositionsTable';
import { OVERLAY_LOADER, PRICE_PRECISION_LOADER } from '../refs';

/** No markers (no trading overlay: visitors, or the demo switched off). */
const NO_MARKS: never[] = [];

/** Decimals of the positions table's prices where the back end does not give the symbol's. */
const FALLBACK_PRICE_PRECISION = 4;

/**
 * /trade/:symbol in the trade side-menu layout: the chart of BASE_QUOTE with the logged-in user's trading overlay
 * (their real positions and orders with a real back end; the fake API's demo otherwise), and a Deposit button that
 * opens the deposit picker (drawer plugin) for the quote coin.
 */
export function TradePage({ params }: RouteProps) {
  const { env } = useShell();
  const { user } = useShellData();
  const { options } = usePlugin<ChartPluginOptions>();
  const { t } = usePluginT();
  const symbol = (params.symbol ?? '').toUpperCase();
  // The site's markets: USDT ones, and those quoted in its defaultCurrB (TRY on Turkey).
  const markets = siteMarkets(options, env.region.defaultCurrB);
  const known = markets.symbols.includes(symbol);
  const [base, quote] = symbol.split('_');
  const mode = overlayMode(env, user.isLogin, options);
  const initial = useLoaderData(OVERLAY_LOADER);
  const overlay = useTradingOverlay({ symbol, known, mode, initial, options, http: env.http, bus: env.bus, t });
  // The symbol's price decimals, as its chart shows them, from the server loader: the same on the server and in the browser.
  const pricePrecision = useLoaderData(PRICE_PRECISION_LOADER) ?? FALLBACK_PRICE_PRECISION;
  const drawerActive = useIsActive('drawer');
  const canDeposit = user.isLogin && drawerActive;
  // The site's own exchange name on TradingView (tradingViewExchange: GATEUS, GATEUK…), where it has one.
  const exchange = env.region.tradingViewExchange;

  if (!known) {
    return (
      <TradeLayout>
        <section className="chart-page">
          <p className="chart-message chart-message--inline" role="alert">
            {t('status.unknownSymbol', { symbol: params.symbol ?? '' })}
          </p>
          <a className="chart-btn chart-btn--primary" href={localePath(env.langPrefix, `/trade/${markets.defaultSymbol}`)}>
            {t('status.openDefault', { symbol: markets.defaultSymbol.replace('_', '/') })}
          </a>
        </section>
      </TradeLayout>
    );
  }
  return (
    <TradeLayout>
      <section className="chart-page" data-overlay={mode}>
        <div className="chart-page__head">
          <div>
            <h1 className="chart-page__title">
              <CoinIcon symbol={base} size={28} decorative />
              {t('heading', { base, quote })}
            </h1>
            {exchange && <p className="chart-page__ticker">{t('tradingViewTicker', { ticker: `${exchange}:${base}${quote}` })}</p>}
          </div>
          {canDeposit && (
            <button
              type="button"
              className="chart-btn chart-btn--primary"
              aria-haspopup="dialog"
              onClick={() => env.bus.emit('deposit-picker:open', { currency: quote })}
            >
              {t('deposit', { coin: quote })}
            </button>
          )}
        </div>
        <ChartWidget symbol={symbol} options={options} lines={overlay.lines} liquidation={overlay.liquidation} marks={mode === 'none' ? NO_MARKS : null} />
        <PositionsTable lines={overlay.lines} precision={pricePrecision} t={t} />
      </section>
    </TradeLayout>
  );
}
