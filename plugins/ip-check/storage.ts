import type { IpCheckData } from './reply';

/** Spec 001 §9: a closed result-2 prompt stays away for 2 hours (per user). */
export const IGNORE_MS = 2 * 60 * 60 * 1000;
/** A token is never trusted for longer than a day, whatever its expiry says. */
export const MAX_TOKEN_MS = 24 * 60 * 60 * 1000;

/** localStorage key of the stored check token (per user). */
export const tokenKey = (uid: string) => `ip_check_token:${uid || 'visitor'}`;
/** localStorage key of the result-2 prompt's close time (per user). */
export const ignoreKey = (uid: string) => `ip_check_ignore:${uid || 'visitor'}`;

export interface StoredToken {
  token: string;
  expiresAt: number;
}

export function isStoredToken(v: unknown): v is StoredToken {
  return (
    !!v &&
    typeof v === 'object' &&
    typeof (v as StoredToken).token === 'string' &&
    (v as StoredToken).token !== '' &&
    Number.isFinite((v as StoredToken).expiresAt)
  );
}

/** A stored token lets the page skip the check until it expires. */
export function isTokenValid(stored: StoredToken | null, now: number): boolean {
  return !!stored && stored.expiresAt > now && stored.expiresAt - now <= MAX_TOKEN_MS;
}

/**
 * What to store from a reply: only a passing check (result 1) with a token; expiry from the reply, else the TTL,
 * capped at a day. A blocking result is never cached, so it is asked again on the next page.
 */
export function tokenToStore(data: IpCheckData, now: number, ttlMs: number): StoredToken | null {
  if (data.result !== 1 || !data.token) return null;
  const expiresAt = Math.min(data.expiresAt ?? now + ttlMs, now + MAX_TOKEN_MS);
  return expiresAt > now ? { token: data.token, expiresAt } : null;
}

/** Whether the result-2 prompt was closed less than 2 hours ago (`raw` is the stored close time in ms). */
export function isSuppressed(raw: string | null, now: number): boolean {
  if (!raw || !/^\d{1,16}$/.test(raw)) return false;
  const at = Number(raw);
  return at <= now && now - at < IGNORE_MS;
}
