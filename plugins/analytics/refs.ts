import { createServiceRef } from '../../core';
import type { AnalyticsService } from './tracker';

/** The analytics service (browser events of other plugins): `useOptionalService(ANALYTICS_SERVICE)?.track(…)`. */
export const ANALYTICS_SERVICE = createServiceRef<AnalyticsService>('analytics.service');
