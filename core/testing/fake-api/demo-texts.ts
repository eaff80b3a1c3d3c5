/**
 * The demo texts the fake API answers with (notices, banners, popup titles, errors a visitor reads), in the request's
 * language. Bundles: `<owner>/locales/demo/<lng>.json` (or `host/fake-api/locales/`), one per translation folder,
 * checked by `npm run i18n:check` like every other namespace.
 *
 * The language, first found wins:
 * 1. `?lang=<code>`: the calls that carry one, as the real back end's do (compliance check, KYC notice, growth lists);
 * 2. the `lang` cookie: the page's locale code; every page response sets it, and the server-side render sends it
 *    for the page being rendered (request-scope.ts), so browser and server calls agree;
 * 3. `Accept-Language`: a direct call without either (a tool, a curl);
 * 4. English.
 */
import { i18nTag, lngOfTag, localeInfo, TRANSLATED_LANGUAGES } from '../../i18n/locales';
import type { FakeRequest } from './types';

const SHIPPED = new Set<string>(TRANSLATED_LANGUAGES);
const TRADITIONAL = /^zh-(tw|hk|mo|hant)\b/i;

/** A translation folder for an Accept-Language tag: `pt-BR` → br, `vi` → vn, `zh-HK` → tw, `de-AT` → de. */
function folderOfTag(tag: string): string | undefined {
  if (TRADITIONAL.test(tag)) return 'tw';
  const [primary, region] = tag.toLowerCase().split('-');
  const defaults: Record<string, string> = { zh: 'zh-CN', pt: 'pt-PT' };
  for (const candidate of [region ? `${primary}-${region.toUpperCase()}` : '', defaults[primary] ?? primary]) {
    const folder = candidate ? lngOfTag(candidate) : '';
    // Round trip: `br` is Breton, not the br folder (pt-BR); `vn` is no tag at all.
    if (SHIPPED.has(folder) && i18nTag(folder) === candidate) return folder;
  }
  return undefined;
}

export function requestLanguage(req: Pick<FakeRequest, 'query' | 'cookies' | 'headers'>): string {
  for (const code of [req.query.get('lang'), req.cookies.lang]) {
    const info = code ? localeInfo(code) : undefined;
    if (info) return info.lng;
  }
  const header = req.headers['accept-language'];
  const tags = String(Array.isArray(header) ? header[0] : (header ?? ''))
    .split(',')
    .map((part) => part.split(';')[0].trim())
    .filter(Boolean);
  for (const tag of tags) {
    const folder = folderOfTag(tag);
    if (folder) return folder;
  }
  return 'en';
}

/**
 * Texts per language from `import.meta.glob('./locales/demo/*.json', { eager: true, import: 'default' })`:
 * `texts(req)` is the request's bundle, English where a language has none.
 */
export function demoTexts<T>(modules: Record<string, T>): (req: Pick<FakeRequest, 'query' | 'cookies' | 'headers'>) => T {
  const byLanguage = new Map(Object.entries(modules).map(([path, bundle]) => [/([^/]+)\.json$/.exec(path)![1], bundle]));
  const english = byLanguage.get('en');
  if (!english) throw new Error('demo texts without en.json');
  return (req) => byLanguage.get(requestLanguage(req)) ?? english;
}

/** `{{name}}` replaced by the value (the demo texts interpolate on the "server", as the real back end does). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
