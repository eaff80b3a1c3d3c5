import { isResolution } from '../feed/resolution';
import type { Resolution } from '../constants';
import { defaultInputs, isIndicatorType, validateInputs, type IndicatorType } from '../indicators/inputs';
import type { ChartPluginOptions } from '../plugin-options';

/** What the chart remembers per symbol. */
export interface ChartLayout {
  v: 1;
  resolution: Resolution;
  /** Indicator panes, top to bottom. */
  indicators: Array<{ type: IndicatorType; inputs: number[] }>;
  overlays: { volume: boolean; liquidation: boolean };
  /** Pane heights in CSS px, the price pane first; empty means "let the chart decide". */
  paneHeights: number[];
  /** Zoom and scroll: bars visible and bars between the right edge and the last bar. */
  visible: { bars: number; rightOffset: number } | null;
  savedAt: number;
}

/** The storage the layouts go to (the shell's never-throwing localStore fits). */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): boolean | void;
  remove(key: string): void;
}

const LAYOUT_KEY_PREFIX = 'chart.layout.v1.';

export const layoutKey = (symbol: string) => `${LAYOUT_KEY_PREFIX}${symbol.toUpperCase()}`;

/** The layout a symbol starts with. */
export function defaultLayout(resolution: Resolution, indicators: IndicatorType[], defaults: (t: IndicatorType) => number[]): ChartLayout {
  return {
    v: 1,
    resolution,
    indicators: indicators.map((type) => ({ type, inputs: defaults(type) })),
    overlays: { volume: true, liquidation: true },
    paneHeights: [],
    visible: null,
    savedAt: 0,
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** A stored value checked field by field: anything malformed gives null (the layout is then ignored). */
export function parseLayout(value: unknown): ChartLayout | null {
  if (!isObj(value) || value.v !== 1 || !isResolution(value.resolution)) return null;
  if (!Array.isArray(value.indicators) || value.indicators.length > 8) return null;
  const indicators: ChartLayout['indicators'] = [];
  for (const item of value.indicators) {
    if (!isObj(item) || !isIndicatorType(item.type) || !Array.isArray(item.inputs)) return null;
    if (indicators.some((i) => i.type === item.type)) return null;
    const checked = validateInputs(item.type, item.inputs);
    if (!checked.ok || item.inputs.length !== checked.values.length) return null;
    indicators.push({ type: item.type, inputs: checked.values });
  }
  const o = value.overlays;
  if (!isObj(o) || typeof o.volume !== 'boolean' || typeof o.liquidation !== 'boolean') return null;
  if (!Array.isArray(value.paneHeights) || value.paneHeights.length > 9 || !value.paneHeights.every((h) => finite(h, 1, 10000))) return null;
  let visible: ChartLayout['visible'] = null;
  if (value.visible !== null && value.visible !== undefined) {
    const vis = value.visible;
    if (!isObj(vis) || !finite(vis.bars, 1, 1e6) || !finite(vis.rightOffset, -1e6, 1e6)) return null;
    visible = { bars: vis.bars, rightOffset: vis.rightOffset };
  }
  const savedAt = finite(value.savedAt, 0, Number.MAX_SAFE_INTEGER) ? value.savedAt : 0;
  return {
    v: 1,
    resolution: value.resolution,
    indicators,
    overlays: { volume: o.volume, liquidation: o.liquidation },
    paneHeights: [...value.paneHeights],
    visible,
    savedAt,
  };
}

/** Reads a symbol's layout; malformed JSON or fields read as "none saved". */
export function loadLayout(store: KeyValueStore, symbol: string): ChartLayout | null {
  const raw = store.get(layoutKey(symbol));
  if (raw === null) return null;
  try {
    return parseLayout(JSON.parse(raw));
  } catch {
    return null;
  }
}

type LayoutOptions = Pick<ChartPluginOptions, 'defaultResolution' | 'defaultIndicators'>;

/** The default layout of the plugin's options (a symbol without a saved one, and a reset). */
export function optionsLayout(options: LayoutOptions): ChartLayout {
  return defaultLayout(options.defaultResolution, options.defaultIndicators, defaultInputs);
}

/** The layout a symbol opens with: its saved one, else the default of the plugin's options. */
export function openingLayout(store: KeyValueStore, symbol: string, options: LayoutOptions): ChartLayout {
  return loadLayout(store, symbol) ?? optionsLayout(options);
}

export function saveLayout(store: KeyValueStore, symbol: string, layout: ChartLayout, now = Date.now()): void {
  store.set(layoutKey(symbol), JSON.stringify({ ...layout, savedAt: now }));
}

export function clearLayout(store: KeyValueStore, symbol: string): void {
  store.remove(layoutKey(symbol));
}
