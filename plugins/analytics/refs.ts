import { createPluginRef, createServiceRef } from '../../core/plugin-api';
import type { AnalyticsService } from './tracker';

/** This plugin, for other plugins' `requires`/`optional`. */
export const ANALYTICS_PLUGIN = createPluginRef('analytics');

/** The analytics service (browser events of other plugins): `useOptionalService(ANALYTICS_SERVICE)?.track(…)`. */
export const ANALYTICS_SERVICE = createServiceRef<AnalyticsService>('analytics.service');
