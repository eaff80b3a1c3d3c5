/** The cookie that remembers a closed bar, read by the server and the browser. */
export const CLOSED_COOKIE = 'announcement_closed';

/** Whether a site path is one of `paths` or below one ('/' stands for every page). */
export function showsOn(path: string, paths: readonly string[]): boolean {
  return paths.some((p) => p === '/' || path === p || path.startsWith(`${p}/`));
}
