import type { HttpClient, ShellEnv } from '../../../core/plugin-api';
import type { ChartPluginOptions } from '../plugin-options';

/** One open position as the positions endpoint lists it. */
export interface RawPosition {
  id: string;
  /** Side: 1 buy/long, -1 sell/short (spec 001 §3). */
  side: number;
  avgPrice: number;
  qty: number;
  pnlValue: number;
}

/** One open order as the orders endpoint lists it (type: spec 001 §3 order types). */
export interface RawOrder {
  id: string;
  type: number;
  side: number;
  price: number;
  qty: number;
}

export interface OverlayData {
  positions: RawPosition[];
  orders: RawOrder[];
}

/**
 * Which trading overlay a page shows: the user's real positions and orders ('real', back end at API_ORIGIN), the fake
 * API's demo with working buttons ('demo', only with the fake API and `demoTrading`), or none (visitors, or the demo
 * switched off on the fake API).
 */
export type OverlayMode = 'real' | 'demo' | 'none';

export function overlayMode(env: Pick<ShellEnv, 'backend'>, isLogin: boolean, options: Pick<ChartPluginOptions, 'demoTrading'>): OverlayMode {
  if (!isLogin) return 'none';
  if (env.backend === 'real') return 'real';
  return options.demoTrading ? 'demo' : 'none';
}

type Envelope = { code?: unknown; data?: { list?: unknown } } | undefined;
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 128;
const listOf = (r: Envelope): unknown[] => (r && r.code === 0 && Array.isArray(r.data?.list) ? r.data.list : []);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Positions with an id, a side and finite numbers; anything else is dropped. */
export function shapePositions(reply: unknown): RawPosition[] {
  return listOf(reply as Envelope)
    .filter(isObj)
    .filter((x) => str(x.id) && num(x.side) && num(x.avgPrice) && num(x.qty))
    .map((x) => ({
      id: x.id as string,
      side: x.side as number,
      avgPrice: x.avgPrice as number,
      qty: x.qty as number,
      pnlValue: num(x.pnlValue) ? x.pnlValue : 0,
    }));
}

export function shapeOrders(reply: unknown): RawOrder[] {
  return listOf(reply as Envelope)
    .filter(isObj)
    .filter((x) => str(x.id) && num(x.type) && num(x.side) && num(x.price) && num(x.qty))
    .map((x) => ({ id: x.id as string, type: x.type as number, side: x.side as number, price: x.price as number, qty: x.qty as number }));
}

/** GET the user's positions and orders of one symbol from the configured paths; empty lists on any failure. */
export async function fetchOverlay(http: HttpClient, paths: ChartPluginOptions['overlay'], symbol: string): Promise<OverlayData> {
  const safe = (p: Promise<unknown>) => p.catch(() => undefined);
  const [p, o] = await Promise.all([
    safe(http.get(paths.positionsPath, { symbol }, { dedupe: false })),
    safe(http.get(paths.ordersPath, { symbol }, { dedupe: false })),
  ]);
  return { positions: shapePositions(p), orders: shapeOrders(o) };
}
