import { maskData, maskString } from './mask';

/** Spec 000 §7: at most 10 custom events per page view. */
export const MAX_CUSTOM_EVENTS_PER_VIEW = 10;

export interface MonitorRecord {
  kind: 'error' | 'event';
  name: string;
  message?: string;
  data?: unknown;
  at: number;
}

const IGNORED = [
  /ChunkLoadError|Loading (CSS )?chunk \d+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i,
  /SecurityError.*(localStorage|sessionStorage|storage|indexedDB)|Access is denied for this document|The operation is insecure|QuotaExceededError/i,
];

/** True for errors the monitor drops: chunk-load errors and storage access denials. */
function isIgnoredError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return IGNORED.some((re) => re.test(text));
}

/**
 * Error and custom-event reporting with masking. One per page view in the browser, one per request on the server.
 * `send` is the transport (a beacon to the monitoring endpoint, or a log line).
 */
export class Monitor {
  private customEvents = 0;

  constructor(private readonly send: (record: MonitorRecord) => void) {}

  captureError(error: unknown, context: Record<string, unknown> = {}): void {
    if (isIgnoredError(error)) return;
    const err = error instanceof Error ? error : new Error(String(error));
    this.safeSend({ kind: 'error', name: err.name, message: maskString(err.message), data: maskData(context), at: Date.now() });
  }

  /** Reports a custom event; returns false when the per-view limit dropped it. */
  event(name: string, data: Record<string, unknown> = {}): boolean {
    if (this.customEvents >= MAX_CUSTOM_EVENTS_PER_VIEW) return false;
    this.customEvents++;
    this.safeSend({ kind: 'event', name, data: maskData(data), at: Date.now() });
    return true;
  }

  /** A new page view (client navigation) resets the event budget. */
  newView(): void {
    this.customEvents = 0;
  }

  private safeSend(record: MonitorRecord) {
    try {
      this.send(record);
    } catch {
      /* monitoring must never break the page */
    }
  }
}
