import { fail, type FakeRequest, type FakeResponse, ok } from '../../../core/plugin-api/fake-api';
import { DEFAULT_RESOLUTION, RESOLUTIONS } from '../constants';
import { barsBefore, barsInRange, priceAt, priceProcess, type PriceProcess } from '../feed/generate';
import { parseResolution } from '../feed/resolution';
import { findMarket, MARKET, symbolInfo } from '../feed/symbols';

/** Most bars one request returns. */
const MAX_BARS_PER_REQUEST = 2000;

const processes = new Map<string, PriceProcess>();
/** The compiled price process of a known symbol (cached; immutable). */
export function processOf(symbol: string): PriceProcess | null {
  const spec = findMarket(symbol);
  if (!spec) return null;
  let p = processes.get(spec.symbol);
  if (!p) processes.set(spec.symbol, (p = priceProcess(spec)));
  return p;
}

const int = (v: string | null, fallback: number) => {
  const n = v === null || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? Math.floor(n) : fallback;
};

/** GET config: resolutions and symbols. */
export function configHandler(): FakeResponse {
  return ok({ resolutions: RESOLUTIONS, defaultResolution: DEFAULT_RESOLUTION, symbols: MARKET.map(symbolInfo) });
}

/** GET symbol?symbol=BTC_USDT */
export function symbolHandler(req: FakeRequest): FakeResponse {
  const spec = findMarket(req.query.get('symbol') ?? '');
  return spec ? ok(symbolInfo(spec)) : fail(40401, 'symbol not found');
}

/**
 * GET search?query=bt&limit=20: symbols whose name, base or description contains the query; prefix matches first;
 * each with its `lastPrice` now, rounded to its precision.
 */
export function searchHandler(req: FakeRequest, now = Date.now() / 1000): FakeResponse {
  const q = (req.query.get('query') ?? '').trim().toUpperCase();
  const limit = Math.min(50, Math.max(1, int(req.query.get('limit'), 20)));
  const score = (s: (typeof MARKET)[number]) => {
    const hay = [s.symbol, s.base, s.description.toUpperCase()];
    if (!q) return 1;
    if (hay.some((h) => h.startsWith(q))) return 2;
    return hay.some((h) => h.includes(q)) ? 1 : 0;
  };
  const list = MARKET.map((s) => ({ s, score: score(s) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((x) => ({ ...symbolInfo(x.s), lastPrice: Number(priceAt(processOf(x.s.symbol)!, now).toFixed(x.s.pricePrecision)) }));
  return ok({ list });
}

/**
 * GET bars?symbol=&resolution=&to=&countback=&from=: UDF-style columns of the bars starting before `to`
 * (default now), at most `countback` (default 300, max 2000), none before `from`.
 */
export function barsHandler(req: FakeRequest, now = Date.now() / 1000): FakeResponse {
  const p = processOf(req.query.get('symbol') ?? '');
  if (!p) return fail(40401, 'symbol not found');
  const res = parseResolution(req.query.get('resolution') ?? '');
  if (!res) return fail(40001, `resolution must be one of ${RESOLUTIONS.join(', ')}`);
  const to = Math.min(int(req.query.get('to'), Math.ceil(now)), Math.ceil(now));
  const count = Math.min(MAX_BARS_PER_REQUEST, Math.max(1, int(req.query.get('countback'), 300)));
  const from = int(req.query.get('from'), -Infinity);
  let bars =
    Number.isFinite(from) && req.query.get('countback') === null
      ? barsInRange(p, res, from, to, now, MAX_BARS_PER_REQUEST)
      : barsBefore(p, res, to, count, now);
  if (Number.isFinite(from)) bars = bars.filter((b) => b.time >= from);
  if (!bars.length) return ok({ s: 'no_data' });
  return ok({
    s: 'ok',
    t: bars.map((b) => b.time),
    o: bars.map((b) => b.open),
    h: bars.map((b) => b.high),
    l: bars.map((b) => b.low),
    c: bars.map((b) => b.close),
    v: bars.map((b) => b.volume),
  });
}
