import mitt, { type Emitter } from 'mitt';

/**
 * Cross-plugin events. Plugins add their own by declaration merging:
 * `declare module '../../core/state/bus' { interface ShellEvents { 'chat:open': void } }`.
 */
export interface ShellEvents {
  [key: string | symbol]: unknown;
  /** A cookie was written on the client (referral, fingerprint, consent, ...). */
  'cookie:change': { name: string; value: string | null };
  /** Translations for the page's namespaces are loaded; the language switches next. */
  'i18n:ready': { lng: string };
  /** Ask the auth plugin to open its modal. */
  'auth:open': { mode: 'login' | 'signup' };
  /** Ask the drawer plugin to open the deposit drawer. */
  'drawer:open': void;
  /** Show a toast (host renders it). */
  toast: { kind: 'success' | 'error' | 'warning'; message: string };
  /** Consent changed (cookie-consent plugin). */
  'consent:change': { analytics: boolean };
}

export type ShellBus = Emitter<ShellEvents>;

export function createBus(): ShellBus {
  return mitt<ShellEvents>();
}
