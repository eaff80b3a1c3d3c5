import type { DownloadLinks } from '../../core/plugin-api';

export interface AppLinkContext {
  /** Phone-sized page: the h5 entry; else the web entry. */
  isMobile: boolean;
  /** Visitor in mainland China: the China APK; else the overseas one. */
  isChina: boolean;
  /** The per-page download-links config (core data downloadLinks). */
  links: DownloadLinks;
  /** Page key used when the page has no entry (default 'home'); null for none. */
  fallbackPage?: string | null;
}

const SAFE_URL = /^(?:https:\/\/[^/\s"'<>\\]+(?:\/[^\s"'<>\\]*)?|\/(?![/\\])[^\s"'<>\\]*)$/;

/** The download entry (channel c, china_apk, overseas_apk) of a page and form factor, with the fallback page. */
export function appLinkEntry(page: string, { isMobile, links, fallbackPage = 'home' }: Omit<AppLinkContext, 'isChina'>) {
  const pick = (key: string | null | undefined) => (key ? links?.[key]?.[isMobile ? 'h5' : 'web'] : undefined);
  return pick(page) ?? pick(fallbackPage) ?? null;
}

/**
 * The app download link of a page (spec 000 §3 download links config): the page's h5 entry on mobile, web
 * entry otherwise, China or overseas APK; null when the config has nothing usable (https or same-site only).
 */
export function appLinkFor(page: string, ctx: AppLinkContext): string | null {
  const entry = appLinkEntry(page, ctx);
  const url = entry ? (ctx.isChina ? entry.china_apk : entry.overseas_apk) : undefined;
  return typeof url === 'string' && SAFE_URL.test(url) ? url : null;
}
