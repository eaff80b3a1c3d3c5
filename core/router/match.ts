/** Matches a path (without locale prefix) against route patterns like '/trade/:symbol' and '*'. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const clean = (p: string) => p.replace(/\/+$/, '') || '/';
  const a = clean(pattern).split('/');
  const b = clean(path).split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) {
      if (!b[i]) return null;
      try {
        params[a[i].slice(1)] = decodeURIComponent(b[i]);
      } catch {
        return null;
      }
    } else if (a[i] !== b[i]) return null;
  }
  return params;
}

/** The first matching route, specific patterns before the catch-all. */
export function findRoute<R extends { path: string }>(routes: R[], path: string): { route: R; params: Record<string, string> } | null {
  const ordered = [...routes.filter((r) => r.path !== '*'), ...routes.filter((r) => r.path === '*')];
  for (const route of ordered) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}
