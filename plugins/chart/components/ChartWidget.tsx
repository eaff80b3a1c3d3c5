import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { localePath, usePluginT, useShell } from '../../../core/plugin-api';
import { toast } from '../../../kit';
import type { Resolution } from '../constants';
import { createHttpDatafeed, type ChartDatafeed } from '../feed/datafeed';
import { defaultInputs, type IndicatorType } from '../indicators/inputs';
import { optionsLayout, type ChartLayout } from '../layout/layout-store';
import { openLayoutStore } from '../layout/layout-db';
import { DEFAULT_CHART_OPTIONS, type ChartPluginOptions } from '../plugin-options';
import { siteMarkets } from '../markets';
import type { ChartHandle, ChartState } from '../runtime/chart-mount';
import type { RuntimeLabels } from '../runtime/chart-runtime';
import { prefetchFirstLoad } from '../feed/first-load';
import { resolveTimeZone } from '../time/timezone';
import type { LiquidationData, PositionLine, SbPoint } from '../types';
import { ChartSkeleton } from './ChartSkeleton';
import { ChartToolbar } from './ChartToolbar';
import { IndicatorDialog } from './IndicatorDialog';
import './chart.css';

export interface ChartWidgetProps {
  symbol: string;
  /** Data source (default: the chart endpoints of the exchange API). */
  datafeed?: ChartDatafeed;
  options?: Partial<ChartPluginOptions>;
  /** Order and position lines. */
  lines?: PositionLine[];
  /** Buy/sell markers; null or absent loads them from the datafeed. */
  marks?: SbPoint[] | null;
  liquidation?: LiquidationData | null;
  /** Show the toolbar (default true). */
  toolbar?: boolean;
  className?: string;
}

/** What the chart is mounted with; the lines, marks and liquidation map follow their props once mounted. */
interface MountInput {
  symbol: string;
  datafeed: ChartDatafeed;
  options: ChartPluginOptions;
  lng: string;
  canvasLabels: RuntimeLabels;
  lines?: PositionLine[];
  marks?: SbPoint[] | null;
  liquidation?: LiquidationData | null;
}

/**
 * Loads the chart code and the symbol's saved layout in an effect, mounts the chart in `containerRef` and keeps its
 * state; a new symbol, feed, options or language mounts it again.
 */
function useChartMount({ symbol, datafeed, options, lng, canvasLabels, lines, marks, liquidation }: MountInput) {
  const containerRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<ChartHandle | null>(null);
  const [state, setState] = useState<ChartState | null>(null);
  const [failed, setFailed] = useState(false);
  const [timeZone, setTimeZone] = useState<string | null>(null);
  // The overlays as the page last gave them, and those the mounted chart has (none until its first bars). A new chart
  // takes them all with its first bars, so the frame that draws the bars draws them too, and afterwards only what
  // changes (each set costs a whole frame). A chart whose page gives its own marks (none, for a visitor) never asks
  // the datafeed for them.
  const overlays = useRef<Overlays>({ lines, marks, liquidation });
  const applied = useRef<Overlays | null>(null);
  useEffect(() => {
    const next = { lines, marks, liquidation };
    overlays.current = next;
    if (!handleRef.current || !applied.current) return;
    applyOverlays(handleRef.current, next, applied.current);
    applied.current = next;
  }, [lines, marks, liquidation]);

  useEffect(() => {
    let cancelled = false;
    let handle: ChartHandle | null = null;
    // A new mount starts without the previous failure; the time zone is the browser's (the server cannot know it).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- both change only when the chart mounts again
    setFailed(false);
    setTimeZone(resolveTimeZone(options.fallbackTimeZone));
    // The chart code and the symbol's saved layout (local database) load together; the first bars are asked for as
    // soon as the layout is known, and the chart is created once they are in (or failed). It takes them in the next
    // task (chart-session.ts), so no one task holds the main thread for both; the skeleton covers the chart until
    // they are drawn.
    const opened = openLayoutStore(symbol).then(async (store) => {
      const prefetched = prefetchFirstLoad(datafeed, symbol, store, options);
      await Promise.allSettled([prefetched.symbolInfo, prefetched.bars]);
      return { store, prefetched };
    });
    Promise.all([import('../runtime/chart-mount'), opened])
      .then(([{ mountChart }, { store, prefetched }]) => {
        if (cancelled || !containerRef.current) return;
        const onFirstBars = () => {
          if (!handle) return;
          applyOverlays(handle, overlays.current, null);
          applied.current = overlays.current;
        };
        handle = mountChart(containerRef.current, {
          symbol,
          datafeed,
          store,
          options,
          locale: lng,
          labels: canvasLabels,
          onState: setState,
          prefetched,
          onFirstBars,
        });
        handleRef.current = handle;
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      handle?.destroy();
      handleRef.current = null;
      applied.current = null;
      setState(null);
    };
  }, [symbol, datafeed, options, lng, canvasLabels]);

  return { containerRef, handleRef, state, failed, timeZone };
}

type Overlays = Pick<MountInput, 'lines' | 'marks' | 'liquidation'>;

/** Sets on the chart the overlays that differ from those it `had` (every one on a new chart: `had` null). */
function applyOverlays(handle: ChartHandle, next: Overlays, had: Overlays | null): void {
  if (!had || had.marks !== next.marks) handle.setMarks(next.marks ?? null);
  if (!had || had.lines !== next.lines) handle.setLines(next.lines ?? []);
  if (!had || had.liquidation !== next.liquidation) handle.setLiquidation(next.liquidation ?? null);
}

/** The message shown instead of the chart: failed, no data, or a symbol that is not listed. */
function ChartStatusMessage({
  status,
  symbol,
  t,
}: {
  status: 'error' | 'empty' | 'unknown-symbol';
  symbol: string;
  t: (key: string, opts?: Record<string, unknown>) => string;
}) {
  return (
    <div className="chart-message" role="alert">
      <p>{status === 'unknown-symbol' ? t('status.unknownSymbol', { symbol }) : t(`status.${status}`)}</p>
      {status === 'error' && (
        <button type="button" className="chart-btn" onClick={() => window.location.reload()}>
          {t('status.retry')}
        </button>
      )}
    </div>
  );
}

/**
 * The price chart. Renders a skeleton (also on the server); lightweight-charts and the chart runtime are
 * loaded with a dynamic import in an effect, so pages without a chart never download them.
 */
export function ChartWidget({ symbol, datafeed: feed, options: partial, lines, marks, liquidation, toolbar = true, className }: ChartWidgetProps) {
  const { env } = useShell();
  const { t, i18n } = usePluginT('chart');
  const options = useMemo(() => ({ ...DEFAULT_CHART_OPTIONS, ...partial }), [partial]);
  // The search offers the site's markets: those quoted in USDT and in its defaultCurrB.
  const offered = useMemo(() => siteMarkets(options, env.region.defaultCurrB).symbols, [options, env.region.defaultCurrB]);
  const datafeed = useMemo(() => feed ?? createHttpDatafeed(env.http), [feed, env.http]);
  const lng = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- lng: the labels are re-read after a language change
  const canvasLabels = useMemo(() => ({ buy: t('canvas.buy'), sell: t('canvas.sell'), mark: t('canvas.mark'), tpsl: t('canvas.tpsl') }), [t, lng]);
  const { containerRef, handleRef, state, failed, timeZone } = useChartMount({ symbol, datafeed, options, lng, canvasLabels, lines, marks, liquidation });
  const [editing, setEditing] = useState<IndicatorType | null>(null);
  const initial = useMemo(() => optionsLayout(options), [options]);
  const layout: ChartLayout = state?.layout ?? initial;

  const onReset = useCallback(() => {
    handleRef.current?.resetLayout();
    toast.success(env.bus, t('toolbar.resetDone'));
  }, [env.bus, t, handleRef]);

  const status = failed ? 'error' : (state?.status ?? 'loading');
  const ready = status === 'ready';
  const editValues = editing ? (layout.indicators.find((i) => i.type === editing)?.inputs ?? defaultInputs(editing)) : [];
  return (
    <div className={`chart-widget${className ? ` ${className}` : ''}`} data-ready={ready} data-status={status}>
      {toolbar && (
        <ChartToolbar
          layout={layout}
          disabled={!state || status === 'unknown-symbol'}
          datafeed={datafeed}
          searchDelayMs={options.symbolSearchDelayMs}
          symbols={offered}
          hrefOf={(s) => localePath(env.langPrefix, `/trade/${s}`)}
          timeZone={timeZone}
          onResolution={(r: Resolution) => handleRef.current?.setResolution(r)}
          onToggleIndicator={(type, on) => handleRef.current?.setIndicator(type, on ? defaultInputs(type) : null)}
          onEditIndicator={setEditing}
          onOverlay={(key, on) => handleRef.current?.setOverlay(key, on)}
          onReset={onReset}
          t={t}
        />
      )}
      <div className="chart-stage">
        {/* Inert until ready: hidden from assistive technology and, unlike aria-hidden alone, the library's own link
            inside cannot take focus (axe aria-hidden-focus). */}
        <div ref={containerRef} className="chart-canvas" dir="ltr" inert={!ready} />
        {status === 'loading' && <ChartSkeleton label={t('loading')} />}
        {(status === 'error' || status === 'empty' || status === 'unknown-symbol') && <ChartStatusMessage status={status} symbol={symbol} t={t} />}
      </div>
      <p className="chart-attribution">
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          {t('attribution')}
        </a>
      </p>
      {editing && (
        <IndicatorDialog
          type={editing}
          values={editValues}
          t={t}
          onClose={() => setEditing(null)}
          onApply={(values) => {
            handleRef.current?.setIndicator(editing, values);
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
