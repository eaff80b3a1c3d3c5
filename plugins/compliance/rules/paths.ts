/** Where blocked visitors land (spec 000 §2); the host serves the page. */
export const TIPS_PATH = '/state_compliance_tips';

/** `path` is `prefix` or below it ('/futures' matches '/futures/USDT/BTC_USDT', not '/futures-delivery'). */
export function underPrefix(path: string, prefix: string): boolean {
  if (prefix === '/') return path === '/';
  const p = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return path === p || path.startsWith(`${p}/`);
}

/** The feature code of the longest menu-map prefix matching the path, or null. */
export function menuCodeFor(path: string, menuPaths: Readonly<Record<string, string>>): string | null {
  let best: { len: number; code: string } | null = null;
  for (const [prefix, code] of Object.entries(menuPaths)) {
    if (underPrefix(path, prefix) && (!best || prefix.length > best.len)) best = { len: prefix.length, code };
  }
  return best?.code ?? null;
}

/** A URL pathname without the page's locale prefix ('/zh/futures' with '/zh' → '/futures'). */
export function stripLocalePrefix(pathname: string, langPrefix: string): string {
  if (!langPrefix) return pathname || '/';
  if (pathname === langPrefix || pathname === `${langPrefix}/`) return '/';
  return pathname.startsWith(`${langPrefix}/`) ? pathname.slice(langPrefix.length) : pathname;
}

/** The tips page itself (never redirected from, never covered by notice dialogs). */
export function isTipsPath(path: string): boolean {
  return underPrefix(path, TIPS_PATH);
}
