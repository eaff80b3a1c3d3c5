import { createLoaderRef } from '../../core/plugin-api';

/** The unread notification count (logged in). */
export const UNREAD_LOADER = createLoaderRef<number | null>('notifications/unread');
