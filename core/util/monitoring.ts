import type { Masking } from './mask';

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

  constructor(
    private readonly send: (record: MonitorRecord) => void,
    private readonly loadMasking: Masking | (() => Promise<Masking>),
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
      this.send(record());
    } catch {
      /* monitoring must never break the page */
    }
  }
}
