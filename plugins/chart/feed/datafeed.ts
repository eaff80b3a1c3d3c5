import { CHART_API, SYMBOL_KINDS, type Resolution } from '../constants';
import type { Bar, SbPoint, SymbolInfo } from '../types';

/** A request for bars: those starting before `to` (UTC seconds), at most `countBack`, none before `from`. */
export interface BarsRequest {
  to: number;
  countBack: number;
  from?: number;
}

export interface BarsResult {
  bars: Bar[];
  /** True when there is no history before these bars. */
  noData: boolean;
}

/**
 * Where the chart gets its data (spec 001 §7: supplied by the caller). The default implementation below
 * talks to the fake-API endpoints; a page can pass its own.
 */
export interface ChartDatafeed {
  resolveSymbol(symbol: string): Promise<SymbolInfo | null>;
  getBars(symbol: string, resolution: Resolution, req: BarsRequest): Promise<BarsResult>;
  getMarks(symbol: string, from: number, to: number): Promise<SbPoint[]>;
  searchSymbols(query: string, limit?: number): Promise<SymbolInfo[]>;
  /** Live updates of the current bar; returns the unsubscribe function. */
  subscribeBars(symbol: string, resolution: Resolution, onBar: (bar: Bar) => void): () => void;
}

/**
 * The part of the shell's HttpClient the datafeed uses (resolves undefined on failure in the browser).
 * resolveSymbol and getBars turn such a failure into a rejection, so the chart can tell "failed" from "none".
 */
export interface JsonGetter {
  get<T = unknown>(path: string, params?: Record<string, unknown>): Promise<T | undefined>;
}

type Envelope<T> = { code?: number; data?: T } | undefined;

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const unwrap = <T>(r: Envelope<T>): T | undefined => (r && r.code === 0 ? r.data : undefined);

/** Checks a symbol record from the server. */
function parseSymbol(v: unknown): SymbolInfo | null {
  const s = v as Partial<SymbolInfo> | null;
  if (!s || typeof s.symbol !== 'string' || typeof s.base !== 'string' || typeof s.quote !== 'string') return null;
  if (!SYMBOL_KINDS.includes(s.kind as SymbolInfo['kind']) || !num(s.pricePrecision) || !num(s.qtyPrecision) || !num(s.listedAt)) return null;
  return {
    symbol: s.symbol,
    base: s.base,
    quote: s.quote,
    kind: s.kind as SymbolInfo['kind'],
    description: String(s.description ?? s.base),
    pricePrecision: s.pricePrecision,
    qtyPrecision: s.qtyPrecision,
    listedAt: s.listedAt,
    ...(num(s.lastPrice) && s.lastPrice > 0 ? { lastPrice: s.lastPrice } : {}),
  };
}

/** Turns UDF columns ({ s, t, o, h, l, c, v }) into sorted bars with strictly increasing times; bad rows dropped. */
export function parseBars(v: unknown): BarsResult {
  const d = v as { s?: string; t?: unknown[]; o?: unknown[]; h?: unknown[]; l?: unknown[]; c?: unknown[]; v?: unknown[] } | undefined;
  if (!d || d.s === 'no_data' || !Array.isArray(d.t)) return { bars: [], noData: d?.s === 'no_data' };
  const bars: Bar[] = [];
  for (let i = 0; i < d.t.length; i++) {
    const b = { time: d.t[i], open: d.o?.[i], high: d.h?.[i], low: d.l?.[i], close: d.c?.[i], volume: d.v?.[i] ?? 0 };
    if (!num(b.time) || !num(b.open) || !num(b.high) || !num(b.low) || !num(b.close) || !num(b.volume)) continue;
    if (bars.length && b.time <= bars[bars.length - 1].time) continue;
    bars.push(b as Bar);
  }
  return { bars, noData: false };
}

/** Checks a live bar message. */
function parseBar(v: unknown): Bar | null {
  const b = v as Partial<Bar> | null;
  return b && num(b.time) && num(b.open) && num(b.high) && num(b.low) && num(b.close) && num(b.volume) ? (b as Bar) : null;
}

function parsePoint(v: unknown): SbPoint | null {
  const p = v as Partial<SbPoint> | null;
  if (!p || !num(p.time) || (p.type !== 'buy' && p.type !== 'sell') || !num(p.price) || !num(p.quantity)) return null;
  return {
    time: p.time,
    type: p.type,
    price: p.price,
    quantity: p.quantity,
    symbol: String(p.symbol ?? ''),
    rawTimestamp: num(p.rawTimestamp) ? p.rawTimestamp : p.time * 1000,
  };
}

export interface HttpDatafeedOptions {
  /** EventSource implementation (tests); default the browser's. */
  EventSource?: typeof EventSource;
  /** Prefix of the stream URL (same origin by default). */
  origin?: string;
}

/** The default datafeed over the chart endpoints of the fake exchange API (or a real one with the same shapes). */
export function createHttpDatafeed(http: JsonGetter, opts: HttpDatafeedOptions = {}): ChartDatafeed {
  return {
    async resolveSymbol(symbol) {
      const reply = await http.get<Envelope<unknown>>(CHART_API.symbol, { symbol });
      if (reply === undefined) throw new Error(`symbol request for ${symbol} failed`);
      return parseSymbol(unwrap(reply));
    },
    async getBars(symbol, resolution, req) {
      const reply = await http.get<Envelope<unknown>>(CHART_API.bars, { symbol, resolution, to: Math.floor(req.to), countback: req.countBack, from: req.from });
      if (reply === undefined) throw new Error(`bars request for ${symbol} ${resolution} failed`);
      return parseBars(unwrap(reply));
    },
    async getMarks(symbol, from, to) {
      const data = unwrap(await http.get<Envelope<{ list?: unknown[] }>>(CHART_API.marks, { symbol, from: Math.floor(from), to: Math.ceil(to) }));
      return (data?.list ?? []).map(parsePoint).filter((p): p is SbPoint => p !== null);
    },
    async searchSymbols(query, limit = 20) {
      const data = unwrap(await http.get<Envelope<{ list?: unknown[] }>>(CHART_API.search, { query, limit }));
      return (data?.list ?? []).map(parseSymbol).filter((s): s is SymbolInfo => s !== null);
    },
    subscribeBars(symbol, resolution, onBar) {
      const ES = opts.EventSource ?? globalThis.EventSource;
      if (!ES) return () => {};
      const url = `${opts.origin ?? ''}${CHART_API.stream}?symbol=${encodeURIComponent(symbol)}&resolution=${encodeURIComponent(resolution)}`;
      const source = new ES(url);
      source.addEventListener('bar', (e) => {
        try {
          const bar = parseBar(JSON.parse((e as MessageEvent<string>).data));
          if (bar) onBar(bar);
        } catch {
          /* a malformed message is skipped */
        }
      });
      return () => source.close();
    },
  };
}

/** A symbol's price decimals as the chart resolves them (a server loader's call); null when unknown or on a failure. */
export function fetchPricePrecision(http: JsonGetter, symbol: string): Promise<number | null> {
  return createHttpDatafeed(http)
    .resolveSymbol(symbol)
    .then(
      (info) => info?.pricePrecision ?? null,
      () => null,
    );
}
