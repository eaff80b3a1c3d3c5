import { BehaviorSubject, distinctUntilChanged, map } from 'rxjs';
import { definePlugin } from '../../core';
import schema from './schema.json';
import { CONSENT_COOKIE, CONSENT_SERVICE, consentState, parseConsent, shouldShowBar, type ConsentService, type ConsentState } from './consent';
import type { CookieConsentOptions } from './options';
import { CookieBar } from './CookieBar';

export { CONSENT_SERVICE, CONSENT_STREAM, CONSENT_COOKIE, consentOf, type ConsentState, type ConsentService, type ConsentLevel } from './consent';

/** The cookie policy bar; publishes the consent state (stream `consent`, bus `consent:change`, CONSENT_SERVICE). */
export default definePlugin<CookieConsentOptions>({
  id: 'cookie-consent',
  options: schema,
  setup(ctx) {
    const { cookies, bus, options } = ctx;
    const required = options.requireConsent;
    const state$ = new BehaviorSubject<ConsentState>(consentState(parseConsent(cookies.get(CONSENT_COOKIE)), required));
    ctx.onTeardown(() => state$.complete());

    const service: ConsentService = {
      state$: state$.asObservable(),
      current: () => state$.value,
      answer(level) {
        cookies.set(CONSENT_COOKIE, level, { maxAge: options.cookieDays * 86400 });
        bus.emit('cookie:change', { name: CONSENT_COOKIE, value: level });
        const next = consentState(level, required);
        state$.next(next);
        bus.emit('consent:change', { analytics: next.analytics });
      },
    };
    ctx.provide(CONSENT_SERVICE, service);
    ctx.stream('consent', service.state$);
    ctx.slot('floating', {
      key: 'bar',
      priority: 100,
      active: () => state$.pipe(map((s) => shouldShowBar(s.level)), distinctUntilChanged()),
      render: CookieBar,
    });
  },
});
