const partsOf = (p: string) => (p.replace(/\/+$/, '') || '/').split('/');

/** Split patterns, kept: routes come from code, so there are few of them (bounded all the same). */
const patterns = new Map<string, string[]>();
function patternParts(pattern: string): string[] {
  let parts = patterns.get(pattern);
  if (!parts) {
    parts = partsOf(pattern);
    if (patterns.size < 2000) patterns.set(pattern, parts);
  }
  return parts;
}

function matchParts(a: string[], b: string[]): Record<string, string> | null {
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

/** Matches a path (without locale prefix) against route patterns like '/trade/:symbol' and '*'. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  if (pattern === '*') return {};
  return matchParts(patternParts(pattern), partsOf(path));
}

/** The first matching route, specific patterns before the catch-all. */
export function findRoute<R extends { path: string }>(routes: R[], path: string): { route: R; params: Record<string, string> } | null {
  const parts = partsOf(path);
  for (const route of routes) {
    if (route.path === '*') continue;
    const params = matchParts(patternParts(route.path), parts);
    if (params) return { route, params };
  }
  const any = routes.find((r) => r.path === '*');
  return any ? { route: any, params: {} } : null;
}
