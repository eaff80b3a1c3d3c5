// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBus } from '../state/bus';
import { createClientI18n } from './client';

afterEach(() => vi.unstubAllGlobals());

describe('createClientI18n', () => {
  it('loads from the CDN first, falls back to the origin, logs each failed source, signals readiness first', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      if (url.startsWith('/cdn/')) return new Response('nope', { status: 500 });
      return new Response(JSON.stringify({ hello: `hi from ${url}` }), { status: 200 });
    });
    const bus = createBus();
    const events: string[] = [];
    bus.on('i18n:ready', ({ lng }) => events.push(`ready ${lng}`));
    const log = vi.fn();
    const i18n = await createClientI18n({
      lng: 'zh',
      namespaces: ['shell'],
      inline: { zh: { header: { title: '标题' } } },
      loadPaths: ['/cdn/locales/{{lng}}/{{ns}}.json', '/locales/{{lng}}/{{ns}}.json'],
      bus,
      log,
    });
    expect(i18n.language).toBe('zh');
    expect(i18n.t('hello', { ns: 'shell' })).toBe('hi from /locales/zh/shell.json');
    expect(i18n.t('title', { ns: 'header' })).toBe('标题');
    expect(urls).toContain('/cdn/locales/zh/shell.json');
    expect(log.mock.calls.some(([m]) => /source 1\/2 failed for \/cdn\/locales\/zh\/shell.json/.test(m))).toBe(true);
    expect(events).toEqual(['ready zh']);
    expect(log.mock.calls.some(([m]) => /reported/.test(m))).toBe(false);
  });

  it('reports the last source when every source fails, and still resolves', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    const log = vi.fn();
    const report = vi.fn();
    const i18n = await createClientI18n({ lng: 'en', namespaces: ['shell'], inline: {}, loadPaths: ['/a/{{lng}}/{{ns}}.json', '/b/{{lng}}/{{ns}}.json'], bus: createBus(), log, report });
    expect(i18n.t('missing', { ns: 'shell' })).toBe('missing');
    expect(log.mock.calls.some(([m]) => /last source: reported/.test(m))).toBe(true);
    // Only the last source is reported to monitoring; the first one's failure is only logged.
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0][0]).toBeInstanceOf(Error);
    expect(report.mock.calls[0][1]).toEqual({ url: '/b/en/shell.json', sources: 2 });
  });
});
