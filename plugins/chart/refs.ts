import { createLoaderRef } from '../../core/plugin-api';
import type { OverlayData } from './overlay/overlay-data';

/** The trade page's positions and orders overlay. */
export const OVERLAY_LOADER = createLoaderRef<OverlayData>('chart/overlay');
