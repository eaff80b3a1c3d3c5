// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBus } from '../state/bus';
import { createClientI18n } from './client';
import { createServerI18n } from './server';
import { i18nTag, lngOfTag, pluralCategories } from './locales';

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
    expect(i18n.language).toBe('zh-CN'); // the BCP-47 tag; the bundles stay in the zh folder
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
    const i18n = await createClientI18n({
      lng: 'en',
      namespaces: ['shell'],
      inline: {},
      loadPaths: ['/a/{{lng}}/{{ns}}.json', '/b/{{lng}}/{{ns}}.json'],
      bus: createBus(),
      log,
      report,
    });
    expect(i18n.t('missing', { ns: 'shell' })).toBe('missing');
    expect(log.mock.calls.some(([m]) => /last source: reported/.test(m))).toBe(true);
    // Only the last source is reported to monitoring; the first one's failure is only logged.
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0][0]).toBeInstanceOf(Error);
    expect(report.mock.calls[0][1]).toEqual({ url: '/b/en/shell.json', sources: 2 });
  });

  it('fetches nothing when the page inlines every namespace it uses (language and English), and loads a new one on demand', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ later: 'loaded' }), { status: 200 });
    });
    const i18n = await createClientI18n({
      lng: 'zh',
      namespaces: ['shell', 'home'],
      inline: { zh: { shell: { a: '甲' }, home: { b: '乙' } }, en: { shell: { a: 'A', c: 'C' }, home: { b: 'B' } } },
      loadPaths: ['/locales/{{lng}}/{{ns}}.json'],
      bus: createBus(),
    });
    expect(urls).toEqual([]);
    expect([i18n.t('a', { ns: 'shell' }), i18n.t('c', { ns: 'shell' }), i18n.t('b', { ns: 'home' })]).toEqual(['甲', 'C', '乙']);
    await i18n.loadNamespaces('kyc');
    expect(urls.sort()).toEqual(['/locales/en/kyc.json', '/locales/zh/kyc.json']);
    expect(i18n.t('later', { ns: 'kyc' })).toBe('loaded');
  });
});

describe('BCP-47 tags and plurals', () => {
  it('maps the site codes whose letters mean another language to Intl', () => {
    expect([i18nTag('vn'), i18nTag('tw'), i18nTag('br'), i18nTag('pt'), i18nTag('zh'), i18nTag('en')]).toEqual([
      'vi',
      'zh-TW',
      'pt-BR',
      'pt-PT',
      'zh-CN',
      'en',
    ]);
    expect(['vi', 'zh-TW', 'pt-BR'].map(lngOfTag)).toEqual(['vn', 'tw', 'br']);
    // Breton and Twi would give the wrong plural rules.
    expect(pluralCategories('br').sort()).toEqual(['many', 'one', 'other']);
    expect(pluralCategories('vn')).toEqual(['other']);
    expect(pluralCategories('tw')).toEqual(['other']);
    expect(pluralCategories('ar').sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
  });

  it('picks plural forms by the tag on the server', () => {
    const resources = {
      br: { shell: { items_one: '{{count}} item', items_many: '{{count}} de itens', items_other: '{{count}} itens' } },
      vn: { shell: { items_other: '{{count}} mục' } },
      ru: { shell: { items_one: '{{count}} символ', items_few: '{{count}} символа', items_many: '{{count}} символов', items_other: '{{count}} символа' } },
    };
    expect(createServerI18n('br', resources, ['shell']).t('items', { count: 1 })).toBe('1 item');
    expect(createServerI18n('br', resources, ['shell']).t('items', { count: 2 })).toBe('2 itens');
    expect(createServerI18n('vn', resources, ['shell']).t('items', { count: 1 })).toBe('1 mục');
    const ru = createServerI18n('ru', resources, ['shell']);
    expect([1, 3, 5, 21].map((count) => ru.t('items', { count }))).toEqual(['1 символ', '3 символа', '5 символов', '21 символ']);
  });

  it('loads bundles from the folder of the tag', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response('{}', { status: 200 });
    });
    const i18n = await createClientI18n({ lng: 'vn', namespaces: ['shell'], inline: {}, loadPaths: ['/locales/{{lng}}/{{ns}}.json'], bus: createBus() });
    expect(i18n.language).toBe('vi');
    expect(urls).toContain('/locales/vn/shell.json');
    expect(urls.filter((u) => u.includes('/vi/'))).toEqual([]);
  });
});
