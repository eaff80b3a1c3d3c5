/** The region fields the other-apps rule reads (`otherApps` in region-configs/README.md). */
export interface OtherAppsRule {
  readonly languages: readonly string[];
  readonly otherApps?: { readonly paths: readonly string[]; readonly origin?: string };
}

/** The path part of a link (no query or hash). */
const pathOnly = (path: string) => path.split(/[?#]/, 1)[0];

/**
 * The `otherApps.paths` prefix that a site path (without its locale prefix) falls under, or null: a prefix covers
 * itself and everything below it, by whole segments ('/futures' covers '/futures/USDT/BTC_USDT', not '/futures-delivery').
 */
export function otherAppPrefix(prefixes: readonly string[] | undefined, path: string): string | null {
  if (!prefixes?.length) return null;
  const p = pathOnly(path);
  return prefixes.find((prefix) => p === prefix || p.startsWith(`${prefix}/`)) ?? null;
}

/** As `otherAppPrefix`, for a URL path that may start with one of the region's locale prefixes ('/zh/futures'). */
export function otherAppPrefixOfUrlPath(rule: OtherAppsRule, urlPath: string): string | null {
  const p = pathOnly(urlPath);
  const first = p.split('/')[1] ?? '';
  const path = first && rule.languages.includes(first) ? p.slice(first.length + 1) || '/' : p;
  return otherAppPrefix(rule.otherApps?.paths, path);
}
