import { definePlugin } from '../../core/plugin-api';
import schema from './schema.json';
import { Analytics, startTracking, type TrackerOptions } from './tracker';
import { ANALYTICS_SERVICE } from './refs';
import { COOKIE_CONSENT_PLUGIN } from '../cookie-consent/refs';

export { ANALYTICS_PLUGIN, ANALYTICS_SERVICE } from './refs';
export type { AnalyticsService } from './tracker';
import { collectorOrigins } from './collect';

/**
 * Analytics and big-data collection (spec 000 §6, §7, §9): a page view and click-collect, sent to the region's
 * collectors only after consent where the region requires it (cookie-consent plugin).
 */
export default definePlugin<TrackerOptions>({
  id: 'analytics',
  options: schema,
  /** Tracks only after consent where the region's cookie-consent plugin requires it. */
  optional: [COOKIE_CONSENT_PLUGIN],
  namespaces: [],
  /** Collectors outside the site (https endpoints on an allowed link host). */
  csp: (options, region) => ({ connect: collectorOrigins(region, options) }),
  setup(ctx) {
    ctx.provide(ANALYTICS_SERVICE, Analytics);
    ctx.effect(() => startTracking(ctx, ctx.options));
  },
});
