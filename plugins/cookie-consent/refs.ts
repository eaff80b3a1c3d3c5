import { createPluginRef, createServiceRef, createStreamRef } from '../../core/plugin-api';
import type { ConsentService, ConsentState } from './types';

/** This plugin, for other plugins' `requires`/`optional`. */
export const COOKIE_CONSENT_PLUGIN = createPluginRef('cookie-consent');

/** The consent service in the request container: `useService(CONSENT_SERVICE)`. */
export const CONSENT_SERVICE = createServiceRef<ConsentService>('cookie-consent.service');
/** The consent state as a stream: `useStream(CONSENT_STREAM)`. */
export const CONSENT_STREAM = createStreamRef<ConsentState>('cookie-consent.consent');

declare module '../../core/plugin-api' {
  interface ShellEvents {
    /** Consent changed (cookie-consent plugin). */
    'consent:change': { analytics: boolean };
  }
}
