import { BehaviorSubject, of, type Observable } from 'rxjs';
import { BUS, COOKIES, derived, inject, injectable, optionsRefOf, type CookieJar, type ServiceReader, type ShellBus } from '../../core/plugin-api';
import type { CookieConsentOptions } from './options';
import { CONSENT_SERVICE } from './refs';
import type { ConsentLevel, ConsentService, ConsentState } from './types';

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
export function consentOf(services: Pick<ServiceReader, 'getOptional'>): Observable<ConsentState> {
  return services.getOptional(CONSENT_SERVICE)?.state$ ?? of(consentState(null, false));
}

/** The consent service of one request: the cookie's answer, changed by the bar (cookie and bus events). */
@injectable()
export class CookieConsent implements ConsentService {
  private readonly subject: BehaviorSubject<ConsentState>;
  readonly state$: Observable<ConsentState>;

  constructor(
    @inject(COOKIES) private readonly cookies: CookieJar,
    @inject(BUS) private readonly bus: ShellBus,
    @inject(optionsRefOf<CookieConsentOptions>('cookie-consent')) private readonly options: CookieConsentOptions,
  ) {
    this.subject = new BehaviorSubject(consentState(parseConsent(cookies.get(CONSENT_COOKIE)), options.requireConsent));
    this.state$ = derived([this.subject], (state) => state);
  }

  current(): ConsentState {
    return this.subject.value;
  }

  answer(level: ConsentLevel): void {
    this.cookies.set(CONSENT_COOKIE, level, { maxAge: this.options.cookieDays * 86400 });
    this.bus.emit('cookie:change', { name: CONSENT_COOKIE, value: level });
    const next = consentState(level, this.options.requireConsent);
    this.subject.next(next);
    this.bus.emit('consent:change', { analytics: next.analytics });
  }

  /** Completes the stream (the page or request ends). */
  dispose(): void {
    this.subject.complete();
  }
}
