const FLAG = 'shell:chunk-reload';
const MISSING_CHUNK = /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i;

/**
 * A view's code that no longer exists (a new deployment replaced the build) cannot be retried: reload the page once
 * (it then gets the new build's HTML), and never in a loop. Returns true when it reloads.
 */
export function reloadOnceOnMissingChunk(
  error: unknown,
  win: Pick<Window, 'location' | 'sessionStorage'> | undefined = typeof window === 'undefined' ? undefined : window,
): boolean {
  if (!win || !MISSING_CHUNK.test(String((error as Error)?.message ?? error))) return false;
  try {
    if (win.sessionStorage.getItem(FLAG)) return false;
    win.sessionStorage.setItem(FLAG, String(Date.now()));
  } catch {
    return false; // no storage: no way to know we already tried
  }
  win.location.reload();
  return true;
}
