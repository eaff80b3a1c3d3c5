// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { definePlugin } from '../../../core/plugin-api';
import { createPluginTester } from '../../../core/plugin-api/testing';
import type { ChartDatafeed } from '../feed/datafeed';
import type { LiquidationData, PositionLine, SbPoint } from '../types';
import { ChartWidget } from './ChartWidget';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Every call the widget makes on its chart, in order. */
const calls: Array<[string, unknown]> = [];
/** The mounted chart's first bars arrive: what the widget asked to be called then. */
let firstBars: (() => void) | undefined;
vi.mock('../runtime/chart-mount', () => ({
  mountChart(_container: HTMLElement, deps: { onFirstBars?: () => void }) {
    calls.push(['mount', null]);
    firstBars = deps.onFirstBars;
    return {
      setLines: (v: unknown) => calls.push(['lines', v]),
      setMarks: (v: unknown) => calls.push(['marks', v]),
      setLiquidation: (v: unknown) => calls.push(['liquidation', v]),
      destroy: () => calls.push(['destroy', null]),
    };
  },
}));
vi.mock('../layout/layout-db', () => ({
  openLayoutStore: () => Promise.resolve({ get: () => null, set: () => true, remove: () => undefined }),
}));

const feed = {
  resolveSymbol: () => Promise.resolve(null),
  getBars: () => Promise.resolve({ bars: [], noData: true }),
  getMarks: () => Promise.resolve([]),
  searchSymbols: () => Promise.resolve([]),
  subscribeBars: () => () => undefined,
} as unknown as ChartDatafeed;

const LINES = [{ id: 'p1', avgPrice: 1, visible: true }] as unknown as PositionLine[];
const MORE_LINES = [...LINES, { id: 'p2', avgPrice: 2, visible: true }] as unknown as PositionLine[];
const MARKS: SbPoint[] = [];
const MAP = { markPrice: 1, levels: [] } as unknown as LiquidationData;

/** The page's overlays, read by the test route on each render. */
let props: { lines?: PositionLine[]; marks?: SbPoint[] | null; liquidation?: LiquidationData | null; label?: string } = {};
const page = definePlugin({
  id: 'chart-page',
  routes: () => [
    {
      path: '/t',
      component: () => (
        <>
          <p>{props.label}</p>
          <ChartWidget symbol="BTC_USDT" datafeed={feed} toolbar={false} lines={props.lines} marks={props.marks} liquidation={props.liquidation} />
        </>
      ),
    },
  ],
});

let root: Root | undefined;
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = undefined;
  calls.length = 0;
  firstBars = undefined;
  document.body.innerHTML = '';
});

/** Renders the page, then waits until the chart has been mounted; `bars`: then its first bars arrive. */
async function renderPage({ bars = true } = {}) {
  const tester = createPluginTester(page, { region: 'main' });
  await tester.preload();
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  const render = () => act(() => root!.render(tester.element({ route: '/t' })));
  render();
  await vi.waitFor(() => expect(calls).toContainEqual(['mount', null]));
  calls.splice(0, calls.length); // the mount itself
  if (bars) act(() => firstBars!());
  return render;
}

describe('the chart widget hands the page its overlays', () => {
  it('with its first bars, so the frame that draws them draws the overlays too, and each once: a render with the same props sets nothing again', async () => {
    props = { lines: LINES, marks: MARKS, liquidation: MAP };
    const render = await renderPage();
    expect(calls).toEqual([
      ['marks', MARKS],
      ['lines', LINES],
      ['liquidation', MAP],
    ]);
    props = { ...props, label: 'another render' };
    render();
    await act(() => Promise.resolve());
    expect(calls).toHaveLength(3);
  });

  it('sets what changes afterwards, and only that', async () => {
    props = { lines: LINES, marks: MARKS, liquidation: null };
    const render = await renderPage();
    calls.length = 0;
    props = { ...props, lines: MORE_LINES, liquidation: MAP };
    render();
    expect(calls).toEqual([
      ['lines', MORE_LINES],
      ['liquidation', MAP],
    ]);
  });

  it('without lines or a map from the page, the chart gets none, and marks from the datafeed (null)', async () => {
    props = {};
    await renderPage();
    expect(calls).toEqual([
      ['marks', null],
      ['lines', []],
      ['liquidation', null],
    ]);
  });

  it('sets nothing before the first bars; what the page changed meanwhile goes with them, once', async () => {
    props = { lines: LINES, marks: MARKS, liquidation: null };
    const render = await renderPage({ bars: false });
    props = { ...props, lines: MORE_LINES, liquidation: MAP };
    render();
    await act(() => Promise.resolve());
    expect(calls).toEqual([]);
    act(() => firstBars!());
    expect(calls).toEqual([
      ['marks', MARKS],
      ['lines', MORE_LINES],
      ['liquidation', MAP],
    ]);
  });
});
