import { OrderType } from '../constants';
import { chartPriceText } from '../runtime/price-format';
import type { PositionLine } from '../types';

interface Props {
  lines: PositionLine[];
  precision: number;
  t: (key: string, opts?: Record<string, unknown>) => string;
}

const hasButtons = (l: PositionLine) => !!(l.showTPSLButton || l.showReverseButton || l.showCloseButton);

/**
 * The chart's positions and orders as a table, with the same actions as the canvas buttons (their keyboard route).
 * Read-only lines (a real back end's) get no actions column and no drag hint.
 */
export function PositionsTable({ lines, precision, t }: Props) {
  if (!lines.length) return null;
  const actions = lines.some(hasButtons);
  const draggable = lines.some((l) => l.callbacks?.onMove);
  return (
    <section className="chart-positions" aria-labelledby="chart-positions-title" data-testid="chart-positions">
      <h2 id="chart-positions-title">{t('lines.title')}</h2>
      <div className="chart-positions__scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('lines.type')}</th>
              <th scope="col">{t('lines.price')}</th>
              <th scope="col">{t('lines.qty')}</th>
              <th scope="col">{t('lines.pnl')}</th>
              {actions && <th scope="col">{t('lines.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => {
              const pos = l.type === OrderType.Position;
              return (
                <tr key={l.id}>
                  <td>{l.sideText}</td>
                  <td>{chartPriceText(l.avgPrice, precision)}</td>
                  <td>{l.qtyText ?? l.qty}</td>
                  <td className={l.pnlValue === undefined ? undefined : l.pnlValue >= 0 ? 'chart-up' : 'chart-down'}>{l.pnlText ?? '—'}</td>
                  {actions && (
                    <td className="chart-positions__actions">
                      {l.showTPSLButton && (
                        <button type="button" className="chart-chip" onClick={() => l.callbacks?.onTpsl?.(l.id)}>
                          {t('lines.tpsl')}
                        </button>
                      )}
                      {l.showReverseButton && (
                        <button type="button" className="chart-chip" onClick={() => l.callbacks?.onReverse?.(l.id)}>
                          {t('lines.reverse')}
                        </button>
                      )}
                      {l.showCloseButton && (
                        <button type="button" className="chart-chip" onClick={() => l.callbacks?.onClose?.(l.id)}>
                          {pos ? t('lines.close') : t('lines.cancel')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {draggable && <p className="chart-positions__hint">{t('lines.dragHint')}</p>}
    </section>
  );
}
