import { PREFETCH_DELAY_MS } from './rules';

type IdleWindow = Pick<Window, 'setTimeout' | 'clearTimeout' | 'document'> & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** Adds `<link rel="prefetch">` for a URL once (no-op when one is there). */
export function addPrefetchLink(doc: Document, href: string): void {
  const exists = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].some((l) => l.getAttribute('href') === href);
  if (exists) return;
  const link = doc.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  link.setAttribute('as', 'document');
  doc.head.appendChild(link);
}

/**
 * Spec 000 §4: prefetches the room's entry page when the browser is idle, or after PREFETCH_DELAY_MS at the
 * latest (requestIdleCallback's timeout; a plain timer where it is missing). Returns a cancel function.
 */
export function schedulePrefetch(href: string, win: IdleWindow = window): () => void {
  const run = () => addPrefetchLink(win.document, href);
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(run, { timeout: PREFETCH_DELAY_MS });
    return () => win.cancelIdleCallback?.(id);
  }
  const id = win.setTimeout(run, PREFETCH_DELAY_MS);
  return () => win.clearTimeout(id);
}
