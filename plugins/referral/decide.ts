/** Referral cookie rules of spec 000 §4 as pure functions: parse the invite, plan, read the verify reply, write. */

/** Cookie names (spec 000 §3). */
export const COOKIES = { ref: 'ref_uid', refType: 'ref_type', channel: 'ref_channel', group: 'group_id', ch: 'ch', utmCmp: 'utm_cmp' } as const;
/** Referral cookie life, seconds (spec 000 §9). */
const REFERRAL_MAX_AGE_S = 604800;
/** verify_invite_info: the inviter is in the same group; only channel and group are updated. */
export const SAME_GROUP_CODE = 10530135;

/** The invite's query parameters that passed validation (hostile values are dropped one by one). */
export interface Invite {
  ref?: string;
  refType?: string;
  ch?: string;
  groupId?: string;
  utmCmp?: string;
}

/** Accepted shapes: short, printable ASCII without separators (no control characters, no spaces). */
const RULES: Record<keyof Invite, [param: string, pattern: RegExp]> = {
  ref: ['ref', /^[A-Za-z0-9_-]{2,32}$/],
  refType: ['ref_type', /^\d{1,6}$/],
  ch: ['ch', /^[A-Za-z0-9_.~-]{1,64}$/],
  groupId: ['group_id', /^[A-Za-z0-9_-]{1,32}$/],
  utmCmp: ['utm_cmp', /^[A-Za-z0-9_.~-]{1,128}$/],
};

/** Reads ref, ref_type, ch, group_id and utm_cmp from a query; a value failing its rule is ignored. */
export function parseInvite(query: Record<string, string | string[] | undefined>): Invite {
  const out: Invite = {};
  for (const [key, [param, pattern]] of Object.entries(RULES) as Array<[keyof Invite, [string, RegExp]]>) {
    const raw = query[param];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && pattern.test(value)) out[key] = value;
  }
  return out;
}

/** The stored referral (ref_uid holds the invite code, ref_type its type). */
export interface Stored {
  ref?: string;
  refType?: string;
}

export type Plan =
  /** No invite: nothing beyond the ch / utm_cmp cookies. */
  | { kind: 'none' }
  /** Same ref and ref_type as stored: refresh channel and group only. */
  | { kind: 'refresh' }
  /** Ask verify_invite_info first. */
  | { kind: 'verify'; params: { invite_code: string; ref_type?: number } }
  /** No stored ref and verification of a first invite switched off: store as if verified. */
  | { kind: 'store' };

/**
 * Spec 000 §4: same ref and ref_type as stored → refresh; a stored ref → verify first; otherwise (a first
 * invite) store it without a call, unless the operator asks to verify first invites too (verifyFirstInvite).
 */
export function planReferral(invite: Invite, stored: Stored, verifyFirstInvite = false): Plan {
  if (!invite.ref) return { kind: 'none' };
  if (invite.refType !== undefined && invite.ref === stored.ref && invite.refType === stored.refType) return { kind: 'refresh' };
  if (!stored.ref && !verifyFirstInvite) return { kind: 'store' };
  const params: { invite_code: string; ref_type?: number } = { invite_code: invite.ref };
  if (invite.refType !== undefined) params.ref_type = Number(invite.refType);
  return { kind: 'verify', params };
}

export type Outcome = 'store-all' | 'channel-only' | 'stop';

/** Reads a verify_invite_info reply: code 0 → store all, 10530135 → channel and group only, anything else → stop. */
export function verifyOutcome(reply: unknown): { outcome: Outcome; data: Record<string, unknown> } {
  const body = reply && typeof reply === 'object' ? (reply as { code?: unknown; data?: unknown }) : null;
  const code = body && (typeof body.code === 'number' || (typeof body.code === 'string' && /^-?\d+$/.test(body.code))) ? Number(body.code) : NaN;
  const data = body?.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {};
  if (code === 0) return { outcome: 'store-all', data };
  if (code === SAME_GROUP_CODE) return { outcome: 'channel-only', data };
  return { outcome: 'stop', data };
}

/** One cookie to write (value null: remove). */
export interface CookieWrite {
  name: string;
  value: string | null;
  maxAge: number;
}

const fromReply = (value: unknown, pattern: RegExp): string | undefined => {
  const s = typeof value === 'number' ? String(value) : value;
  return typeof s === 'string' && pattern.test(s) ? s : undefined;
};

/**
 * The cookie writes for an invite and what happened to it. The ch and utm_cmp cookies follow the query whatever
 * happens; 'channel-only' (refresh, same group) writes ref_channel and group_id when the query has them;
 * 'store-all' writes ref_uid, ref_type, ref_channel and group_id, removing ones this invite has no value for so
 * nothing of a previous inviter is left mixed in.
 */
export function cookieWrites(
  invite: Invite,
  outcome: Outcome | 'none',
  data: Record<string, unknown> = {},
  maxAge = REFERRAL_MAX_AGE_S,
  channelMaxAge = maxAge,
): CookieWrite[] {
  const out: CookieWrite[] = [];
  if (invite.ch) out.push({ name: COOKIES.ch, value: invite.ch, maxAge: channelMaxAge });
  if (invite.utmCmp) out.push({ name: COOKIES.utmCmp, value: invite.utmCmp, maxAge: channelMaxAge });
  if (outcome === 'channel-only') {
    if (invite.ch) out.push({ name: COOKIES.channel, value: invite.ch, maxAge });
    if (invite.groupId) out.push({ name: COOKIES.group, value: invite.groupId, maxAge });
  } else if (outcome === 'store-all' && invite.ref) {
    const refType = invite.refType ?? fromReply(data.ref_type, RULES.refType[1]);
    const group = invite.groupId ?? fromReply(data.group_id, RULES.groupId[1]);
    out.push({ name: COOKIES.ref, value: invite.ref, maxAge });
    out.push({ name: COOKIES.refType, value: refType ?? null, maxAge });
    out.push({ name: COOKIES.channel, value: invite.ch ?? null, maxAge });
    out.push({ name: COOKIES.group, value: group ?? null, maxAge });
  }
  return out;
}
