import { definePlugin } from '../../core';
import schema from './schema.json';
import { FINGERPRINT, FINGERPRINT_HOOKS, FingerprintService, SdkHooks } from './service';
import type { FingerprintOptions } from './options.generated';

export { FINGERPRINT, FINGERPRINT_HOOKS, type DeviceFingerprint, type FingerprintHooks } from './service';
export { FINGERPRINT_COOKIE, isValidFingerprint, isFresh, errorMarker, keptValue } from './fingerprint';

/** Keeps the finger_print device-id cookie valid in the browser (spec 000 §4) and publishes it under FINGERPRINT. */
export default definePlugin<FingerprintOptions>({
  id: 'fingerprint',
  options: schema,
  /** No user-facing text: no translation namespace to load. */
  namespaces: [],
  setup(ctx) {
    // Built by the request container: cookies, bus, options and hooks (SDK, clock, timers) by ref. On the server
    // nothing starts it, so it only reads the cookie.
    ctx.provide(FINGERPRINT_HOOKS, SdkHooks);
    ctx.provide(FINGERPRINT, FingerprintService);
    if (ctx.isServer) return;
    ctx.effect(() => {
      let stop: (() => void) | null = null;
      const service = ctx.get(FINGERPRINT);
      const start = () => (stop = service instanceof FingerprintService ? service.start() : null);
      const timer = setTimeout(start, ctx.options.startDelayMs);
      return () => {
        clearTimeout(timer);
        stop?.();
      };
    });
  },
});
