import i18next, { type i18n, type Resource } from 'i18next';
import ChainedBackend from 'i18next-chained-backend';
import HttpBackend from 'i18next-http-backend';
import type { ShellBus } from '../state/bus';

export interface ClientI18nOptions {
  lng: string;
  /** Namespaces the page uses (loaded before hydration). */
  namespaces: string[];
  /** Inline resources (header, footer, not-found) serialized by the server. */
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
  const sources = options.loadPaths.map((loadPath, index) => ({
    loadPath,
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
  await instance.use(ChainedBackend).init({
    lng: options.lng,
    fallbackLng: 'en',
    ns: options.namespaces,
    defaultNS: 'shell',
    partialBundledLanguages: true,
    resources: options.inline,
    interpolation: { escapeValue: false },
    returnNull: false,
    backend: { backends: sources.map(() => HttpBackend), backendOptions: sources },
    react: { useSuspense: false },
  });
  await instance.loadNamespaces(options.namespaces);
  options.bus.emit('i18n:ready', { lng: options.lng });
  if (instance.language !== options.lng) await instance.changeLanguage(options.lng);
  return instance;
}
