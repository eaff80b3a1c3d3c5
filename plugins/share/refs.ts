import { createLoaderRef } from '../../core';
import type { OgData } from './services/og';

/** The page's open-graph data (feeds the page head). */
export const OG_LOADER = createLoaderRef<OgData>('share/og');
