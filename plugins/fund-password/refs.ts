import { createLoaderRef } from '../../core/plugin-api';

/** The security page's fund-password frequency (raw back-end value). */
export const FREQUENCY_LOADER = createLoaderRef<number>('fund-password/frequency');
