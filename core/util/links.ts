/**
 * Decides whether a link that came from the back end may be followed (issue 3): a same-site path, or an
 * https URL on one of the allowed hosts. Everything else (javascript:, data:, //evil, other hosts) is refused.
 */
export function safeLink(raw: unknown, allowedHosts: readonly string[] = []): string | null {
  if (typeof raw !== 'string') return null;
  const url = raw.trim();
  // eslint-disable-next-line no-control-regex -- a link with control characters is refused
  if (!url || /[\u0000-\u001f\\]/.test(url)) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase();
  return allowedHosts.some((h) => host === h.toLowerCase()) ? parsed.toString() : null;
}

/** Same-site path only (redirect targets such as the 404 page's `redirect` query). */
export function safePath(raw: unknown): string | null {
  const link = safeLink(raw, []);
  return link && link.startsWith('/') ? link : null;
}
