import { createLoaderRef } from '../../core/plugin-api';
import type { DlTask } from './services/dl-task';
import type { StatsLoaderData } from './services/stats';

/** The home page's statistics. */
export const STATS_LOADER = createLoaderRef<StatsLoaderData>('home/stats');

/** The home page's download task. */
export const DL_TASK_LOADER = createLoaderRef<DlTask>('home/dlTask');
