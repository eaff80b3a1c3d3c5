import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPluginTester, defaultShellData, pluralCategories, TRANSLATION_LANGUAGES, type TestResponse } from '../../core/plugin-api/testing';
import type { FakeRequest } from '../../core/plugin-api/fake-api';
import { CHART_API } from './constants';
import { symbolHandler } from './fake/market';
import plugin, { PRICE_PRECISION_LOADER } from './index';
import { DEFAULT_CHART_OPTIONS } from './plugin-options';
import schema from './schema.json';
import { checkBundle } from '../../tools/i18n/rules';

// The plugin's pages are lazy chunks: load them once before rendering routes.
beforeAll(() => createPluginTester(plugin).preload());

const dir = import.meta.dirname;

describe('chart plugin', () => {
  it('registers /trade/:symbol and applies the schema defaults', () => {
    const t = createPluginTester(plugin);
    expect(t.activation.routes.map((r) => r.def.path)).toEqual(['/trade/:symbol']);
    expect(t.activation.options.get('chart')).toEqual(DEFAULT_CHART_OPTIONS);
    t.dispose();
  });

  it('keeps schema.json defaults and DEFAULT_CHART_OPTIONS in step', () => {
    const defaults = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, (v as { default: unknown }).default]));
    expect(defaults).toEqual(DEFAULT_CHART_OPTIONS);
  });

  it('server-renders a skeleton and the toolbar, never a blank box', () => {
    const t = createPluginTester(plugin, { side: 'server' });
    const html = t.renderRoute('/trade/BTC_USDT');
    expect(html).toContain('class="chart-skeleton"');
    expect(html).toContain('data-ready="false"');
    expect(html).toContain('BTC/USDT');
    expect(html).toContain('Charts by TradingView');
    t.dispose();
  });

  it('names the pair as TradingView does on a site with its own exchange name there (tradingViewExchange), and not elsewhere', () => {
    const us = createPluginTester(plugin, { side: 'server', region: 'us' });
    expect(us.renderRoute('/trade/ETH_USDT')).toContain('<p class="chart-page__ticker">On TradingView: GATEUS:ETHUSDT</p>');
    us.dispose();
    const main = createPluginTester(plugin, { side: 'server', region: 'main' });
    expect(main.renderRoute('/trade/ETH_USDT')).not.toContain('chart-page__ticker');
    main.dispose();
  });

  it('explains an unknown symbol and links to the default one', () => {
    const t = createPluginTester(plugin, { side: 'server', options: { defaultBase: 'ETH' } });
    const html = t.renderRoute('/trade/FOO_BAR');
    expect(html).toContain('role="alert"');
    expect(html).toContain('href="/trade/ETH_USDT"');
    t.dispose();
  });

  it("quotes the default market in the site's defaultCurrB: BTC_TRY on Turkey, with its lira markets; BTC_USDT elsewhere", () => {
    const spot = (t: ReturnType<typeof createPluginTester>) => t.activation.menus.trade.find((e) => e.item.key === 'spot')?.item.path;
    const tr = createPluginTester(plugin, { side: 'server', region: 'tr', locale: 'en' });
    expect(spot(tr)).toBe('/trade/BTC_TRY');
    for (const symbol of ['BTC_TRY', 'ETH_TRY', 'USDT_TRY', 'BTC_USDT']) expect(tr.renderRoute(`/trade/${symbol}`), symbol).toContain('class="chart-skeleton"');
    expect(tr.renderRoute('/trade/FOO_BAR')).toContain('chart-btn--primary" href="/en/trade/BTC_TRY"');
    tr.dispose();
    const main = createPluginTester(plugin, { side: 'server', region: 'main' });
    expect(spot(main)).toBe('/trade/BTC_USDT');
    // Lira markets are Turkey's: elsewhere an unknown symbol, linking to the site's default market.
    expect(main.renderRoute('/trade/BTC_TRY')).toContain('chart-btn--primary" href="/trade/BTC_USDT"');
    main.dispose();
  });

  it("loads a logged-in user's overlay for the site's markets only (lira markets on Turkey)", () => {
    const wants = (region: string, symbol: string) => {
      const t = createPluginTester(plugin, { side: 'server', region, data: { user: { ...defaultShellData().user, isLogin: true } } });
      const { when } = t.activation.loaders.find((l) => l.pluginId === 'chart')!.def;
      const services = { get: t.service, getOptional: () => null };
      const result = when!({ path: `/trade/${symbol}`, params: { symbol }, env: t.env, services });
      t.dispose();
      return result;
    };
    expect(wants('tr', 'BTC_TRY')).toBe(true);
    expect(wants('tr', 'BTC_USDT')).toBe(true);
    expect(wants('main', 'BTC_TRY')).toBe(false);
    expect(wants('main', 'BTC_USDT')).toBe(true);
  });

  it("writes the positions table's prices at the symbol's own precision, from a server loader; 4 decimals where the back end does not say", async () => {
    const position = { id: 'p1', side: 1, avgPrice: 0.5, qty: 100, pnlValue: 0 };
    const tradePage = async (symbolAnswer: TestResponse) => {
      const t = createPluginTester(plugin, {
        side: 'server',
        data: { user: { ...defaultShellData().user, isLogin: true } },
        scenario: { [CHART_API.symbol]: symbolAnswer, [CHART_API.positions]: { body: { code: 0, data: { list: [position] } } } },
      });
      const { loaderData } = await t.request('/trade/XRP_USDT');
      const html = t.renderRoute('/trade/XRP_USDT', loaderData);
      t.dispose();
      return { precision: loaderData[PRICE_PRECISION_LOADER.id], html };
    };
    // XRP_USDT's price has 5 decimals, as the fake API's symbol endpoint (the chart's own source) says.
    const known = await tradePage(({ params }) => symbolHandler({ query: new URLSearchParams(params) } as FakeRequest));
    expect(known.precision).toBe(5);
    expect(known.html).toContain('<td>0.50000</td>');
    const failing = await tradePage({ status: 500, body: { code: 500 } });
    expect(failing.precision).toBeNull();
    expect(failing.html).toContain('<td>0.5000</td>');
  });

  it('falls back to the USDT markets on a site whose quote no market is in (defaultCurrB eur)', () => {
    const eu = createPluginTester(plugin, { side: 'server', region: { key: 'eu', defaultCurrB: 'eur' }, locale: 'en' });
    expect(eu.activation.menus.trade.find((e) => e.item.key === 'spot')?.item.path).toBe('/trade/BTC_USDT');
    expect(eu.renderRoute('/trade/BTC_USDT')).toContain('class="chart-skeleton"');
    const unknown = eu.renderRoute('/trade/BTC_EUR');
    expect(unknown).toContain('role="alert"');
    expect(unknown).toContain('chart-btn--primary" href="/en/trade/BTC_USDT"');
    eu.dispose();
  });

  it('keeps the widget out of index.ts, and lightweight-charts and the chart runtime out of the static import graph of both', () => {
    const seen = new Set<string>();
    const bare = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const src = readFileSync(file, 'utf8');
      for (const m of src.matchAll(/^(import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
        const spec = m[2];
        if (!spec.startsWith('.')) {
          bare.add(spec);
          continue;
        }
        const base = resolve(file, '..', spec);
        const hit = [base, `${base}.ts`, `${base}.tsx`].find((f) => existsSync(f) && /\.(tsx?|json)$/.test(f));
        if (hit && hit.startsWith(dir)) walk(hit);
      }
    };
    walk(resolve(dir, 'index.ts'));
    // The exported widget is a lazy view: none of its code in the always-loaded index.ts.
    expect([...seen].map((f) => f.slice(dir.length + 1)).filter((f) => f.startsWith('components/'))).toEqual([]);
    walk(resolve(dir, 'components/ChartWidget.tsx'));
    const local = [...seen].map((f) => f.slice(dir.length + 1));
    expect(local).toContain('components/ChartToolbar.tsx');
    expect(bare.has('lightweight-charts')).toBe(false);
    expect(local.filter((f) => f.startsWith('runtime/') || f.startsWith('primitives/'))).toEqual([]);
    expect(readFileSync(resolve(dir, 'components/ChartWidget.tsx'), 'utf8')).toContain("import('../runtime/chart-mount')");
  });

  it('ships every language, each complete by the shared translation rules (plural forms per language)', () => {
    const read = (f: string) => JSON.parse(readFileSync(resolve(dir, 'locales', f), 'utf8')) as Record<string, unknown>;
    const files = readdirSync(resolve(dir, 'locales'));
    expect(files.sort()).toEqual(TRANSLATION_LANGUAGES.map((l) => `${l}.json`).sort());
    const allow = { values: new Set<string>(), byLanguage: new Map<string, Set<string>>() };
    for (const lng of TRANSLATION_LANGUAGES.filter((l) => l !== 'en')) {
      const structural = checkBundle('chart', lng, read('en.json'), read(`${lng}.json`), pluralCategories(lng), allow).filter(
        (p) => !p.startsWith('left in English'),
      );
      expect(structural, lng).toEqual([]);
    }
  });
});
