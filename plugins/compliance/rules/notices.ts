import { MODAL_LEVEL, type ComplianceResult } from '../../../core/plugin-api';
import { HIGH_KYC_LIMIT } from '../../../kit';
import { isTipsPath } from './paths';

/** The compliance notice dialogs (spec 000 §6, §8). */
export type NoticeId =
  'restricted' | 'account-conflict' | 'ip-limit' | 'high-kyc' | 'withdraw-only' | 'uk' | 'uk-closed' | 'uzbekistan' | 'hk' | 'exclusive-perk';

/** How an acknowledged notice is remembered: this browser session, for good, or for an interval (HK). */
type Repeat = 'session' | 'once' | 'interval';

export interface NoticeSpec {
  priority: number;
  repeat: Repeat;
  /** Closable by Escape and the close control (the others only by their acknowledge button). */
  closable: boolean;
}

const C = MODAL_LEVEL.critical;
const B = MODAL_LEVEL.blocking;

/** Priorities in the modal queue (higher first) and repeat policies. */
export const NOTICES: Record<NoticeId, NoticeSpec> = {
  restricted: { priority: B, repeat: 'session', closable: false },
  'account-conflict': { priority: B - 1, repeat: 'session', closable: false },
  'ip-limit': { priority: B - 2, repeat: 'session', closable: false },
  'high-kyc': { priority: C + 5, repeat: 'session', closable: false },
  'withdraw-only': { priority: C + 4, repeat: 'session', closable: false },
  'uk-closed': { priority: C + 3, repeat: 'session', closable: false },
  uk: { priority: C + 2, repeat: 'session', closable: false },
  uzbekistan: { priority: C + 1, repeat: 'once', closable: false },
  hk: { priority: C, repeat: 'interval', closable: false },
  'exclusive-perk': { priority: MODAL_LEVEL.low, repeat: 'session', closable: true },
};

/** `toast.limit_country_user_status` values and the compliance `business` code this plugin acts on. */
const USER_STATUS = { accountConflict: 'account_conflict', restricted: 'restricted' } as const;
export const EXCLUSIVE_PERK_CODE = 'exclusive_perk';

export interface TriggerContext {
  isLogin: boolean;
  /** Translation language of the page ('zh', 'tw', 'en', ...). */
  lng: string;
}

const CHINESE = ['zh', 'tw'];

/**
 * Which notices the compliance result asks for (README "Field → notice"), before anything remembered is
 * taken into account.
 */
export function triggeredNotices(c: Pick<ComplianceResult, 'limit' | 'toast' | 'business'>, ctx: TriggerContext): NoticeId[] {
  const limit = c.limit ?? {};
  const toast = c.toast ?? {};
  const out: NoticeId[] = [];
  const status = String(toast.limit_country_user_status ?? '');
  if (limit.is_blocked_country || status === USER_STATUS.restricted) out.push('restricted');
  if (status === USER_STATUS.accountConflict) out.push('account-conflict');
  if (toast.kyc_toast === HIGH_KYC_LIMIT.LIMIT_VISITOR && !ctx.isLogin) out.push('ip-limit');
  if (toast.kyc_toast === HIGH_KYC_LIMIT.LIMIT_HIGH_KYC_USER && ctx.isLogin) out.push('high-kyc');
  if (toast.is_withdraw_only_user) out.push('withdraw-only');
  if (limit.is_uk_limit) out.push(CHINESE.includes(ctx.lng) ? 'uk-closed' : 'uk');
  if (limit.is_uzbekistan_toast) out.push('uzbekistan');
  if (toast.is_hk_user) out.push('hk');
  if ((c.business ?? []).includes(EXCLUSIVE_PERK_CODE)) out.push('exclusive-perk');
  return out;
}

/** What the browser remembers about acknowledged notices. */
export interface SeenState {
  /** Acknowledged in this browser session. */
  session: ReadonlySet<NoticeId>;
  /** Acknowledged for good (localStorage). */
  once: ReadonlySet<NoticeId>;
  /** Stored timestamps (ms) of interval notices (localStorage). */
  at: Partial<Record<NoticeId, number>>;
}

export interface DueInput extends TriggerContext {
  compliance: Pick<ComplianceResult, 'limit' | 'toast' | 'business'>;
  /** Path without the locale prefix. */
  path: string;
  seen: SeenState;
  now: number;
  hkIntervalMs: number;
}

/** Whether a remembered acknowledgement still holds. */
export function stillAcknowledged(id: NoticeId, seen: SeenState, now: number, intervalMs: number): boolean {
  const { repeat } = NOTICES[id];
  if (repeat === 'session') return seen.session.has(id);
  if (repeat === 'once') return seen.once.has(id);
  const at = seen.at[id];
  return typeof at === 'number' && Number.isFinite(at) && at <= now && now - at < intervalMs;
}

/** The notices to show now, highest priority first (the modal queue shows them one at a time). */
export function dueNotices(input: DueInput): NoticeId[] {
  if (isTipsPath(input.path)) return [];
  return triggeredNotices(input.compliance, input)
    .filter((id) => !stillAcknowledged(id, input.seen, input.now, input.hkIntervalMs))
    .sort((a, b) => NOTICES[b].priority - NOTICES[a].priority);
}
