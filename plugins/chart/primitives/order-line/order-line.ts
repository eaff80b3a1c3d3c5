import type {
  IChartApi,
  ISeriesApi,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  IPrimitivePaneView,
  MouseEventParams,
  PrimitiveHoveredItem,
  SeriesAttachedParameter,
  SeriesType,
  Time,
} from 'lightweight-charts';
import type { PositionLine } from '../../types';
import { hitId, hitTestRows, parseHitId, type ButtonKind, type HitPart, type RowInput, type RowLayout } from './geometry';
import { defaultOrderLineOptions, isDraggable, lineColor, mergeOrderLineOptions, type OrderLineOptions } from './options';
import { OrderLineRenderer } from './renderer';
import { chartPriceText } from '../../runtime/price-format';

/** Handle of the order/position lines of one chart. */
export interface OrderLinesApi {
  applyOptions(patch: Partial<OrderLineOptions>): void;
  setLines(lines: PositionLine[]): void;
  /** What is under a pane point (for tests and custom pointers). */
  hitTest(x: number, y: number): { id: string; part: HitPart } | null;
  detach(): void;
}

const fmt = (v: number | undefined, digits: number) => (v === undefined || !Number.isFinite(v) ? undefined : v.toFixed(digits));

/** The series primitive: draws rows, answers lightweight-charts' hit tests, labels prices on the axis. */
class OrderLinePrimitive implements ISeriesPrimitive<Time> {
  lines: PositionLine[] = [];
  drag: { id: string; price: number } | null = null;
  laid: RowLayout[] = [];
  private params: SeriesAttachedParameter<Time, SeriesType> | null = null;
  private readonly views: readonly IPrimitivePaneView[];
  private axisViews: ISeriesPrimitiveAxisView[] = [];

  constructor(public options: OrderLineOptions) {
    const renderer = new OrderLineRenderer({ options: () => this.options, rows: () => this.rowInputs(), laidOut: (rows) => (this.laid = rows) });
    this.views = [{ zOrder: () => 'top', renderer: () => renderer }];
  }

  attached(p: SeriesAttachedParameter<Time, SeriesType>) {
    this.params = p;
    this.rebuildAxisViews();
  }
  detached() {
    this.params = null;
  }
  requestUpdate() {
    this.params?.requestUpdate();
  }
  get series() {
    return this.params?.series ?? null;
  }

  priceOf(line: PositionLine): number {
    return this.drag?.id === line.id ? this.drag.price : line.avgPrice;
  }

  rowInputs(): Array<{ line: PositionLine; input: RowInput }> {
    const s = this.series;
    if (!s) return [];
    const out: Array<{ line: PositionLine; input: RowInput }> = [];
    for (const line of this.lines) {
      if (!line.visible) continue;
      const y = s.priceToCoordinate(this.priceOf(line));
      if (y === null) continue;
      const cells = [line.sideText, line.qtyText ?? fmt(line.qty, 4), line.pnlText ?? fmt(line.pnlValue, 2), line.tpslText].filter((c): c is string => !!c);
      const buttons: ButtonKind[] = [];
      if (line.showTPSLButton) buttons.push('tpsl');
      if (line.showReverseButton) buttons.push('reverse');
      if (line.showCloseButton) buttons.push('close');
      out.push({ line, input: { id: line.id, y, cells, buttons } });
    }
    return out;
  }

  /** Axis labels are rebuilt when lines or options change (coordinates are read lazily at draw time). */
  rebuildAxisViews() {
    const s = this.series;
    this.axisViews = !s
      ? []
      : this.lines
          .filter((l) => l.visible)
          .map((line) => ({
            coordinate: () => s.priceToCoordinate(this.priceOf(line)) ?? -100,
            text: () => chartPriceText(this.priceOf(line), this.options.pricePrecision),
            textColor: () => '#ffffff',
            backColor: () => lineColor(line, this.options),
          }));
  }
  paneViews() {
    return this.views;
  }
  priceAxisViews() {
    return this.axisViews;
  }

  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const hit = hitTestRows(this.laid, x, y);
    if (!hit) return null;
    const line = this.lines.find((l) => l.id === hit.id);
    const button = hit.part !== 'body' && hit.part !== 'line';
    const drag = !button && line && isDraggable(line);
    return {
      externalId: hitId(hit.id, hit.part),
      zOrder: 'top',
      cursorStyle: button ? 'pointer' : drag ? 'ns-resize' : undefined,
      hitTestPriority: button ? 2 : 1,
      itemType: 'primitive',
    };
  }
}

/** Buttons on the rows call the line's callbacks; hovering a line or button shows its tooltip as the chart's title. */
function lineClicksAndTips(chart: IChartApi, p: OrderLinePrimitive, el: HTMLElement): () => void {
  const onClick = (param: MouseEventParams<Time>) => {
    const hit = parseHitId(param.hoveredInfo?.objectId ?? param.hoveredObjectId);
    const line = hit && p.lines.find((l) => l.id === hit.id);
    if (!hit || !line) return;
    if (hit.part === 'close') line.callbacks?.onClose?.(line.id);
    else if (hit.part === 'tpsl') line.callbacks?.onTpsl?.(line.id);
    else if (hit.part === 'reverse') line.callbacks?.onReverse?.(line.id);
  };
  chart.subscribeClick(onClick);

  const onHover = (param: MouseEventParams<Time>) => {
    const hit = parseHitId(param.hoveredInfo?.objectId ?? param.hoveredObjectId);
    const line = hit && p.lines.find((l) => l.id === hit.id);
    const tip = line && hit ? (hit.part === 'line' ? line.tooltips?.body : line.tooltips?.[hit.part]) : undefined;
    if ((el.title || '') !== (tip ?? '')) el.title = tip ?? '';
  };
  chart.subscribeCrosshairMove(onHover);

  return () => {
    chart.unsubscribeClick(onClick);
    chart.unsubscribeCrosshairMove(onHover);
  };
}

/** Dragging an order line (or its row) vertically previews the new price, then calls onMove with it. */
function lineDragging(chart: IChartApi, series: ISeriesApi<SeriesType>, p: OrderLinePrimitive, el: HTMLElement): () => void {
  const panePoint = (e: { clientX: number; clientY: number }) => {
    const rect = chart.panes()[0]?.getHTMLElement()?.getBoundingClientRect();
    if (!rect) return null;
    const left = chart.priceScale('left').options().visible ? chart.priceScale('left').width() : 0;
    return { x: e.clientX - rect.left - left, y: e.clientY - rect.top };
  };

  let drag: { id: string; startY: number; moved: boolean; pointerId: number; restore: { handleScroll: unknown; handleScale: unknown } } | null = null;
  const block = (e: Event) => {
    if (drag) e.stopPropagation();
  };
  const onDown = (e: PointerEvent) => {
    if (e.button !== 0 || drag) return;
    const pt = panePoint(e);
    const hit = pt && hitTestRows(p.laid, pt.x, pt.y);
    const line = hit && (hit.part === 'body' || hit.part === 'line') ? p.lines.find((l) => l.id === hit.id) : undefined;
    if (!pt || !line || !isDraggable(line)) return;
    e.preventDefault();
    e.stopPropagation();
    const o = chart.options();
    drag = { id: line.id, startY: pt.y, moved: false, pointerId: e.pointerId, restore: { handleScroll: o.handleScroll, handleScale: o.handleScale } };
    chart.applyOptions({ handleScroll: false, handleScale: false });
    el.setPointerCapture?.(e.pointerId);
    p.drag = { id: line.id, price: line.avgPrice };
  };
  const onMove = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const pt = panePoint(e);
    const price = pt && series.coordinateToPrice(pt.y);
    if (!pt || price === null || price === undefined) return;
    if (Math.abs(pt.y - drag.startY) > 2) drag.moved = true;
    p.drag = { id: drag.id, price };
    p.requestUpdate();
  };
  const onUp = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const { id, moved, restore } = drag;
    const price = Number((p.drag?.price ?? 0).toFixed(p.options.pricePrecision));
    drag = null;
    p.drag = null;
    chart.applyOptions(restore as Parameters<IChartApi['applyOptions']>[0]);
    const line = p.lines.find((l) => l.id === id);
    if (moved && line && e.type === 'pointerup' && price > 0) {
      p.lines = p.lines.map((l) => (l.id === id ? { ...l, avgPrice: price } : l));
      line.callbacks?.onMove?.(id, price);
    }
    p.rebuildAxisViews();
    p.requestUpdate();
  };
  el.addEventListener('pointerdown', onDown, true);
  el.addEventListener('mousedown', block, true);
  el.addEventListener('touchstart', block, true);
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onUp);

  return () => {
    el.removeEventListener('pointerdown', onDown, true);
    el.removeEventListener('mousedown', block, true);
    el.removeEventListener('touchstart', block, true);
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerup', onUp);
    el.removeEventListener('pointercancel', onUp);
  };
}

/**
 * Adds order and position lines (source order_line_widget) to a series: buttons call the line's callbacks,
 * an order line dragged vertically calls onMove with its new price.
 */
export function createOrderLines(chart: IChartApi, series: ISeriesApi<SeriesType>, options: Partial<OrderLineOptions> = {}): OrderLinesApi {
  const p = new OrderLinePrimitive(mergeOrderLineOptions(defaultOrderLineOptions, options));
  series.attachPrimitive(p);
  const el = chart.chartElement();

  const stopClicks = lineClicksAndTips(chart, p, el);
  const stopDragging = lineDragging(chart, series, p, el);

  return {
    applyOptions(patch) {
      p.options = mergeOrderLineOptions(p.options, patch);
      p.rebuildAxisViews();
      p.requestUpdate();
    },
    setLines(lines) {
      p.lines = lines.filter((l) => Number.isFinite(l.avgPrice));
      p.rebuildAxisViews();
      p.requestUpdate();
    },
    hitTest: (x, y) => hitTestRows(p.laid, x, y),
    detach() {
      stopClicks();
      stopDragging();
      series.detachPrimitive(p);
    },
  };
}
