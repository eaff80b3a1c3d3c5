import { useEffect, useMemo, useState } from 'react';
import { type HttpClient, type ShellBus } from '../../../core/plugin-api';
import { toast } from '../../../kit';
import { CHART_API, OrderType, Side } from '../constants';
import type { ChartPluginOptions } from '../plugin-options';
import type { LiquidationData, PositionLine } from '../types';
import { fetchOverlay, type OverlayData, type OverlayMode, type RawOrder } from './overlay-data';

type T = (key: string, opts?: Record<string, unknown>) => string;
type Envelope<D> = { code?: number; data?: D } | undefined;

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const okData = <D>(r: Envelope<D>) => (r && r.code === 0 ? r.data : undefined);

export interface OverlayInput {
  symbol: string;
  /** False for a symbol the site does not list: nothing is loaded. */
  known: boolean;
  mode: OverlayMode;
  /** The server loader's positions and orders (so the first render already shows them). */
  initial: OverlayData | undefined;
  options: Pick<ChartPluginOptions, 'overlay'>;
  http: HttpClient;
  bus: ShellBus;
  t: T;
}

/**
 * The chart's trading overlay: the user's positions and open orders as chart lines, refreshed every
 * `overlay.refreshMs`, plus the (public) liquidation map. 'real' lines are read-only (the exchange's order forms act on
 * them); 'demo' lines (fake API) answer their buttons with toasts and can be dragged (POST orders/move); 'none' shows
 * no lines and loads no user data.
 */
export function useTradingOverlay({ symbol, known, mode, initial, options, http, bus, t }: OverlayInput) {
  const { positionsPath, ordersPath, liquidationPath, refreshMs } = options.overlay;
  const [data, setData] = useState<OverlayData>(() => (mode === 'none' ? { positions: [], orders: [] } : (initial ?? { positions: [], orders: [] })));
  const [liquidation, setLiquidation] = useState<LiquidationData | null>(null);

  useEffect(() => {
    if (!known) return undefined;
    let live = true;
    const load = async () => {
      const [overlay, l] = await Promise.all([
        mode === 'none' ? Promise.resolve(null) : fetchOverlay(http, { positionsPath, ordersPath, liquidationPath, refreshMs }, symbol),
        http.get<Envelope<{ mark_price?: number; levels?: LiquidationData['levels'] }>>(liquidationPath, { symbol }, { dedupe: false }).catch(() => undefined),
      ]);
      if (!live) return;
      // A demo order the user dragged keeps its new price (the fake API does not store moves).
      if (overlay) setData((prev) => ({ positions: overlay.positions, orders: mode === 'demo' && prev.orders.length ? prev.orders : overlay.orders }));
      const ld = okData(l);
      setLiquidation(ld && num(ld.mark_price) && Array.isArray(ld.levels) ? { mark_price: ld.mark_price, levels: ld.levels } : null);
    };
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [symbol, known, mode, http, positionsPath, ordersPath, liquidationPath, refreshMs]);

  const lines = useMemo<PositionLine[]>(() => {
    if (mode === 'none') return [];
    const demo = mode === 'demo';
    const quote = symbol.split('_')[1] ?? '';
    const pos = data.positions.map<PositionLine>((p) => ({
      id: p.id,
      type: OrderType.Position,
      side: p.side === Side.Sell ? Side.Sell : Side.Buy,
      avgPrice: p.avgPrice,
      visible: true,
      sideText: p.side === Side.Sell ? t('lines.short') : t('lines.long'),
      qtyText: String(p.qty),
      pnlValue: p.pnlValue,
      pnlText: `${p.pnlValue > 0 ? '+' : ''}${p.pnlValue.toFixed(2)} ${quote}`,
      showCloseButton: demo,
      showTPSLButton: demo,
      showReverseButton: demo,
      tooltips: demo ? { close: t('lines.closeTip'), tpsl: t('lines.tpslTip'), reverse: t('lines.reverseTip') } : undefined,
      callbacks: demo
        ? {
            onClose: (id) => toast.success(bus, t('toast.close', { id })),
            onTpsl: (id) => toast.warning(bus, t('toast.tpsl', { id })),
            onReverse: (id) => toast.success(bus, t('toast.reverse', { id })),
          }
        : undefined,
    }));
    const ord = data.orders.map<PositionLine>((o) => ({
      id: o.id,
      type: o.type as OrderType,
      side: o.side === Side.Sell ? Side.Sell : Side.Buy,
      avgPrice: o.price,
      visible: true,
      sideText: orderText(o, t),
      qtyText: String(o.qty),
      showCloseButton: demo,
      tooltips: demo ? { close: t('lines.cancelTip'), body: t('lines.dragTip') } : undefined,
      callbacks: demo
        ? {
            onClose: (id) => toast.success(bus, t('toast.cancel', { id })),
            onMove: (id, price) => {
              setData((d) => ({ ...d, orders: d.orders.map((x) => (x.id === id ? { ...x, price } : x)) }));
              void http.post<Envelope<{ price: number }>>(CHART_API.orderMove, { id, price }).then((r) => {
                if (okData(r)) toast.success(bus, t('toast.moved', { id, price }));
                else toast.error(bus, t('toast.moveFailed', { id }));
              });
            },
          }
        : undefined,
    }));
    return [...pos, ...ord];
  }, [mode, data, symbol, bus, http, t]);

  return { lines, liquidation };
}

function orderText(o: RawOrder, t: T): string {
  if (o.type === OrderType.TakeProfit) return t('lines.takeProfit');
  if (o.type === OrderType.StopLoss) return t('lines.stopLoss');
  if (o.type === OrderType.Stop) return t('lines.stop');
  return o.side === Side.Sell ? t('lines.limitSell') : t('lines.limitBuy');
}
