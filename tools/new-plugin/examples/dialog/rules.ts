/** The localStorage key holding when the visitor closed the dialog (milliseconds since 1970). */
export const CLOSED_AT_KEY = 'whats-new.closedAt';

const DAY_MS = 86_400_000;

/** Whether the dialog is due: never closed (or an unreadable or future record), or closed `days` days ago or more. */
export function isDue(closedAt: string | null, now: number, days: number): boolean {
  const at = closedAt !== null && /^\d{1,15}$/.test(closedAt) ? Number(closedAt) : Number.NaN;
  return !(at <= now) || now - at >= days * DAY_MS;
}

/** Whether a site path is one of `paths` or below one ('/' stands for every page). */
export function showsOn(path: string, paths: readonly string[]): boolean {
  return paths.some((p) => p === '/' || path === p || path.startsWith(`${p}/`));
}
