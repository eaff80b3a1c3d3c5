import { useId } from 'react';
import { RESOLUTIONS, type Resolution } from '../constants';
import type { ChartDatafeed } from '../feed/datafeed';
import { INDICATOR_INPUTS, INDICATOR_TYPES, type IndicatorType } from '../indicators/inputs';
import type { ChartLayout } from '../layout/layout-store';
import { SymbolSearch } from './SymbolSearch';

/** Resolutions with their own button on wide screens; all are in the select. */
const QUICK: readonly Resolution[] = ['1', '15', '60', '240', '1D', '1W'];

export interface ChartToolbarProps {
  layout: Pick<ChartLayout, 'resolution' | 'indicators' | 'overlays'>;
  disabled: boolean;
  datafeed: ChartDatafeed;
  searchDelayMs: number;
  symbols: readonly string[];
  hrefOf: (symbol: string) => string;
  timeZone: string | null;
  onResolution: (r: Resolution) => void;
  onToggleIndicator: (type: IndicatorType, on: boolean) => void;
  onEditIndicator: (type: IndicatorType) => void;
  onOverlay: (key: keyof ChartLayout['overlays'], on: boolean) => void;
  onReset: () => void;
  t: (key: string, opts?: Record<string, unknown>) => string;
}

/** Quick resolution buttons and the select of every resolution; `id` names the select for its label. */
function ResolutionGroup({ p, id }: { p: ChartToolbarProps; id: string }) {
  const { t } = p;
  return (
    <div className="chart-toolbar__group" role="group" aria-label={t('toolbar.resolution')}>
      {QUICK.map((r) => (
        <button
          key={r}
          type="button"
          className="chart-chip chart-chip--quick"
          aria-pressed={p.layout.resolution === r}
          disabled={p.disabled}
          onClick={() => p.onResolution(r)}
        >
          {t(`resolutions.${r}`)}
        </button>
      ))}
      <label className="chart-visually-hidden" htmlFor={`${id}-res`}>
        {t('toolbar.resolution')}
      </label>
      <select
        id={`${id}-res`}
        className="chart-select"
        value={p.layout.resolution}
        disabled={p.disabled}
        onChange={(e) => p.onResolution(e.target.value as Resolution)}
      >
        {RESOLUTIONS.map((r) => (
          <option key={r} value={r}>
            {t(`resolutions.${r}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A toggle per indicator, with a settings button beside the active ones that have inputs. */
function IndicatorGroup({ p }: { p: ChartToolbarProps }) {
  const { t } = p;
  const active = (type: IndicatorType) => p.layout.indicators.some((i) => i.type === type);
  return (
    <div className="chart-toolbar__group" role="group" aria-label={t('toolbar.indicators')}>
      {INDICATOR_TYPES.map((type) => (
        <span key={type} className="chart-toolbar__pair">
          <button
            type="button"
            className="chart-chip"
            aria-pressed={active(type)}
            disabled={p.disabled}
            onClick={() => p.onToggleIndicator(type, !active(type))}
          >
            {t(`indicators.${type}`)}
          </button>
          {active(type) && INDICATOR_INPUTS[type].length > 0 && (
            <button
              type="button"
              className="chart-chip chart-chip--icon"
              aria-label={t('toolbar.settings', { name: t(`indicators.${type}`) })}
              disabled={p.disabled}
              onClick={() => p.onEditIndicator(type)}
            >
              ⚙
            </button>
          )}
        </span>
      ))}
    </div>
  );
}

/** Resolution picker, symbol search, indicator and overlay toggles, reset: all native controls, keyboard reachable. */
export function ChartToolbar(p: ChartToolbarProps) {
  const id = useId();
  const { t } = p;
  return (
    <div className="chart-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
      <SymbolSearch datafeed={p.datafeed} delayMs={p.searchDelayMs} allowed={p.symbols} hrefOf={p.hrefOf} t={t} />
      <ResolutionGroup p={p} id={id} />
      <IndicatorGroup p={p} />
      <div className="chart-toolbar__group" role="group" aria-label={t('toolbar.overlays')}>
        {(['volume', 'liquidation'] as const).map((key) => (
          <button
            key={key}
            type="button"
            className="chart-chip"
            aria-pressed={p.layout.overlays[key]}
            disabled={p.disabled}
            onClick={() => p.onOverlay(key, !p.layout.overlays[key])}
          >
            {t(`toolbar.${key}`)}
          </button>
        ))}
      </div>
      <button type="button" className="chart-chip chart-toolbar__reset" disabled={p.disabled} onClick={p.onReset}>
        {t('toolbar.reset')}
      </button>
      {/* Its line is there before the chart knows the browser's time zone, so the chart below does not move then. */}
      <span className="chart-toolbar__tz" aria-hidden={p.timeZone ? undefined : true}>
        {p.timeZone ? t('toolbar.timeZone', { tz: p.timeZone }) : '\u00a0'}
      </span>
    </div>
  );
}
