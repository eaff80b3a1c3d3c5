export type { NotificationsOptions } from './options.generated';

/** The unread count of a reply `{ code: 0, data: { count } }`; null when absent, malformed or negative. */
export function unreadCountOf(reply: unknown): number | null {
  const body = reply && typeof reply === 'object' ? (reply as { code?: unknown; data?: unknown }) : null;
  if (!body || Number(body.code) !== 0 || !body.data || typeof body.data !== 'object') return null;
  const count = Number((body.data as { count?: unknown }).count);
  return Number.isInteger(count) && count >= 0 ? count : null;
}

/** The badge text: the count, or "<max>+" above the maximum; null for no badge (0 or unknown). */
export function badgeText(count: number | null, max: number): string | null {
  if (!count) return null;
  return count > max ? `${max}+` : String(count);
}
