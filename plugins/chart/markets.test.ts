import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarket } from './feed/symbols';
import { siteMarkets } from './markets';
import { DEFAULT_CHART_OPTIONS } from './plugin-options';
import regionSchema from '../../schemas/region-config.base.schema.json';

const USDT_MARKETS = DEFAULT_CHART_OPTIONS.symbols.filter((s) => s.endsWith('_USDT'));
const quoteOf = (s: string) => s.split('_')[1];
/** Any value a region's defaultCurrB may have by the schema, and the shipped ones. */
const currB = fc.oneof(fc.constantFrom('usdt', 'try', 'eur', 'btc'), fc.stringMatching(new RegExp(regionSchema.properties.defaultCurrB.pattern)));

describe('siteMarkets', () => {
  it('offers the lira markets beside the USDT ones where defaultCurrB is try, and opens BTC_TRY', () => {
    const tr = siteMarkets(DEFAULT_CHART_OPTIONS, 'try');
    expect(tr.quote).toBe('TRY');
    expect(tr.symbols).toEqual(expect.arrayContaining(['BTC_TRY', 'ETH_TRY', 'USDT_TRY', ...USDT_MARKETS]));
    expect(tr.defaultSymbol).toBe('BTC_TRY');
  });

  it('offers the USDT markets only where defaultCurrB is usdt, and opens BTC_USDT', () => {
    expect(siteMarkets(DEFAULT_CHART_OPTIONS, 'usdt')).toEqual({ quote: 'USDT', symbols: USDT_MARKETS, defaultSymbol: 'BTC_USDT' });
  });

  it('falls back to the USDT markets for a quote no market is in (eur), or a defaultCurrB that is no string', () => {
    for (const unknown of ['eur', 'TRY ', '', undefined, null, 7, { try: true }])
      expect(siteMarkets(DEFAULT_CHART_OPTIONS, unknown), JSON.stringify(unknown)).toEqual({ quote: 'USDT', symbols: USDT_MARKETS, defaultSymbol: 'BTC_USDT' });
  });

  it('opens defaultBase in USDT where the site quote has no such market, else the first market offered', () => {
    expect(siteMarkets({ ...DEFAULT_CHART_OPTIONS, defaultBase: 'GT' }, 'try').defaultSymbol).toBe('GT_USDT');
    expect(siteMarkets({ ...DEFAULT_CHART_OPTIONS, defaultBase: 'ETH' }, 'try').defaultSymbol).toBe('ETH_TRY');
    expect(siteMarkets({ ...DEFAULT_CHART_OPTIONS, defaultBase: 'NOPE' }, 'try').defaultSymbol).toBe('BTC_USDT');
  });

  it('offers every market of a list without USDT ones rather than none', () => {
    expect(siteMarkets({ symbols: ['BTC_EUR', 'ETH_EUR'], defaultBase: 'BTC' }, 'usdt')).toEqual({
      quote: 'USDT',
      symbols: ['BTC_EUR', 'ETH_EUR'],
      defaultSymbol: 'BTC_EUR',
    });
  });

  it('every market offered for any defaultCurrB has a fake feed spec, in USDT or the site quote, the default among them', () => {
    fc.assert(
      fc.property(currB, (c) => {
        const m = siteMarkets(DEFAULT_CHART_OPTIONS, c);
        expect(m.symbols.every((s) => findMarket(s) !== null)).toBe(true);
        expect(m.symbols.every((s) => ['USDT', m.quote].includes(quoteOf(s)))).toBe(true);
        expect(m.symbols).toContain(m.defaultSymbol);
        expect(m.quote).toBe(['usdt', 'try'].includes(c) ? c.toUpperCase() : 'USDT');
      }),
    );
  });

  it('for any option values, offers a non-empty part of the list and a default among it', () => {
    const code = fc.stringMatching(/^[A-Z0-9]{1,6}$/);
    const symbol = fc.tuple(code, fc.oneof(fc.constantFrom('USDT', 'TRY', 'EUR'), code)).map(([b, q]) => `${b}_${q}`);
    const symbols = fc.uniqueArray(symbol, { minLength: 1, maxLength: 12 }) as fc.Arbitrary<[string, ...string[]]>;
    fc.assert(
      fc.property(symbols, code, currB, (list, defaultBase, c) => {
        const m = siteMarkets({ symbols: list, defaultBase }, c);
        expect(m.symbols.length).toBeGreaterThan(0);
        expect(m.symbols.every((s) => list.includes(s))).toBe(true);
        expect(m.symbols).toContain(m.defaultSymbol);
      }),
    );
  });
});
