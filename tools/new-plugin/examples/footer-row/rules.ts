/** Whether a site path is one of `paths` or below one ('/' stands for every page). */
export function showsOn(path: string, paths: readonly string[]): boolean {
  return paths.some((p) => p === '/' || path === p || path.startsWith(`${p}/`));
}
