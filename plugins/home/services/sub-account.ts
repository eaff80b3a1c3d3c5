import type { HttpClient } from '../../../core/plugin-api';
import type { Envelope } from '../types';

/** Sub-account type (spec 001 §3): type 1 normal, 4 managed; sub_type 6 bugs, 7 asset management. */
export interface SubAccountInfo {
  sub_uid: string;
  nickname: string;
  type: number;
  sub_type: number;
  state: string;
}

/** What the page does with a lookup reply. */
export type SubAccountOutcome =
  | { kind: 'ok'; info: SubAccountInfo }
  /** Spec 001 §8: warning toast with the server message, then home after the delay. */
  | { kind: 'warn'; message: string }
  /** The call itself failed: logged, shown inline, no redirect. */
  | { kind: 'error' };

/** A sub_uid worth asking about: 1-20 digits. */
export function isValidSubUid(raw: unknown): raw is string {
  return typeof raw === 'string' && /^\d{1,20}$/.test(raw);
}

/** Decides the outcome of a sub-account info reply (pure). */
export function subAccountOutcome(reply: Envelope<unknown> | undefined, subUid: string): SubAccountOutcome {
  if (!reply || typeof reply !== 'object') return { kind: 'error' };
  if (reply.code !== 0) return { kind: 'warn', message: String(reply.message ?? reply.msg ?? '').trim() };
  const d = (reply.data && typeof reply.data === 'object' ? reply.data : {}) as Record<string, unknown>;
  return {
    kind: 'ok',
    info: {
      sub_uid: typeof d.sub_uid === 'string' || typeof d.sub_uid === 'number' ? String(d.sub_uid) : subUid,
      nickname: typeof d.nickname === 'string' ? d.nickname : '',
      type: Number(d.type) || 0,
      sub_type: Number(d.sub_type) || 0,
      state: typeof d.state === 'string' ? d.state : '',
    },
  };
}

/** Translation key of a sub-account's kind. */
export function subAccountKindKey(info: Pick<SubAccountInfo, 'type' | 'sub_type'>): string {
  if (info.sub_type === 6) return 'subAccount.kind.bugs';
  if (info.sub_type === 7) return 'subAccount.kind.assetManagement';
  if (info.type === 4) return 'subAccount.kind.managed';
  return 'subAccount.kind.normal';
}

/** GET the sub-account info (path from the options); the outcome to act on. */
export async function lookupSubAccount(http: HttpClient, path: string, subUid: string): Promise<SubAccountOutcome> {
  const reply = await http.get<Envelope<unknown>>(path, { sub_uid: subUid }, { dedupe: false }).catch(() => undefined);
  const outcome = subAccountOutcome(reply, subUid);
  if (outcome.kind !== 'ok')
    console.warn(`[home] sub-account lookup ${subUid}: ${outcome.kind === 'warn' ? outcome.message || 'non-zero code' : 'call failed'}`);
  return outcome;
}
