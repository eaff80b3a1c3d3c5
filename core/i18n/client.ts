import i18next, { type i18n, type Resource } from 'i18next';
import ChainedBackend from 'i18next-chained-backend';
import HttpBackend from 'i18next-http-backend';
import type { ShellBus } from '../state/bus';
import { i18nTag, lngOfTag, resourcesByTag } from './locales';

export interface ClientI18nOptions {
  /** Translation folder code (`vn`, `tw`, ...); i18next gets its BCP-47 tag. */
  lng: string;
  /** Namespaces the page uses (loaded before hydration). */
  namespaces: string[];
  /** Inline resources (header, footer and the namespaces plugins declare inline) serialized by the server. */
  inline: Resource;
  /** Load paths tried in order: the CDN bundle, then the origin site path (spec 000 §4). */
  loadPaths: string[];
  bus: ShellBus;
  log?: (message: string) => void;
  /** Monitoring (spec 000 §4: the last failing source is reported, not only logged). */
  report?: (error: Error, context: { url: string; sources: number }) => void;
}

/**
 * The browser's i18next: inline namespaces at once, the others through i18next-chained-backend over
 * i18next-http-backend sources (CDN first, then origin). Each failed source is logged, the last one reported;
 * readiness is signalled on the bus before the language switches.
 */
export async function createClientI18n(options: ClientI18nOptions): Promise<i18n> {
  const log = options.log ?? ((m: string) => console.warn(m));
  const instance = i18next.createInstance();
  // i18next works with BCP-47 tags; the bundles sit in folders named by the site's codes.
  const sources = options.loadPaths.map((template, index) => ({
    loadPath: (lngs: string[], namespaces: string[]) => template.replace('{{lng}}', lngOfTag(lngs[0])).replace('{{ns}}', namespaces[0]),
    request: (opts: unknown, url: string, payload: unknown, callback: (err: unknown, res?: { status: number; data: string }) => void) => {
      fetch(url, { credentials: 'same-origin' })
        .then(async (res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          callback(null, { status: res.status, data: await res.text() });
        })
        .catch((err: Error) => {
          const last = index === options.loadPaths.length - 1;
          log(`[i18n] source ${index + 1}/${options.loadPaths.length} failed for ${url}: ${err.message}${last ? ' (last source: reported)' : ''}`);
          if (last) options.report?.(new Error(`translation load failed, every source: ${err.message}`), { url, sources: options.loadPaths.length });
          // A non-retryable status so the chain moves on to the next source at once.
          callback(null, { status: 404, data: '' });
        });
    },
  }));
  const tag = i18nTag(options.lng);
  await instance.use(ChainedBackend).init({
    lng: tag,
    fallbackLng: 'en',
    ns: options.namespaces,
    defaultNS: 'shell',
    partialBundledLanguages: true,
    resources: resourcesByTag(options.inline),
    interpolation: { escapeValue: false },
    returnNull: false,
    backend: { backends: sources.map(() => HttpBackend), backendOptions: sources },
    react: { useSuspense: false },
  });
  await instance.loadNamespaces(options.namespaces);
  options.bus.emit('i18n:ready', { lng: options.lng });
  if (instance.language !== tag) await instance.changeLanguage(tag);
  return instance;
}
