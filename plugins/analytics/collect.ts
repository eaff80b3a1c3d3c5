/** Pure parts of the collectors: which sinks run, what a click reports, how an event looks. */
import { safeLink } from '../../core/plugin-api';

export interface AnalyticsEvent {
  /** 'page_view', 'click', or a custom event another plugin sends through the analytics service. */
  name: string;
  /** data-track value of the clicked element (or its ancestor). */
  target?: string;
  /** A custom event's fields. */
  data?: Record<string, string | number | boolean>;
  /** The region's site marks (region config `marks`: main, SA and TR families), when it has any. */
  marks?: string[];
  path: string;
  locale: string;
  region: string;
  /** Sub-website id. */
  site: number;
  at: number;
}

export interface Sink {
  kind: 'big-data' | 'analytics' | 'pixel';
  endpoint: string;
  /** Project id: the collectId (big data), gtagId (analytics) or fbId (pixel) option. */
  id: string;
}

/** The options naming the sinks (spec 000 §3 site config: bigData, collectId, gtagId, fbId). */
export interface SinkIds {
  bigData: boolean;
  collectId: string;
  gtagId: string;
  fbId: string;
}

/** Where each sink's events go. */
export interface SinkEndpoints {
  bigData: string;
  analytics: string;
  pixel: string;
}

/**
 * Big data only where `bigData` is on (spec 000 §6: main, Turkey, test net); analytics where a gtagId is set; the
 * Meta pixel where an fbId is set (main and Turkey).
 */
export function sinksFor(ids: SinkIds, endpoints: SinkEndpoints): Sink[] {
  const sinks: Sink[] = [];
  if (ids.bigData && ids.collectId) sinks.push({ kind: 'big-data', endpoint: endpoints.bigData, id: ids.collectId });
  if (ids.gtagId) sinks.push({ kind: 'analytics', endpoint: endpoints.analytics, id: ids.gtagId });
  if (ids.fbId) sinks.push({ kind: 'pixel', endpoint: endpoints.pixel, id: ids.fbId });
  return sinks;
}

/**
 * Origins of the collectors this region sends to, for the page's connect-src: the running sinks' endpoints that are
 * https URLs on an allowed link host (the tracker refuses others); same-site paths need no entry.
 */
export function collectorOrigins(
  region: { allowedLinkHosts: readonly string[] },
  options: SinkIds & { bigDataEndpoint: string; analyticsEndpoint: string; pixelEndpoint: string },
): string[] {
  const sinks = sinksFor(options, sinkEndpoints(region, options));
  return [...new Set(sinks.filter((s) => /^https?:/.test(s.endpoint)).map((s) => new URL(s.endpoint).origin))];
}

/** The sinks' endpoints that are safe links for the region (a refused one is '', which drops its sink). */
export function sinkEndpoints(
  region: { allowedLinkHosts: readonly string[] },
  options: { bigDataEndpoint: string; analyticsEndpoint: string; pixelEndpoint: string },
): SinkEndpoints {
  const safe = (url: string) => safeLink(url, region.allowedLinkHosts) ?? '';
  return { bigData: safe(options.bigDataEndpoint), analytics: safe(options.analyticsEndpoint), pixel: safe(options.pixelEndpoint) };
}

/** Minimal element shape (tests pass plain objects). */
export interface TrackNode {
  getAttribute(name: string): string | null;
  parentElement: TrackNode | null;
}

/**
 * Click-collect (spec 000 §9): from the clicked element, walk up at most `depth` parent elements for a
 * `data-track` name; the clicked element itself counts as step 0. Null when none is found within reach.
 */
export function trackTarget(start: TrackNode | null, depth: number): string | null {
  let node = start;
  for (let step = 0; node && step <= depth; step++, node = node.parentElement) {
    const name = node.getAttribute('data-track');
    if (name && /^[\w.:-]{1,80}$/.test(name)) return name;
  }
  return null;
}
