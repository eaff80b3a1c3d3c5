import { BehaviorSubject } from 'rxjs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { BackendClient } from '../http/client';
import { scenarioAdapter } from '../testing/fake-http';
import { fetchWithDefault } from '../data/fetch-default';
import { MASKING } from './mask';
import { MAX_CUSTOM_EVENTS_PER_VIEW, Monitor, MONITOR_EVENTS, newViewOnRoute, reportDefaultsTo, type MonitorRecord } from './monitoring';
import { BUILD_RELEASE, releaseMetaContent } from './release';
import { pageMonitoring, parseRelease } from './page-release';

const RELEASE = { id: '0.1.0+a12621f', date: '2026-11-26T05:34:12Z' };

function monitored(release: typeof RELEASE | null = RELEASE) {
  const sent: MonitorRecord[] = [];
  return { sent, monitor: new Monitor((r) => sent.push(r), MASKING, release) };
}

/** A browser client whose every call fails (HTTP 500), reporting to the monitor as the page's does. */
function failingClient(monitor: Monitor) {
  return new BackendClient({
    side: 'browser',
    baseURL: 'http://test.local',
    adapter: scenarioAdapter({ '*': { status: 500 } }, []),
    report: reportDefaultsTo(monitor),
  });
}

describe('monitoring custom events', () => {
  it('reports each back-end default the browser client uses, path only', async () => {
    const { sent, monitor } = monitored();
    const http = failingClient(monitor);
    expect(await fetchWithDefault(http, '/api/web/v1/site/settings', undefined, 'fallback', String, () => {})).toBe('fallback');
    expect(sent).toEqual([expect.objectContaining({ kind: 'event', name: MONITOR_EVENTS.backendDefault, data: { path: '/api/web/v1/site/settings' } })]);
  });

  it('keeps at most 10 per view across sources, and starts again when the route path changes', async () => {
    const { sent, monitor } = monitored();
    const route$ = new BehaviorSubject({ path: '/' });
    const sub = newViewOnRoute(monitor, route$);
    const http = failingClient(monitor);
    for (let i = 0; i < 8; i++)
      await fetchWithDefault(
        http,
        `/api/x/${i}`,
        undefined,
        null,
        () => null,
        () => {},
      );
    for (let i = 0; i < 5; i++) monitor.event(MONITOR_EVENTS.pluginError, { plugin: `p${i}` });
    expect(sent).toHaveLength(MAX_CUSTOM_EVENTS_PER_VIEW);
    expect(sent.filter((r) => r.name === MONITOR_EVENTS.pluginError)).toHaveLength(2);
    route$.next({ path: '/', query: {} } as { path: string });
    expect(monitor.event('same-view')).toBe(false);
    route$.next({ path: '/trade/BTC_USDT' });
    expect(monitor.event('next-view')).toBe(true);
    sub.unsubscribe();
    expect(route$.observed).toBe(false);
  });

  it('lets errors through beyond the event limit (the limit is for custom events)', () => {
    const { sent, monitor } = monitored();
    for (let i = 0; i < MAX_CUSTOM_EVENTS_PER_VIEW; i++) monitor.event('e');
    monitor.captureError(new Error('boom'));
    expect(sent.at(-1)).toMatchObject({ kind: 'error', message: 'boom' });
  });
});

describe('release tags', () => {
  it('tags every record with the release and its date', () => {
    const { sent, monitor } = monitored();
    monitor.event('e');
    monitor.captureError(new Error('x'));
    expect(sent.map((r) => [r.release, r.releaseDate])).toEqual([
      [RELEASE.id, RELEASE.date],
      [RELEASE.id, RELEASE.date],
    ]);
  });

  it('leaves the tags out when the page names no release; defaults to the build when none is given', () => {
    const { sent, monitor } = monitored(null);
    monitor.event('e');
    expect(JSON.parse(JSON.stringify(sent[0]))).not.toHaveProperty('release');
    const built: MonitorRecord[] = [];
    new Monitor((r) => built.push(r), MASKING).event('e');
    expect(built[0].release).toBe(BUILD_RELEASE.id);
  });

  it("the browser's support, loaded with the first record, brings the release the page's meta names", async () => {
    const sent: MonitorRecord[] = [];
    const meta = { getAttribute: () => `${RELEASE.id} ${RELEASE.date}` };
    const doc = { querySelector: (q: string) => (q === 'meta[name="release"]' ? meta : null) } as unknown as Document;
    const monitor = new Monitor(
      (r) => sent.push(r),
      async () => pageMonitoring(doc),
    );
    monitor.event('e');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ release: RELEASE.id, releaseDate: RELEASE.date });
    const none: MonitorRecord[] = [];
    const bare = new Monitor(
      (r) => none.push(r),
      async () => pageMonitoring({ querySelector: () => null }),
    );
    bare.event('e');
    await vi.waitFor(() => expect(none).toHaveLength(1));
    expect(JSON.parse(JSON.stringify(none[0]))).not.toHaveProperty('release');
  });

  it('parses what the page writes, whatever the id and date', () => {
    const id = fc.stringMatching(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/);
    const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(id, date, (i, d) => {
        const release = { id: i, date: d.toISOString() };
        expect(parseRelease(releaseMetaContent(release))).toEqual(release);
      }),
    );
  });

  it('refuses anything else, never throwing', () => {
    for (const bad of [
      null,
      undefined,
      '',
      ' ',
      'a b c',
      '-x 2026-01-01T00:00:00Z',
      'x 2026-13-45T00:00:00Z',
      'x 26-11-2026',
      `${'a'.repeat(65)}`,
      'x'.repeat(200),
    ]) {
      expect(parseRelease(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 150 }), fc.stringMatching(/^[\w .:+-]{0,130}$/)), (s) => {
        const r = parseRelease(s);
        if (r) expect(parseRelease(releaseMetaContent(r))).toEqual(r);
      }),
    );
    expect(parseRelease('dev')).toEqual({ id: 'dev', date: '' });
  });
});
