import { localePath, safeLink } from '../../core/plugin-api';

/**
 * The privacy/cookie policy link: the option, else the region's docs.privacy_policy; a site path gets the language
 * prefix, an absolute URL must be on an allowed link host; anything else gives no link (null).
 */
export function policyHref(option: string, docsLink: string | undefined, langPrefix: string, allowedHosts: readonly string[]): string | null {
  const link = safeLink(option || docsLink, allowedHosts);
  if (!link) return null;
  return link.startsWith('/') ? localePath(langPrefix, link) : link;
}
