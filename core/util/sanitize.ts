import { safeLink } from './links';
import { dropHandlerAttributes } from './drop-handlers';

type Purify = typeof import('dompurify').default;
let purify: Purify | undefined;

/** Loads DOMPurify (its own chunk: only pages with server HTML need it); the plugin tester loads it in `preload()`. */
export async function loadSanitizer(): Promise<void> {
  purify ??= (await import('dompurify')).default;
}

/**
 * Server-provided HTML made safe to insert: no script, no handlers, no styles or forms, links only to this site or the
 * allowed hosts (opened with rel="noopener"), images without `alt` marked decorative. Browser only (DOMPurify needs a
 * window).
 */
export async function sanitizeHtml(html: string, allowedHosts: readonly string[]): Promise<string> {
  await loadSanitizer();
  return sanitizeWith(purify!, html, allowedHosts);
}

/** `sanitizeHtml` without waiting: the result when the sanitizer has loaded, else null. */
export function sanitizedNow(html: string, allowedHosts: readonly string[]): string | null {
  return purify ? sanitizeWith(purify, html, allowedHosts) : null;
}

/** Text of an HTML fragment (tags dropped); safe to render as a React text node. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function sanitizeWith(DOMPurify: Purify, html: string, allowedHosts: readonly string[]): string {
  const purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = safeLink(node.getAttribute('href'), allowedHosts);
      if (href) {
        node.setAttribute('href', href);
        node.setAttribute('rel', 'noopener noreferrer');
        if (!href.startsWith('/')) node.setAttribute('target', '_blank');
      } else node.removeAttribute('href');
    }
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });
  return purifier.sanitize(dropHandlerAttributes(html), { FORBID_TAGS: ['style', 'form', 'input', 'iframe', 'object', 'embed'], FORBID_ATTR: ['style'] });
}
