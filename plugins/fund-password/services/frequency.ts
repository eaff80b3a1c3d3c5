import { isPlain } from '../../../core/plugin-api';

/** Spec 001 §9 validity options: 1 one hour, 2 every time, 0 never. */
export const FREQUENCIES = [1, 2, 0] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Spec 001 §9: default validity. */
export const DEFAULT_FREQUENCY: Frequency = 1;
/** Spec 001 §9: confirm buttons ignore repeated clicks for 1500 ms. */
export const CONFIRM_DEBOUNCE_MS = 1500;
/** Translation key of each option. */
export const FREQUENCY_KEY: Record<Frequency, string> = { 1: 'oneHour', 2: 'everyTime', 0: 'never' };

/** A validity value, or null when it is not one of the options. */
export function toFrequency(value: unknown): Frequency | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const n = Number(value);
  return (FREQUENCIES as readonly number[]).includes(n) ? (n as Frequency) : null;
}

/** get_user_frequency: code 0 with data.frequency; anything else gives the default. */
export function parseFrequencyReply(reply: unknown): Frequency {
  if (!isPlain(reply) || Number(reply.code) !== 0 || !isPlain(reply.data)) return DEFAULT_FREQUENCY;
  return toFrequency(reply.data.frequency) ?? DEFAULT_FREQUENCY;
}

/** Spec 001 §4/§5: the first modal's confirm needs a password. */
export function canConfirm(fundpass: string): boolean {
  return fundpass.length > 0;
}

/** Spec 001 §4/§5: the validity change needs both the password and the authenticator code. */
export function canSubmitChange(fundpass: string, totp: string): boolean {
  return fundpass.length > 0 && totp.trim().length > 0;
}

/** query_safe reply: a truthy `result` is success; otherwise the server's msg (null: show the word Error). */
export function updateOutcome(reply: unknown): { ok: true } | { ok: false; message: string | null } {
  if (isPlain(reply) && reply.result && reply.result !== '0' && reply.result !== 'false') return { ok: true };
  const msg = isPlain(reply) && typeof reply.msg === 'string' && reply.msg.trim() ? reply.msg.trim() : null;
  return { ok: false, message: msg };
}

/**
 * Leading-edge double-click guard: the first call runs, calls within `ms` after it are dropped.
 * Returns a wrapper; `now` is injectable for tests.
 */
export function createClickGuard(ms: number = CONFIRM_DEBOUNCE_MS, now: () => number = Date.now) {
  let last = -Infinity;
  return <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      const t = now();
      if (t - last < ms) return;
      last = t;
      fn(...args);
    };
}
