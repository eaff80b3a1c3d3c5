import { localStore } from '../../../core/plugin-api';
import { NOTICES, type NoticeId, type SeenState } from '../rules/notices';

/** Storage keys (README "Storage"). */
export const STORAGE_KEYS = {
  /** localStorage: timestamp (ms) of an interval notice's acknowledgement (HK). */
  at: (id: NoticeId) => `compliance_notice_at_${id}`,
  /** localStorage: '1' once a show-once notice (Uzbekistan) was acknowledged. */
  once: (id: NoticeId) => `compliance_notice_once_${id}`,
  /** sessionStorage: JSON list of notices acknowledged this session. */
  session: 'compliance_notices_ack',
  /** sessionStorage: JSON list of closed floating bars. */
  bars: 'compliance_bars_closed',
  /** sessionStorage: JSON list of business message ids already answered. */
  business: 'compliance_business_done',
} as const;

/** sessionStorage that never throws (denied storage reads as empty). */
export const sessionStore = {
  list(key: string): string[] {
    try {
      const v: unknown = JSON.parse(globalThis.sessionStorage?.getItem(key) ?? '[]');
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  },
  add(key: string, value: string): void {
    try {
      const next = [...new Set([...sessionStore.list(key), value])].slice(-100);
      globalThis.sessionStorage?.setItem(key, JSON.stringify(next));
    } catch {
      /* storage denied: remembered for this page only */
    }
  },
};

const IDS = Object.keys(NOTICES) as NoticeId[];

/** What the browser remembers about acknowledged notices. */
export function readSeen(): SeenState {
  const session = new Set(sessionStore.list(STORAGE_KEYS.session).filter((s): s is NoticeId => s in NOTICES));
  const once = new Set(IDS.filter((id) => NOTICES[id].repeat === 'once' && localStore.get(STORAGE_KEYS.once(id)) === '1'));
  const at: SeenState['at'] = {};
  for (const id of IDS) {
    if (NOTICES[id].repeat !== 'interval') continue;
    const raw = localStore.get(STORAGE_KEYS.at(id));
    if (raw !== null && /^\d{1,15}$/.test(raw)) at[id] = Number(raw);
  }
  return { session, once, at };
}

/** Remembers an acknowledgement according to the notice's repeat policy. */
export function rememberAck(id: NoticeId, now = Date.now()): void {
  const { repeat } = NOTICES[id];
  if (repeat === 'session') sessionStore.add(STORAGE_KEYS.session, id);
  else if (repeat === 'once') localStore.set(STORAGE_KEYS.once(id), '1');
  else localStore.set(STORAGE_KEYS.at(id), String(now));
}
