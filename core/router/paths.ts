/** Prefixes a site path with the language prefix ('' for the default language). */
export function localePath(langPrefix: string, path: string): string {
  if (!path.startsWith('/')) path = `/${path}`;
  if (!langPrefix) return path;
  return path === '/' ? `${langPrefix}/` : `${langPrefix}${path}`;
}
