import { createLoaderRef } from '../../core/plugin-api';
import type { OverlayData } from './overlay/overlay-data';

/** The trade page's positions and orders overlay. */
export const OVERLAY_LOADER = createLoaderRef<OverlayData>('chart/overlay');

/** The trade page's symbol's price decimals, as the chart endpoints give them (null where they do not). */
export const PRICE_PRECISION_LOADER = createLoaderRef<number | null>('chart/pricePrecision');
