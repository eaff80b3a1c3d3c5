/** Registers the shell's service worker (host/public/sw.js) at scope / once the page has loaded (spec 001 §9). */

export interface RegisterOptions {
  /** Script URL (default '/sw.js'). */
  url?: string;
  scope?: string;
  win?: Window;
  log?: (message: string) => void;
}

/**
 * Waits for the window's load event (or runs at once when already loaded), then registers the worker with
 * updateViaCache 'none' so a new sw.js is picked up on the next visit. Resolves null where service workers are
 * unavailable (old browsers, insecure origins, private modes) or registration fails; never throws.
 */
export function registerServiceWorker({
  url = '/sw.js',
  scope = '/',
  win = window,
  log = (m) => console.warn(m),
}: RegisterOptions = {}): Promise<ServiceWorkerRegistration | null> {
  const sw = win.navigator?.serviceWorker;
  if (!sw || !win.isSecureContext) return Promise.resolve(null);
  const register = () =>
    sw.register(url, { scope, updateViaCache: 'none' }).catch((err: unknown) => {
      log(`[shell] service worker registration failed: ${(err as Error)?.message ?? err}`);
      return null;
    });
  if (win.document.readyState === 'complete') return register();
  return new Promise((resolve) => win.addEventListener('load', () => void register().then(resolve), { once: true }));
}
