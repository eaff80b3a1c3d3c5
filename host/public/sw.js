/* Shell service worker (spec 001 §9): registered at scope / after page load by host/client/service-worker.ts.
 * - Hashed build assets (/assets/) are served cache-first: their names change with their content.
 * - /static/ files (logos, favicon) are served from the cache too, refreshed in the background.
 * - API replies (/api/, /apiw/, /apiweb/, /json_svr/, and the other back-end paths) and HTML pages are never cached.
 * - Bumping VERSION creates a new cache; activation deletes the caches of older versions.
 */
const VERSION = 'v1';
const CACHE_PREFIX = 'shell-static-';
const CACHE = CACHE_PREFIX + VERSION;
const CACHE_FIRST = ['/assets/'];
const REVALIDATE = ['/static/'];
const NEVER = ['/api/', '/apiw/', '/apiweb/', '/json_svr/', '/js/tool/', '/cdn/', '/dfdid/', '/groupchat/', '/micro/', '/__mock/', '/locales/'];

/** How a request is answered: 'cache-first', 'revalidate' or null (straight to the network, never cached). */
function strategyFor(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  if (request.mode === 'navigate' || (request.headers.get('accept') || '').includes('text/html')) return null;
  if (NEVER.some((p) => url.pathname.startsWith(p))) return null;
  if (url.pathname.endsWith('.html') || url.pathname === '/sw.js') return null;
  if (CACHE_FIRST.some((p) => url.pathname.startsWith(p))) return 'cache-first';
  if (REVALIDATE.some((p) => url.pathname.startsWith(p))) return 'revalidate';
  return null;
}

/** Only complete, same-origin, non-HTML successes go into the cache. */
function cacheable(response) {
  if (!response || response.status !== 200 || response.type === 'opaque') return false;
  if ((response.headers.get('content-type') || '').includes('text/html')) return false;
  return !/no-store/i.test(response.headers.get('cache-control') || '');
}

async function fetchAndStore(request) {
  const response = await fetch(request);
  if (cacheable(response)) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function cacheFirst(request) {
  const hit = await caches.match(request, { cacheName: CACHE });
  return hit || fetchAndStore(request);
}

async function revalidate(request, event) {
  const hit = await caches.match(request, { cacheName: CACHE });
  const refresh = fetchAndStore(request).catch(() => hit);
  if (hit) {
    event.waitUntil(refresh.then(() => undefined));
    return hit;
  }
  return refresh;
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request);
  if (strategy === 'cache-first') event.respondWith(cacheFirst(event.request));
  else if (strategy === 'revalidate') event.respondWith(revalidate(event.request, event));
});

/* Exposed for the unit test only (it evaluates this file with a fake `self`). */
self.__shellSw = { VERSION, CACHE, strategyFor, cacheable };
