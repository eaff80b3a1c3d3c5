import { fail, type FakeRequest, type FakeResponse, ok } from '../../../core/plugin-api/fake-api';
import { OrderType, Side } from '../constants';
import { hashUnit, priceAt, type PriceProcess } from '../feed/generate';
import { processOf } from './market';

/** How often the demo user trades: fills in slots of `slotSeconds`, about a third of the slots having one. */
export interface FillPace {
  slotSeconds: number;
  /** Fills in one reply at most (the newest). */
  max: number;
}

/** The demo user: 4-hour slots, the newest 500 fills. */
const DEMO_PACE: FillPace = { slotSeconds: 4 * 3600, max: 500 };
/** A busy trader (scenario `chart-busy-trader`): 15-minute slots, the newest 10,000 fills (about 300 days). */
export const BUSY_PACE: FillPace = { slotSeconds: 15 * 60, max: 10_000 };

const round = (v: number, d: number) => Number(v.toFixed(Math.min(d, 12)));
const symbolOf = (req: FakeRequest) => processOf(req.query.get('symbol') ?? req.query.get('currency_pair') ?? '');

/** GET marks?symbol=&from=&to=: the demo user's buy/sell fills (SB points), deterministic per slot. */
export function marksHandler(req: FakeRequest, now = Date.now() / 1000, pace: FillPace = DEMO_PACE): FakeResponse {
  const p = symbolOf(req);
  if (!p) return fail(40401, 'symbol not found');
  const to = Math.min(Number(req.query.get('to')) || now, now);
  const from = Math.max(Number(req.query.get('from')) || to - 30 * 86400, p.spec.listedAt, to - 365 * 86400);
  const list = [];
  const { slotSeconds: slotS, max } = pace;
  for (let slot = Math.floor(to / slotS); slot >= Math.floor(from / slotS) && list.length < max; slot--) {
    const roll = hashUnit(p.seed, 60, slot);
    if (roll < 0.35) continue;
    const time = Math.floor(slot * slotS + ((hashUnit(p.seed, 61, slot) + 1) / 2) * slotS);
    if (time < from || time > to) continue;
    const type = hashUnit(p.seed, 62, slot) >= 0 ? 'buy' : 'sell';
    const price = priceAt(p, time);
    const quantity = notionalQty(p, 1500 * (1.2 + hashUnit(p.seed, 63, slot)), price);
    list.push({ time, type, price: round(price, p.spec.pricePrecision), quantity, symbol: p.spec.symbol, rawTimestamp: time * 1000 + 137 });
  }
  return ok({ list: list.reverse() });
}

/** A quantity worth about `usd` at `price` (in the quote), at the symbol's quantity precision (never zero). */
const notionalQty = (p: PriceProcess, usd: number, price: number) =>
  Math.max(round(usd / (price * p.spec.quoteUsd), p.spec.qtyPrecision), 10 ** -p.spec.qtyPrecision);
const day = (now: number) => Math.floor(now / 86400);

/** GET positions?symbol=: one demo long position, opened at the start of the UTC day. */
export function positionsHandler(req: FakeRequest, now = Date.now() / 1000): FakeResponse {
  const p = symbolOf(req);
  if (!p) return fail(40401, 'symbol not found');
  const entry = round(priceAt(p, day(now) * 86400), p.spec.pricePrecision);
  const mark = priceAt(p, now);
  const qty = notionalQty(p, 20000, entry);
  const pnl = round((mark - entry) * qty, 2);
  return ok({
    list: [
      {
        id: `pos-${p.spec.symbol}-${day(now)}`,
        type: OrderType.Position,
        side: Side.Buy,
        avgPrice: entry,
        qty,
        pnlValue: pnl,
        markPrice: round(mark, p.spec.pricePrecision),
        leverage: 10,
      },
    ],
  });
}

/** GET orders?symbol=: demo open orders around the current price (limit buy and sell, take-profit, stop-loss). */
export function ordersHandler(req: FakeRequest, now = Date.now() / 1000): FakeResponse {
  const p = symbolOf(req);
  if (!p) return fail(40401, 'symbol not found');
  const ref = priceAt(p, day(now) * 86400);
  const at = (f: number) => round(ref * f, p.spec.pricePrecision);
  const qtyOf = (usd: number) => notionalQty(p, usd, ref);
  const id = (k: string) => `ord-${p.spec.symbol}-${k}`;
  return ok({
    list: [
      { id: id('lb'), type: OrderType.Limit, side: Side.Buy, price: at(0.97), qty: qtyOf(8000) },
      { id: id('ls'), type: OrderType.Limit, side: Side.Sell, price: at(1.04), qty: qtyOf(5000) },
      { id: id('tp'), type: OrderType.TakeProfit, side: Side.Sell, price: at(1.08), qty: qtyOf(20000) },
      { id: id('sl'), type: OrderType.StopLoss, side: Side.Sell, price: at(0.94), qty: qtyOf(20000) },
    ],
  });
}

/** POST orders/move { id, price }: accepts a new price for an open order. */
export function moveOrderHandler(req: FakeRequest): FakeResponse {
  const id = String(req.body.id ?? '');
  const price = Number(req.body.price);
  if (!/^ord-/.test(id)) return fail(40402, 'order not found');
  if (!Number.isFinite(price) || price <= 0) return fail(40002, 'price must be a positive number');
  return ok({ id, price });
}

/**
 * GET liquidation?symbol=: mark_price and estimated liquidation amounts (USD) by price, clustered where
 * 10x, 25x, 50x and 100x positions opened near the current price would be liquidated. Changes every 5 minutes.
 */
export function liquidationHandler(req: FakeRequest, now = Date.now() / 1000): FakeResponse {
  const p = symbolOf(req);
  if (!p) return fail(40401, 'symbol not found');
  const mark = priceAt(p, now);
  const slot = Math.floor(now / 300);
  const size = p.spec.volumePerSecond * mark * p.spec.quoteUsd * 600;
  const levels = [];
  for (let i = -60; i <= 60; i++) {
    if (i === 0) continue;
    const dist = i / 600;
    const cluster = [0.1, 0.04, 0.02, 0.01].reduce((s, lev) => s + Math.exp(-(((Math.abs(dist) - lev) / 0.004) ** 2)), 0);
    const amount = size * (0.15 + cluster) * (1 + 0.5 * hashUnit(p.seed, 70 + (slot % 7), i + 100));
    levels.push({
      price: round(mark * (1 + dist), p.spec.pricePrecision),
      short_liq_usd_new: i > 0 ? Math.round(amount) : 0,
      long_liq_usd_new: i < 0 ? Math.round(amount) : 0,
    });
  }
  return ok({ mark_price: round(mark, p.spec.pricePrecision), levels });
}
