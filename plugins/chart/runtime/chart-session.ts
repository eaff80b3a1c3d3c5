import { nextBarStart, parseResolution } from '../feed/resolution';
import { openingLayout, optionsLayout, saveLayout, type ChartLayout } from '../layout/layout-store';
import { buildSkin, readBodySkin, type ChartSkin } from '../skin/skin';
import { resolveTimeZone } from '../time/timezone';
import type { SbPoint, SymbolInfo } from '../types';
import { createChartRuntime, type ChartRuntime, type RuntimeConfig } from './chart-runtime';
import type { PrefetchedLoad } from '../feed/first-load';
import type { ChartStatus, MountDeps } from './mount-types';

/**
 * The runtime's configuration for a layout: skin, time zone, locale, resolution, panes and overlays, and the symbol's
 * precisions when its info is in already (a prefetched first load), so they are not set again once it resolves.
 */
function runtimeConfigOf(deps: MountDeps, layout: ChartLayout, skin: ChartSkin): RuntimeConfig {
  const info = deps.prefetched?.symbol === deps.symbol ? deps.prefetched.info : null;
  return {
    skin,
    timeZone: resolveTimeZone(deps.options.fallbackTimeZone),
    locale: deps.locale,
    resolution: layout.resolution,
    pricePrecision: info?.pricePrecision ?? 2,
    qtyPrecision: info?.qtyPrecision ?? 4,
    indicators: layout.indicators,
    overlays: layout.overlays,
    liquidationBuckets: deps.options.liquidationBuckets,
    labels: deps.labels,
  };
}

/**
 * One mounted chart's state and its data steps: restore the saved layout, load bars, follow the live stream, load
 * older bars and marks, save the layout. `mountChart` wires it to auto-save and the widget's handle.
 */
export class ChartSession {
  status: ChartStatus = 'loading';
  info: SymbolInfo | null = null;
  /** Generation of the current load: replies and live bars of an older one are dropped. */
  gen = 0;
  /** The view changed since the last save. */
  dirty = false;
  exhausted = false;
  /** Marks the page set (`setMarks`), which replace the datafeed's. */
  externalMarks: SbPoint[] | null = null;
  destroyed = false;
  layout: ChartLayout;
  readonly runtime: ChartRuntime;
  readonly now: () => number;
  readonly body: HTMLElement;
  private loadingOlder = false;
  private stopLive: (() => void) | null = null;
  private prefetched: PrefetchedLoad | null;
  private onFirstBars: (() => void) | undefined;

  constructor(
    container: HTMLElement,
    private readonly deps: MountDeps,
  ) {
    this.now = deps.now ?? (() => Date.now() / 1000);
    this.body = deps.body ?? document.body;
    this.prefetched = deps.prefetched ?? null;
    this.onFirstBars = deps.onFirstBars;
    this.layout = openingLayout(deps.store, deps.symbol, deps.options);
    this.runtime = createChartRuntime(container, {
      ...runtimeConfigOf(deps, this.layout, this.skin()),
      onNearLeftEdge: () => void this.loadOlder(),
      onViewChange: () => (this.dirty = true),
    });
  }

  /** The default layout of the options. */
  fresh(): ChartLayout {
    return optionsLayout(this.deps.options);
  }

  /** The skin of the page's theme and rise colour. */
  skin(): ChartSkin {
    const s = readBodySkin(this.body);
    return buildSkin(s.theme, s.rise, this.deps.options.brandColor);
  }

  emit(): void {
    this.deps.onState?.({ status: this.status, layout: this.layout, symbolInfo: this.info });
  }

  private setStatus(s: ChartStatus): void {
    this.status = s;
    this.emit();
  }

  /** Saves the layout with the current view (only once the chart is ready, never after destroy). */
  save(): void {
    if (this.destroyed || this.status !== 'ready') return;
    this.layout = { ...this.layout, ...this.runtime.view() };
    saveLayout(this.deps.store, this.deps.symbol, this.layout);
    this.dirty = false;
  }

  /** The datafeed's marks over the loaded bars (unless the page set its own). */
  async loadMarks(g: number): Promise<void> {
    const { runtime, deps } = this;
    if (this.externalMarks || !runtime.store.length) return;
    const points = await deps.datafeed.getMarks(deps.symbol, runtime.store.time[0], this.now()).catch(() => []);
    if (g === this.gen && !this.externalMarks) runtime.setMarks(points);
  }

  /** (Re)loads the symbol and its latest bars for the layout's resolution, then follows the live stream. */
  async load(): Promise<void> {
    const g = ++this.gen;
    this.stopLive?.();
    this.stopLive = null;
    this.exhausted = false;
    // Said only on a change: a chart still loading its first bars (made in one task, drawn in the next) renders
    // nothing new in between, so the skeleton stays as the server sent it.
    if (this.status !== 'loading') this.setStatus('loading');
    try {
      const first = this.takePrefetched();
      if (!(await this.resolveSymbol(g, first?.symbolInfo))) return;
      const { datafeed, symbol, options } = this.deps;
      const res = await (first?.bars ?? datafeed.getBars(symbol, this.layout.resolution, { to: this.now(), countBack: options.initialBars }));
      if (g !== this.gen) return;
      // The first load's bars were fetched before the chart was made: that task made the chart, the next one draws
      // the bars (each about half of the work, so a phone's main thread is not held for both at once).
      if (first) await nextTask();
      if (g !== this.gen || this.destroyed) return;
      this.takeFirstBars();
      this.runtime.setBars(res.bars);
      if (!res.bars.length) return this.setStatus(res.noData ? 'empty' : 'error');
      this.exhausted = res.noData || res.bars.length < options.initialBars;
      this.runtime.applyView(this.layout.visible);
      this.setStatus('ready');
      this.followLive(g);
      void this.loadMarks(g);
    } catch {
      if (g === this.gen) this.setStatus('error');
    }
  }

  /** Calls `onFirstBars` before the first bars this session sets, once. */
  private takeFirstBars(): void {
    const hook = this.onFirstBars;
    this.onFirstBars = undefined;
    hook?.();
  }

  /** The prefetched first load, once, if it is for this symbol and the layout's resolution. */
  private takePrefetched(): PrefetchedLoad | null {
    const first = this.prefetched;
    this.prefetched = null;
    return first && first.symbol === this.deps.symbol && first.resolution === this.layout.resolution ? first : null;
  }

  /**
   * Resolves the symbol once (its precisions go to the runtime), from `pending` when it was asked for already; false
   * when this load is stale or the symbol unknown.
   */
  private async resolveSymbol(g: number, pending?: Promise<SymbolInfo | null>): Promise<boolean> {
    if (this.info) return true;
    this.info = await (pending ?? this.deps.datafeed.resolveSymbol(this.deps.symbol));
    if (g !== this.gen) return false;
    if (!this.info) {
      this.setStatus('unknown-symbol');
      return false;
    }
    this.runtime.setPrecision(this.info.pricePrecision, this.info.qtyPrecision);
    return true;
  }

  /** Live bars update the last bar; one beyond the next bar means bars were missed (sleep, lost connection): reload. */
  private followLive(g: number): void {
    const { runtime, layout } = this;
    const res1 = parseResolution(layout.resolution)!;
    this.stopLive = this.deps.datafeed.subscribeBars(this.deps.symbol, layout.resolution, (bar) => {
      if (g !== this.gen) return;
      const n = runtime.store.length;
      if (n && bar.time > nextBarStart(runtime.store.time[n - 1], res1)) void this.load();
      else runtime.upsertBar(bar);
    });
  }

  /** One page of older bars when scrolled to the left edge, until the datafeed has no more. */
  async loadOlder(): Promise<void> {
    if (this.loadingOlder || this.exhausted || this.status !== 'ready' || !this.runtime.store.length) return;
    this.loadingOlder = true;
    const g = this.gen;
    const { datafeed, symbol, options } = this.deps;
    try {
      const res = await datafeed.getBars(symbol, this.layout.resolution, { to: this.runtime.store.time[0], countBack: options.historyPageBars });
      if (g !== this.gen) return;
      const added = res.bars.length ? this.runtime.prependBars(res.bars) : 0;
      if (added === 0 || res.noData || res.bars.length < options.historyPageBars) this.exhausted = true;
      if (added) void this.loadMarks(g);
    } catch {
      /* try again on the next scroll */
    } finally {
      this.loadingOlder = false;
    }
  }

  /** Stops loading and following; the last view is saved first. */
  destroy(): void {
    this.save();
    this.destroyed = true;
    this.gen++;
    this.stopLive?.();
  }
}

/** Resolves in a task of its own: the browser may render and handle input before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
