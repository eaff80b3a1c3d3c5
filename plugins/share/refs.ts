import type { BehaviorSubject } from 'rxjs';
import { createLoaderRef, createServiceRef } from '../../core/plugin-api';
import type { OgData } from './services/og';
import type { ShareRequest } from './types';

/** The page's open-graph data (feeds the page head). */
export const OG_LOADER = createLoaderRef<OgData>('share/og');

/** The page's open share request (null while the modal is closed): made per request in setup. */
export const SHARE_REQUEST = createServiceRef<BehaviorSubject<ShareRequest | null>>('share.request');
