import { useEffect, useState } from 'react';
import { sanitizedNow, sanitizeHtml, stripTags } from '../../core/plugin-api';

/**
 * Server-provided HTML, sanitized in the browser by the core's sanitizer (`sanitizeHtml`: no script, no handlers,
 * links only to this site or the allowed hosts). Before hydration it renders the text only.
 */
export function SafeHtml({ html, allowedHosts = [], className }: { html: string; allowedHosts?: readonly string[]; className?: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const now = sanitizedNow(html, allowedHosts);
    if (now !== null) setClean(now);
    else void sanitizeHtml(html, allowedHosts).then((out) => alive && setClean(out));
    return () => {
      alive = false;
    };
  }, [html, allowedHosts]);
  if (clean === null) return <div className={className}>{stripTags(html)}</div>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
