import { definePlugin, derived } from '../../core/plugin-api';
import schema from './schema.json';
import { CookieConsent, shouldShowBar } from './consent';
import { CONSENT_SERVICE, CONSENT_STREAM } from './refs';
import type { CookieConsentOptions } from './options';
import { CookieBar } from './CookieBar';

export { CONSENT_SERVICE, CONSENT_STREAM, COOKIE_CONSENT_PLUGIN } from './refs';
export { CONSENT_COOKIE, consentOf } from './consent';
export type { ConsentState, ConsentService, ConsentLevel } from './types';

/** The cookie policy bar; publishes the consent state (stream `consent`, bus `consent:change`, CONSENT_SERVICE). */
export default definePlugin<CookieConsentOptions>({
  id: 'cookie-consent',
  options: schema,
  slotEntries: () => [
    {
      slot: 'floating',
      key: 'bar',
      priority: 100,
      active: (_env, services) => derived([services.get(CONSENT_SERVICE).state$], (s) => shouldShowBar(s.level)),
      render: CookieBar,
    },
  ],
  setup(ctx) {
    // Built by the request container (cookies, bus and options by ref); setup needs the instance for its stream.
    ctx.provide(CONSENT_SERVICE, CookieConsent);
    const service = ctx.get(CONSENT_SERVICE);
    ctx.onTeardown(() => service instanceof CookieConsent && service.dispose());
    ctx.stream(CONSENT_STREAM, service.state$);
  },
});
