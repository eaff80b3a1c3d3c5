import type { Observable } from 'rxjs';

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
