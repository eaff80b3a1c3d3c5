import { describe, expect, it } from 'vitest';
import { resolveLocale, pathFor } from './locale';
import fc from 'fast-check';
import { headLinks, keptHeadLinks } from './head';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REGION_KEYS, type RegionConfig } from '../../core/config/region';

const main = {
  key: 'main',
  languages: ['en', 'zh', 'tr', 'ar', 'nl', 'it'],
  defaultLang: 'en',
  localePrefix: 'as-needed',
  unprefixedPaths: [],
  seo: { noindexLanguages: ['nl', 'it'], alternates: [{ hreflang: 'en-TR', region: 'tr', language: 'en' }] },
} as unknown as RegionConfig;
const tr = { key: 'tr', languages: ['tr', 'en'], defaultLang: 'tr', localePrefix: 'as-needed', unprefixedPaths: [] } as unknown as RegionConfig;
const us = { key: 'us', languages: ['en-us'], defaultLang: 'en-us', localePrefix: 'always', unprefixedPaths: ['/login', '/signup'] } as unknown as RegionConfig;
const ae = { key: 'ae', languages: ['en-dubai', 'ar-dubai'], defaultLang: 'en-dubai', localePrefix: 'always', unprefixedPaths: [] } as unknown as RegionConfig;
const jp = { key: 'jp', languages: ['ja-jp', 'en-jp'], defaultLang: 'ja-jp', localePrefix: 'always', unprefixedPaths: [] } as unknown as RegionConfig;
const hk = { key: 'hk', languages: ['en', 'tw', 'zh'], defaultLang: 'en', localePrefix: 'as-needed', unprefixedPaths: [] } as unknown as RegionConfig;

describe('resolveLocale', () => {
  it('has no prefix for the default language and /{locale} otherwise', () => {
    expect(resolveLocale(main, '/trade/BTC_USDT', '', 'en')).toEqual({ kind: 'ok', locale: 'en', langPrefix: '', path: '/trade/BTC_USDT' });
    expect(resolveLocale(main, '/zh/trade/BTC_USDT', '', 'zh')).toEqual({ kind: 'ok', locale: 'zh', langPrefix: '/zh', path: '/trade/BTC_USDT' });
    expect(resolveLocale(tr, '/', '', undefined)).toMatchObject({ kind: 'ok', locale: 'tr', setLang: 'tr' });
    expect(resolveLocale(ae, '/ar-dubai/', '', undefined)).toMatchObject({ kind: 'ok', locale: 'ar-dubai', langPrefix: '/ar-dubai', path: '/' });
  });
  it('redirects a prefixed default language to the bare path', () => {
    expect(resolveLocale(main, '/en/price', '?a=1', undefined)).toEqual({ kind: 'redirect', location: '/price?a=1' });
  });
  it('on the US site serves /login and /signup bare and redirects everything else to /en-us', () => {
    expect(resolveLocale(us, '/login', '', undefined)).toMatchObject({ kind: 'ok', locale: 'en-us', langPrefix: '/en-us', path: '/login' });
    expect(resolveLocale(us, '/signup', '', undefined)).toMatchObject({ kind: 'ok' });
    expect(resolveLocale(us, '/price', '?x=1', undefined)).toEqual({ kind: 'redirect', location: '/en-us/price?x=1' });
    expect(resolveLocale(us, '/', '', undefined)).toEqual({ kind: 'redirect', location: '/en-us/' });
    expect(resolveLocale(us, '/en-us/login', '', undefined)).toEqual({ kind: 'redirect', location: '/login' });
    expect(resolveLocale(us, '/en-us/price', '', 'en-us')).toEqual({ kind: 'ok', locale: 'en-us', langPrefix: '/en-us', path: '/price' });
  });
  it('on a regional site every path carries its locale; the bare path goes to the default language', () => {
    expect(resolveLocale(ae, '/en-dubai/', '', 'en-dubai')).toEqual({ kind: 'ok', locale: 'en-dubai', langPrefix: '/en-dubai', path: '/' });
    expect(resolveLocale(ae, '/en-dubai', '', 'en-dubai')).toMatchObject({ kind: 'ok', path: '/' });
    expect(resolveLocale(ae, '/', '?a=1', undefined)).toEqual({ kind: 'redirect', location: '/en-dubai/?a=1' });
    expect(resolveLocale(jp, '/price', '', 'en-jp')).toEqual({ kind: 'redirect', location: '/ja-jp/price' });
    expect(resolveLocale(jp, '/en-jp/price', '', undefined)).toMatchObject({ kind: 'ok', locale: 'en-jp', setLang: 'en-jp' });
  });
  it('serves documents bare in every locale', () => {
    expect(resolveLocale(ae, '/docs/ae_agreement.pdf', '', undefined)).toMatchObject({ kind: 'ok', path: '/docs/ae_agreement.pdf' });
    expect(resolveLocale(ae, '/ar-dubai/docs/ae_agreement.pdf', '', undefined)).toEqual({ kind: 'redirect', location: '/docs/ae_agreement.pdf' });
    expect(resolveLocale(main, '/zh/docs/agreement.html', '?v=2', undefined)).toEqual({ kind: 'redirect', location: '/docs/agreement.html?v=2' });
  });
  it('resets an unsupported locale to the site English locale on regional sites (not ja-jp) and redirects there', () => {
    expect(resolveLocale(jp, '/fr/price', '?q=1', undefined)).toEqual({ kind: 'redirect', location: '/en-jp/price?q=1', resetLang: 'en-jp' });
    expect(resolveLocale(jp, '/price', '', 'zh')).toEqual({ kind: 'redirect', location: '/en-jp/price', resetLang: 'en-jp' });
    expect(resolveLocale(us, '/login', '', 'zh')).toEqual({ kind: 'redirect', location: '/login', resetLang: 'en-us' });
    expect(resolveLocale(hk, '/ja/', '', undefined)).toEqual({ kind: 'redirect', location: '/', resetLang: 'en' });
    expect(resolveLocale(jp, '/en-jp/price', '', 'en-jp')).toMatchObject({ kind: 'ok' });
  });
  it('resets the lang cookie and redirects for a locale outside the site list', () => {
    expect(resolveLocale(main, '/ja-jp/price', '', undefined)).toEqual({ kind: 'redirect', location: '/price', resetLang: 'en' });
    expect(resolveLocale(tr, '/zh/', '', undefined)).toEqual({ kind: 'redirect', location: '/', resetLang: 'tr' });
    expect(resolveLocale(main, '/price', '?q=1', 'xx')).toEqual({ kind: 'redirect', location: '/price?q=1', resetLang: 'en' });
    expect(resolveLocale(tr, '/x', '', '<script>')).toEqual({ kind: 'redirect', location: '/x', resetLang: 'tr' });
  });
  it('never loops: after the reset the same URL resolves', () => {
    const first = resolveLocale(main, '/price', '', 'ja-jp');
    expect(first.kind).toBe('redirect');
    expect(resolveLocale(main, '/price', '', (first as { resetLang: string }).resetLang)).toMatchObject({ kind: 'ok' });
  });
  it('treats unknown first segments as paths', () => {
    expect(resolveLocale(main, '/trade', '', 'en')).toMatchObject({ kind: 'ok', path: '/trade' });
  });
});

describe('headLinks', () => {
  const origin = (k: string) => `https://${k}.example`;
  const regionOf = (k: string) => ({ main, tr, us })[k];
  it('gives canonical, one alternate per language, x-default and the en-TR alternate on main', () => {
    const h = headLinks({ region: main, locale: 'zh', path: '/price', origin, regionOf });
    expect(h.canonical).toBe('https://main.example/zh/price');
    expect(h.alternates).toContainEqual({ hreflang: 'zh-CN', href: 'https://main.example/zh/price' });
    expect(h.alternates).toContainEqual({ hreflang: 'en', href: 'https://main.example/price' });
    expect(h.alternates).toContainEqual({ hreflang: 'en-TR', href: 'https://tr.example/en/price' });
    expect(h.alternates.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://main.example/price' });
    expect(h.noindex).toBe(false);
  });
  it('marks nl and it noindex on main only', () => {
    expect(headLinks({ region: main, locale: 'nl', path: '/', origin, regionOf }).noindex).toBe(true);
    expect(headLinks({ region: main, locale: 'it', path: '/', origin, regionOf }).noindex).toBe(true);
    expect(headLinks({ region: main, locale: 'en', path: '/', origin, regionOf }).noindex).toBe(false);
    expect(headLinks({ region: tr, locale: 'en', path: '/', origin, regionOf }).noindex).toBe(false);
  });
  it('writes an alternate on another site only while that site lists its language', () => {
    const withoutEnglish = { ...tr, languages: ['tr'] };
    const h = headLinks({ region: main, locale: 'en', path: '/', origin, regionOf: (k) => (k === 'tr' ? withoutEnglish : regionOf(k)) });
    expect(h.alternates.map((a) => a.hreflang)).not.toContain('en-TR');
    expect(headLinks({ region: tr, locale: 'en', path: '/', origin, regionOf }).alternates.map((a) => a.hreflang)).not.toContain('en-TR');
  });
  it('keeps one frozen copy per site version, origin, language and path, equal to the links made anew', () => {
    const version = {};
    const page = fc.record({
      site: fc.constantFrom(main, tr),
      host: fc.constantFrom('a', 'b'),
      locale: fc.constantFrom('en', 'zh', 'nl', 'tr'),
      path: fc.constantFrom('/', '/price', '/trade/BTC_USDT'),
    });
    fc.assert(
      fc.property(page, ({ site, host, locale, path }) => {
        const input = { region: site, locale, path, origin: (k: string) => `https://${k}.${host}.example`, regionOf };
        const kept = keptHeadLinks(version, input);
        expect(kept).toEqual(headLinks(input));
        expect(Object.isFrozen(kept) && Object.isFrozen(kept.alternates)).toBe(true);
        expect(keptHeadLinks(version, input)).toBe(kept);
      }),
      { numRuns: 100 },
    );
  });
  it("makes a new site version's links anew (another site's languages may have changed)", () => {
    const input = { region: main, locale: 'en', path: '/', origin, regionOf };
    const before = keptHeadLinks({}, input);
    const withoutEnglish = { ...tr, languages: ['tr'] };
    const after = keptHeadLinks({}, { ...input, regionOf: (k: string) => (k === 'tr' ? withoutEnglish : regionOf(k)) });
    expect(before.alternates.map((a) => a.hreflang)).toContain('en-TR');
    expect(after.alternates.map((a) => a.hreflang)).not.toContain('en-TR');
  });
  it('uses the US prefix rules for alternates', () => {
    expect(pathFor(us, 'en-us', '/login')).toBe('/login');
    expect(headLinks({ region: us, locale: 'en-us', path: '/price', origin, regionOf }).canonical).toBe('https://us.example/en-us/price');
  });
  it('the region files set search-engine directives on the main site only: nl and it noindex, English for Turkey (spec 000 §2)', () => {
    const read = (key: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../region-configs', `${key}.json`), 'utf8')) as RegionConfig;
    expect(REGION_KEYS.filter((key) => read(key).seo)).toEqual(['main']);
    expect(read('main').seo).toEqual({ noindexLanguages: ['nl', 'it'], alternates: [{ hreflang: 'en-TR', region: 'tr', language: 'en' }] });
  });
});
