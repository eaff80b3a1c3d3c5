import { useEffect, useMemo, useState } from 'react';
import { toast, type HttpClient, type ShellBus } from '../../../core';
import { CHART_API, OrderType, Side } from '../constants';
import type { LiquidationData, PositionLine } from '../types';

type T = (key: string, opts?: Record<string, unknown>) => string;
interface RawPosition { id: string; side: number; avgPrice: number; qty: number; pnlValue: number }
interface RawOrder { id: string; type: number; side: number; price: number; qty: number }
type Envelope<D> = { code?: number; data?: D } | undefined;

/** Refresh period of the demo position (PnL) and liquidation map. */
const REFRESH_MS = 15000;

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const okData = <D,>(r: Envelope<D>) => (r && r.code === 0 ? r.data : undefined);

/**
 * The demo user's position, open orders and liquidation map from the fake API, as chart lines whose
 * buttons show toasts and whose order lines can be dragged (POST orders/move).
 */
export function useTradingDemo(symbol: string, enabled: boolean, http: HttpClient, bus: ShellBus, t: T) {
  const [positions, setPositions] = useState<RawPosition[]>([]);
  const [orders, setOrders] = useState<RawOrder[]>([]);
  const [liquidation, setLiquidation] = useState<LiquidationData | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const load = async () => {
      const [p, o, l] = await Promise.all([
        http.get<Envelope<{ list?: RawPosition[] }>>(CHART_API.positions, { symbol }, { dedupe: false }),
        http.get<Envelope<{ list?: RawOrder[] }>>(CHART_API.orders, { symbol }),
        http.get<Envelope<{ mark_price?: number; levels?: LiquidationData['levels'] }>>(CHART_API.liquidation, { symbol }, { dedupe: false }),
      ]);
      if (!live) return;
      setPositions((okData(p)?.list ?? []).filter((x) => num(x.avgPrice) && num(x.qty)));
      setOrders((prev) => (prev.length ? prev : (okData(o)?.list ?? []).filter((x) => num(x.price) && num(x.qty))));
      const ld = okData(l);
      setLiquidation(ld && num(ld.mark_price) && Array.isArray(ld.levels) ? { mark_price: ld.mark_price, levels: ld.levels } : null);
    };
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
      setOrders([]);
    };
  }, [symbol, enabled, http]);

  const lines = useMemo<PositionLine[]>(() => {
    const quote = symbol.split('_')[1] ?? '';
    const pos = positions.map<PositionLine>((p) => ({
      id: p.id,
      type: OrderType.Position,
      side: p.side === Side.Sell ? Side.Sell : Side.Buy,
      avgPrice: p.avgPrice,
      visible: true,
      sideText: p.side === Side.Sell ? t('lines.short') : t('lines.long'),
      qtyText: String(p.qty),
      pnlValue: p.pnlValue,
      pnlText: `${p.pnlValue > 0 ? '+' : ''}${p.pnlValue.toFixed(2)} ${quote}`,
      showCloseButton: true,
      showTPSLButton: true,
      showReverseButton: true,
      tooltips: { close: t('lines.closeTip'), tpsl: t('lines.tpslTip'), reverse: t('lines.reverseTip') },
      callbacks: {
        onClose: (id) => toast.success(bus, t('toast.close', { id })),
        onTpsl: (id) => toast.warning(bus, t('toast.tpsl', { id })),
        onReverse: (id) => toast.success(bus, t('toast.reverse', { id })),
      },
    }));
    const ord = orders.map<PositionLine>((o) => ({
      id: o.id,
      type: o.type as OrderType,
      side: o.side === Side.Sell ? Side.Sell : Side.Buy,
      avgPrice: o.price,
      visible: true,
      sideText: orderText(o, t),
      qtyText: String(o.qty),
      showCloseButton: true,
      tooltips: { close: t('lines.cancelTip'), body: t('lines.dragTip') },
      callbacks: {
        onClose: (id) => toast.success(bus, t('toast.cancel', { id })),
        onMove: async (id, price) => {
          setOrders((list) => list.map((x) => (x.id === id ? { ...x, price } : x)));
          const r = await http.post<Envelope<{ price: number }>>(CHART_API.orderMove, { id, price });
          if (okData(r)) toast.success(bus, t('toast.moved', { id, price }));
          else toast.error(bus, t('toast.moveFailed', { id }));
        },
      },
    }));
    return [...pos, ...ord];
  }, [positions, orders, symbol, bus, http, t]);

  return { lines, liquidation };
}

function orderText(o: RawOrder, t: T): string {
  if (o.type === OrderType.TakeProfit) return t('lines.takeProfit');
  if (o.type === OrderType.StopLoss) return t('lines.stopLoss');
  if (o.type === OrderType.Stop) return t('lines.stop');
  return o.side === Side.Sell ? t('lines.limitSell') : t('lines.limitBuy');
}
