import i18next, { type BackendModule, type i18n, type InitOptions, type ReadCallback, type Resource, type Services } from 'i18next';
import type { ShellBus } from '../state/bus';
import { i18nTag, lngOfTag, resourcesByTag } from './locales';

export interface ClientI18nOptions {
  /** Translation folder code (`vn`, `tw`, ...); i18next gets its BCP-47 tag. */
  lng: string;
  /** Namespaces the page uses (loaded before hydration). */
  namespaces: readonly string[];
  /** Inline resources (every namespace the page uses: the shell's and its active plugins') serialized by the server. */
  inline: Resource;
  /** Load paths tried in order: the CDN bundle, then the origin site path (spec 000 §4). */
  loadPaths: readonly string[];
  bus: ShellBus;
  log?: (message: string) => void;
  /** Monitoring (spec 000 §4: the last failing source is reported, not only logged). */
  report?: (error: Error, context: { url: string; sources: number }) => void;
}

/** The http backends' options for one source (i18next-http-backend's `loadPath` and `request`). */
type SourceOptions = Record<string, unknown>;

/**
 * A backend that loads i18next-chained-backend and i18next-http-backend (their own chunk) on its first read: a page
 * whose namespaces are all inlined by the server never downloads them; a later page with a new namespace does.
 */
class LazyChainedBackend implements BackendModule<SourceOptions[]> {
  static readonly type = 'backend';
  readonly type = 'backend';
  private init$?: [Services, SourceOptions[], InitOptions];
  private inner?: Promise<BackendModule>;

  init(services: Services, sources: SourceOptions[], options: InitOptions): void {
    this.init$ = [services, sources, options];
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    this.inner ??= Promise.all([import('i18next-chained-backend'), import('i18next-http-backend')]).then(([chained, http]) => {
      const [services, sources, options] = this.init$!;
      const backend = new chained.default() as unknown as BackendModule;
      backend.init(services, { backends: sources.map(() => http.default), backendOptions: sources }, options);
      return backend;
    });
    this.inner.then(
      (backend) => backend.read(language, namespace, callback),
      (err: Error) => callback(err, false),
    );
  }
}

/**
 * The browser's i18next: inline namespaces at once (the server inlines what the page uses), any other through
 * i18next-chained-backend over i18next-http-backend sources (CDN first, then origin), loaded when first needed. Each failed source is logged, the last one reported;
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
  await instance.use(LazyChainedBackend).init({
    lng: tag,
    // The tag and English, as the server resolves them (no `zh` between `zh-CN` and `en`: no bundle goes by it).
    load: 'currentOnly',
    fallbackLng: 'en',
    ns: options.namespaces,
    defaultNS: 'shell',
    partialBundledLanguages: true,
    resources: resourcesByTag(options.inline),
    interpolation: { escapeValue: false },
    returnNull: false,
    backend: sources,
    react: { useSuspense: false },
  });
  await instance.loadNamespaces(options.namespaces);
  options.bus.emit('i18n:ready', { lng: options.lng });
  if (instance.language !== tag) await instance.changeLanguage(tag);
  return instance;
}
