import mitt, { type Emitter } from 'mitt';

/**
 * Cross-plugin events. The core declares its own; a plugin declares the events it owns beside its refs, by
 * declaration merging: `declare module '../../core/state/bus' { interface ShellEvents { 'chat:open': void } }`.
 * No index signature: an undeclared event name is a compile error.
 */
export interface ShellEvents {
  /** A cookie was written on the client (referral, fingerprint, consent, ...). */
  'cookie:change': { name: string; value: string | null };
  /** Translations for the page's namespaces are loaded; the language switches next. */
  'i18n:ready': { lng: string };
  /** Show a toast (host renders it). */
  toast: { kind: 'success' | 'error' | 'warning'; message: string };
}

/** The declared events as a map mitt accepts (an interface has no implicit index signature). */
type EventMap = Pick<ShellEvents, keyof ShellEvents>;

export type ShellBus = Emitter<EventMap>;

export function createBus(): ShellBus {
  return mitt<EventMap>();
}
