import type { Observable, Subscription } from 'rxjs';
import type { HttpCallEvent } from '../http/client';
import type { Masking } from './mask';
import { BUILD_RELEASE, type Release } from './release';

/** Spec 000 §7: at most 10 custom events per page view. */
export const MAX_CUSTOM_EVENTS_PER_VIEW = 10;

/** The custom events the shell reports (each counts towards the per-view limit). */
export const MONITOR_EVENTS = {
  /** A documented default replaced a back-end reply (the browser's HTTP client's `reportDefault`). */
  backendDefault: 'backend_default',
  /** A plugin's view crashed and its boundary hid it. */
  pluginError: 'plugin_error',
} as const;

/** What monitoring loads with its first record: the masking code, and (browser) the release the page names. */
export interface MonitorSupport extends Masking {
  release?: Release | null;
}

export interface MonitorRecord {
  kind: 'error' | 'event';
  name: string;
  message?: string;
  data?: unknown;
  at: number;
  /** The release the record comes from (spec 000 §9), and its build date; undefined (left out of JSON) when unknown. */
  release?: string;
  releaseDate?: string;
}

const IGNORED = [
  /ChunkLoadError|Loading (CSS )?chunk \d+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i,
  /SecurityError.*(localStorage|sessionStorage|storage|indexedDB)|Access is denied for this document|The operation is insecure|QuotaExceededError/i,
];

/** True for errors the monitor drops: chunk-load errors and storage access denials. */
export function isIgnoredError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return IGNORED.some((re) => re.test(text));
}

/** Records waiting for the masking code, at most (then the oldest go). */
const MAX_WAITING = 50;

/**
 * Error and custom-event reporting with masking. One per page view in the browser, one per request on the server.
 * `send` is the transport (a beacon to the monitoring endpoint, or a log line). `loadMasking` is the masking code, or
 * (browser) how to load it: records then wait for it, so no page loads it before something is reported.
 */
export class Monitor {
  private customEvents = 0;
  private masking: Masking | null = null;
  private waiting: Array<(m: Masking) => MonitorRecord> | null = null;

  /**
   * `release`: what every record is tagged with, default this build's. The browser's comes with its masking code:
   * `loadMasking` then gives a `MonitorSupport` whose `release` was parsed from the page (spec 000 §9), which wins.
   */
  constructor(
    private readonly send: (record: MonitorRecord) => void,
    private readonly loadMasking: MonitorSupport | (() => Promise<MonitorSupport>),
    private release: Release | null = BUILD_RELEASE,
  ) {
    if (typeof loadMasking !== 'function') this.masking = loadMasking;
  }

  captureError(error: unknown, context: Record<string, unknown> = {}): void {
    if (isIgnoredError(error)) return;
    const err = error instanceof Error ? error : new Error(String(error));
    const at = Date.now();
    this.report((m) => ({ kind: 'error', name: err.name, message: m.maskString(err.message), data: m.maskData(context), at }));
  }

  /** Reports a custom event; returns false when the per-view limit dropped it. */
  event(name: string, data: Record<string, unknown> = {}): boolean {
    if (this.customEvents >= MAX_CUSTOM_EVENTS_PER_VIEW) return false;
    this.customEvents++;
    const at = Date.now();
    this.report((m) => ({ kind: 'event', name, data: m.maskData(data), at }));
    return true;
  }

  /** A new page view (client navigation) resets the event budget. */
  newView(): void {
    this.customEvents = 0;
  }

  private report(make: (m: Masking) => MonitorRecord) {
    if (this.masking) return this.safeSend(() => make(this.masking!));
    const first = !this.waiting;
    (this.waiting ??= []).push(make);
    if (this.waiting.length > MAX_WAITING) this.waiting.shift();
    if (!first || typeof this.loadMasking !== 'function') return;
    this.loadMasking().then(
      (m) => {
        this.masking = m;
        if (m.release !== undefined) this.release = m.release;
        const waiting = this.waiting ?? [];
        this.waiting = null;
        for (const w of waiting) this.safeSend(() => w(m));
      },
      () => {
        this.waiting = null; // unmasked records are never sent; the next one tries to load the code again
      },
    );
  }

  private safeSend(record: () => MonitorRecord) {
    try {
      this.send({ ...record(), release: this.release?.id || undefined, releaseDate: this.release?.date || undefined });
    } catch {
      /* monitoring must never break the page */
    }
  }
}

/** The browser HTTP client's reporter: each documented default used is a custom event (path only). */
export function reportDefaultsTo(monitor: Monitor): (event: HttpCallEvent) => void {
  return (event) => {
    if (event.kind === 'default') monitor.event(MONITOR_EVENTS.backendDefault, { path: event.path });
  };
}

/** A new view whenever the route's path changes: the custom-event limit counts per page (spec 000 §7). */
export function newViewOnRoute(monitor: Monitor, route$: Observable<{ path: string }>): Subscription {
  let path: string | undefined;
  return route$.subscribe((route) => {
    if (path !== undefined && route.path !== path) monitor.newView();
    path = route.path;
  });
}
