import { localePath, safeLink } from '../../../core/plugin-api';

/** A link from the back end: a same-site path under the locale prefix, an allowed https URL, or the fallback. */
export function itemHref(url: string, langPrefix: string, allowedHosts: readonly string[], fallback: string): string {
  const link = safeLink(url, allowedHosts);
  if (!link) return localePath(langPrefix, fallback);
  return link.startsWith('/') ? localePath(langPrefix, link) : link;
}
