import { filter, take, type Observable, type Subscription } from 'rxjs';
import { safeLink, type ShellEnv } from '../../core';
import type { ConsentService } from '../cookie-consent';
import { sinksFor, trackTarget, type AnalyticsEvent, type Sink } from './collect';

/** Token under which the cookie-consent plugin provides its service (its public contract). */
const CONSENT_SERVICE = 'cookie-consent.service';

export interface TrackerOptions {
  bigDataEndpoint: string;
  analyticsEndpoint: string;
  timeoutMs: number;
  clickDepth: number;
}

/** The consent stream, or "allowed" when the region does not run the cookie-consent plugin. */
function consentAllows(env: ShellEnv): Observable<{ analytics: boolean }> | null {
  return env.container.isRegistered(CONSENT_SERVICE, true) ? env.container.resolve<ConsentService>(CONSENT_SERVICE).state$ : null;
}

/** Sends one event to every sink: a POST with a time-out; a failure is logged and dropped. */
export function send(sinks: Sink[], event: AnalyticsEvent, timeoutMs: number, log: (m: string) => void = console.warn): Promise<void> {
  return Promise.all(
    sinks.map((sink) =>
      fetch(sink.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: sink.id, kind: sink.kind, ...event }),
        keepalive: true,
        credentials: 'same-origin',
        signal: AbortSignal.timeout(timeoutMs),
      }).then(
        () => undefined,
        (err: Error) => log(`[analytics] ${sink.kind} call failed: ${err.message}`),
      ),
    ),
  ).then(() => undefined);
}

/**
 * Starts collection once consent allows it (at once where no consent is required): a page view, then
 * click-collect on elements marked `data-track`. Returns the teardown.
 */
export function startTracking(env: ShellEnv, options: TrackerOptions, doc: Document = document): () => void {
  const endpoint = (url: string) => safeLink(url, env.region.allowedLinkHosts);
  const bigData = endpoint(options.bigDataEndpoint);
  const analytics = endpoint(options.analyticsEndpoint);
  const sinks = sinksFor(env.region, { bigData: bigData ?? '', analytics: analytics ?? '' }).filter((s) => s.endpoint);
  if (sinks.length === 0) return () => {};
  const event = (name: AnalyticsEvent['name'], target?: string): AnalyticsEvent => ({
    name,
    ...(target ? { target } : {}),
    path: env.state.route$.value.path,
    locale: env.locale.code,
    region: env.region.key,
    site: env.region.id,
    at: Date.now(),
  });
  const onClick = (e: MouseEvent) => {
    const target = trackTarget(e.target instanceof Element ? e.target : null, options.clickDepth);
    if (target) void send(sinks, event('click', target), options.timeoutMs);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void send(sinks, event('page_view'), options.timeoutMs);
    doc.addEventListener('click', onClick, true);
  };
  const consent = consentAllows(env);
  let sub: Subscription | undefined;
  if (consent) sub = consent.pipe(filter((c) => c.analytics), take(1)).subscribe(start);
  else start();
  return () => {
    sub?.unsubscribe();
    doc.removeEventListener('click', onClick, true);
  };
}
