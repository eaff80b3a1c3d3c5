import { useEffect, useState } from 'react';
import { safeLink } from '../../util/links';
import { dropHandlerAttributes } from '../../util/drop-handlers';

/**
 * Server-provided HTML, sanitized with DOMPurify in the browser: no script, no handlers, links only to this
 * site or the allowed hosts (opened with rel="noopener"), images without `alt` marked decorative. Before hydration it renders the text only.
 */
export function SafeHtml({ html, allowedHosts = [], className }: { html: string; allowedHosts?: readonly string[]; className?: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    if (purify) setClean(sanitizeWith(purify, html, allowedHosts));
    else void sanitizeHtml(html, allowedHosts).then((out) => alive && setClean(out));
    return () => {
      alive = false;
    };
  }, [html, allowedHosts]);
  if (clean === null) return <div className={className}>{stripTags(html)}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Text of an HTML fragment (tags dropped); safe to render as a React text node. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let purify: typeof import('dompurify').default | undefined;

/** Loads DOMPurify (its own chunk: only pages with server HTML need it); the plugin tester loads it in `preload()`. */
export async function loadSanitizer(): Promise<void> {
  purify ??= (await import('dompurify')).default;
}

export async function sanitizeHtml(html: string, allowedHosts: readonly string[]): Promise<string> {
  await loadSanitizer();
  return sanitizeWith(purify!, html, allowedHosts);
}

function sanitizeWith(DOMPurify: typeof import('dompurify').default, html: string, allowedHosts: readonly string[]): string {
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
    // An image the server sent without a text alternative is taken as decorative (WCAG 1.1.1: alt="").
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });
  // Handlers go before DOMPurify parses: the parse alone would make the page's CSP report them.
  return purifier.sanitize(dropHandlerAttributes(html), { FORBID_TAGS: ['style', 'form', 'input', 'iframe', 'object', 'embed'], FORBID_ATTR: ['style'] });
}
