import { filter, take, type Subscription } from 'rxjs';
import { inject, injectable, optionsRefOf, SERVICES, SHELL_ENV, type ServiceReader, type ShellEnv } from '../../core/plugin-api';
import { consentOf } from '../cookie-consent';
import { sinkEndpoints, sinksFor, trackTarget, type AnalyticsEvent, type Sink } from './collect';
import type { AnalyticsOptions as TrackerOptions } from './options.generated';

export type { TrackerOptions };

/** The region's running sinks with their endpoints (refused endpoints drop their sink). */
function sinksOf(env: ShellEnv, options: TrackerOptions): Sink[] {
  return sinksFor(options, sinkEndpoints(env.region, options)).filter((s) => s.endpoint);
}

/** An event of this page: path, language, region, sub-site id and the region's marks (spec 000 §3). */
function eventOf(env: ShellEnv, name: string, extra: Pick<AnalyticsEvent, 'target' | 'data'> = {}): AnalyticsEvent {
  const marks = env.region.marks ?? [];
  return {
    name,
    ...extra,
    path: env.state.route$.value.path,
    locale: env.locale.code,
    region: env.region.key,
    site: env.region.id,
    ...(marks.length ? { marks: [...marks] } : {}),
    at: Date.now(),
  };
}

/** What the plugin provides under ANALYTICS_SERVICE for other plugins' events. */
export interface AnalyticsService {
  /** Sends a custom event now if consent allows it (never queued); returns whether it was sent. */
  track(name: string, data?: Record<string, string | number | boolean>): boolean;
}

/** The service: browser only, consent read at the moment of the event, the region's sinks. */
@injectable()
export class Analytics implements AnalyticsService {
  constructor(
    @inject(SHELL_ENV) private readonly env: ShellEnv,
    @inject(SERVICES) private readonly services: ServiceReader,
    @inject(optionsRefOf<TrackerOptions>('analytics')) private readonly options: TrackerOptions,
  ) {}

  track(name: string, data?: Record<string, string | number | boolean>): boolean {
    const { env, options } = this;
    if (env.isServer || !/^[\w.:-]{1,80}$/.test(name)) return false;
    const sinks = sinksOf(env, options);
    let allowed = true;
    consentOf(this.services)
      .pipe(take(1))
      .subscribe((c) => (allowed = c.analytics));
    if (!allowed || sinks.length === 0) return false;
    void send(sinks, eventOf(env, name, data ? { data } : {}), options.timeoutMs);
    return true;
  }
}

/** Sends one event to every sink: a POST with a time-out; a failure is logged and dropped. */
function send(sinks: Sink[], event: AnalyticsEvent, timeoutMs: number, log: (m: string) => void = console.warn): Promise<void> {
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
export function startTracking(env: ShellEnv & ServiceReader, options: TrackerOptions, doc: Document = document): () => void {
  const sinks = sinksOf(env, options);
  if (sinks.length === 0) return () => {};
  const event = (name: string, target?: string) => eventOf(env, name, target ? { target } : {});
  const onClick = (e: MouseEvent) => {
    const target = trackTarget(e.target instanceof Element ? e.target : null, options.clickDepth);
    if (target) void send(sinks, event('click', target), options.timeoutMs);
  };
  let started = false;
  let pageView: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (started) return;
    started = true;
    // In a task of its own: a page's first fetch takes ~40 ms of a phone's CPU, and start-up's tasks are long already.
    const view = event('page_view');
    pageView = setTimeout(() => void send(sinks, view, options.timeoutMs), 0);
    doc.addEventListener('click', onClick, true);
  };
  // Without the cookie-consent plugin (a region that does not run it) the stream allows at once.
  const sub: Subscription = consentOf(env)
    .pipe(
      filter((c) => c.analytics),
      take(1),
    )
    .subscribe(start);
  return () => {
    sub.unsubscribe();
    clearTimeout(pageView);
    doc.removeEventListener('click', onClick, true);
  };
}
