import { localStore } from '../../../core/plugin-api';

/** Whether a close stored at `closedAt` (ms, as text) still hides a banner; malformed or future values do not. */
export function isClosed(closedAt: string | null, now: number, hours: number): boolean {
  if (!closedAt || !/^\d+$/.test(closedAt)) return false;
  const at = Number(closedAt);
  return at <= now && now - at < hours * 3_600_000;
}

/** A banner hidden for some hours after a manual close, remembered in localStorage. */
export const dismissal = {
  closed(key: string, hours: number, now = Date.now()): boolean {
    return isClosed(localStore.get(key), now, hours);
  },
  close(key: string, now = Date.now()): void {
    localStore.set(key, String(now));
  },
};
