import { stringifySetCookie } from 'cookie';
import type { ComplianceLimit, ComplianceToast, SubUserType, UserInfo, VipTier } from '../../data/types';
import type { FakeRequest } from './types';

/** What a built-in persona changes about the back end's answers (a patch over its base scenario's answers). */
export interface Persona {
  /** Answer every per-user call with `not login` even when the uid/nickname cookies are present. */
  visitor?: boolean;
  /** Fields merged into get_info's `data` (logged-in requests only). */
  user?: Partial<Omit<UserInfo, 'user_info'>> & { user_info?: Partial<UserInfo['user_info']> };
  /** get_kyc_status `data.kyc_status`. */
  kycStatus?: number;
  /** get_user_tier tier (also user_info's `tier`). */
  tier?: number;
  /** vip-center/get-user-tier `data.trial`. */
  vipTrial?: VipTier['trial'];
  subUserType?: SubUserType;
  /** Fields merged into compliance/check's `data`; `tips` gives the localized compliance tip to add (the host's `complianceTip`). */
  compliance?: {
    menu?: string[];
    business?: string[];
    limit?: Partial<ComplianceLimit>;
    toast?: Partial<ComplianceToast>;
    tips?: (req: FakeRequest) => unknown;
  };
}

/** Fake country codes used by the personas (the real exchange's numbering is not in the specs). */
export const COUNTRY = { ordinary: 45, hongKong: 98, uzbekistan: 229, code233: 233, unitedStates: 234, unitedKingdom: 235, northKorea: 113 } as const;

/** 32-bit FNV-1a hash: stable ids and numbers from strings. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Stable numeric uid (8 digits, from 10000000) for a login account; case and spaces around it ignored. */
export function uidFromAccount(account: string): string {
  return String(10_000_000 + (hash(account.trim().toLowerCase()) % 90_000_000));
}

/** The nickname shown for an account: the part before '@' of an e-mail, without control characters, at most 32. */
export function nicknameFromAccount(account: string): string {
  const base = account.trim().split('@')[0] || account.trim();
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 32);
}

/** Deep merge for plain objects; arrays and scalars in `patch` replace. Returns a new object. */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isPlain(base) || !isPlain(patch)) return (patch === undefined ? base : structuredClone(patch)) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) out[k] = deepMerge(out[k], v);
  return out as T;
}

export function isPlain(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

const sessionCookie = (name: string, value: string, clear = false) =>
  stringifySetCookie(name, value, { path: '/', sameSite: 'lax', ...(clear ? { maxAge: 0, expires: new Date(0) } : {}) });

/** Set-Cookie headers that log `account` in (uid and nickname, path '/', SameSite=Lax, readable by scripts). */
export function loginCookies(account: string): { uid: string; nickname: string; cookies: string[] } {
  const uid = uidFromAccount(account);
  const nickname = nicknameFromAccount(account) || `User${uid.slice(-4)}`;
  return { uid, nickname, cookies: [sessionCookie('uid', uid), sessionCookie('nickname', nickname)] };
}

/** Set-Cookie headers that clear uid and nickname. */
export const logoutCookies = (): string[] => [sessionCookie('uid', '', true), sessionCookie('nickname', '', true)];
