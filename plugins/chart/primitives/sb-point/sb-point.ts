import { createSeriesMarkers, type ISeriesApi, type SeriesType, type Time } from 'lightweight-charts';
import type { SbPoint } from '../../types';
import { defaultSbPointOptions, type SbPointOptions } from './options';
import { toMarkers } from './renderer';

/** Handle of the buy/sell markers of one series. */
export interface SbPointsApi {
  applyOptions(patch: Partial<SbPointOptions>): void;
  setPoints(points: SbPoint[]): void;
  /** Changes how times map to bars (after a resolution change). */
  setBarMapper(barOf: (seconds: number) => number): void;
  detach(): void;
}

/** Adds buy/sell markers (source sb_point_widget) to a series through lightweight-charts' series markers. */
export function createSbPoints(series: ISeriesApi<SeriesType, Time>, barOf: (seconds: number) => number, options: Partial<SbPointOptions> = {}): SbPointsApi {
  let o: SbPointOptions = { ...defaultSbPointOptions, ...options };
  let points: SbPoint[] = [];
  let mapper = barOf;
  const markers = createSeriesMarkers(series, [], { autoScale: true });
  const render = () => markers.setMarkers(toMarkers(points, o, mapper));
  return {
    applyOptions(patch) {
      o = { ...o, ...patch };
      render();
    },
    setPoints(next) {
      points = next;
      render();
    },
    setBarMapper(next) {
      mapper = next;
      render();
    },
    detach() {
      markers.detach();
    },
  };
}
