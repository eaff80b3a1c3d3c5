import { of, type Observable } from 'rxjs';
import type { ShellEnv } from '../../core';

/** The answer a visitor gave on the cookie bar. */
export type ConsentLevel = 'necessary' | 'all';

/** The consent state other plugins read (stream `cookie-consent.consent`, service CONSENT_SERVICE). */
export interface ConsentState {
  /** The visitor's answer; null while unanswered. */
  level: ConsentLevel | null;
  /** Analytics and big-data tracking may run. */
  analytics: boolean;
  /** This region needs an explicit "accept all" before tracking. */
  required: boolean;
}

/** What the plugin provides in the request container under CONSENT_SERVICE. */
export interface ConsentService {
  readonly state$: Observable<ConsentState>;
  current(): ConsentState;
  answer(level: ConsentLevel): void;
}

/** tsyringe token of the consent service (a string, so every chunk sees the same token). */
export const CONSENT_SERVICE = 'cookie-consent.service';
/** Name of the published stream: `useStream<ConsentState>(CONSENT_STREAM)`. */
export const CONSENT_STREAM = 'cookie-consent.consent';
/** Cookie holding the answer (read by the server, so an answered bar is never rendered again). */
export const CONSENT_COOKIE = 'cookie_consent';

/** The stored answer, or null for a missing or unknown value. */
export function parseConsent(raw: string | undefined | null): ConsentLevel | null {
  return raw === 'necessary' || raw === 'all' ? raw : null;
}

/**
 * Whether tracking may run: "accept all" always allows it, "necessary only" never does, and an unanswered bar
 * allows it only where the region does not require consent.
 */
export function consentState(level: ConsentLevel | null, required: boolean): ConsentState {
  return { level, required, analytics: level === 'all' || (level === null && !required) };
}

/** The bar shows until it is answered. */
export function shouldShowBar(level: ConsentLevel | null): boolean {
  return level === null;
}

/**
 * For analytics plugins: the consent state of this page. Without the cookie-consent plugin (a region that does not
 * enable it) tracking is allowed, so regions that require consent must enable the plugin.
 */
export function consentOf(env: Pick<ShellEnv, 'container'>): Observable<ConsentState> {
  return env.container.isRegistered(CONSENT_SERVICE, true)
    ? env.container.resolve<ConsentService>(CONSENT_SERVICE).state$
    : of(consentState(null, false));
}
