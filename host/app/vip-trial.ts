import type { VipTier } from '../../core/data/types';

/** A running VIP trial: its tier and when it ends (ms since the epoch). */
export interface ActiveTrial {
  tier: number;
  endsAt: number;
}

/** `expire_time` in seconds (the vip-center answer) or milliseconds: values below 10^12 are seconds. */
function expireTimeMs(expire: number): number {
  return expire < 1e12 ? expire * 1000 : expire;
}

/**
 * Spec 000 §6: a VIP trial applies when its tier is above 0; it shows until its `expire_time`. Null otherwise
 * (no trial, expired, or malformed values).
 */
export function activeVipTrial(vip: VipTier | undefined, now: number): ActiveTrial | null {
  const tier = Number(vip?.trial?.tier);
  const expire = Number(vip?.trial?.expire_time);
  if (!Number.isFinite(tier) || tier <= 0 || !Number.isFinite(expire) || expire <= 0) return null;
  const endsAt = expireTimeMs(expire);
  return now < endsAt ? { tier: Math.floor(tier), endsAt } : null;
}

/** The trial's end date in the page language, in UTC so server and browser print the same text. */
export function trialEndDate(endsAt: number, htmlLang: string): string {
  try {
    return new Intl.DateTimeFormat(htmlLang, { dateStyle: 'medium', timeZone: 'UTC' }).format(endsAt);
  } catch {
    return new Date(endsAt).toISOString().slice(0, 10);
  }
}
