import { definePlugin } from '../../core/plugin-api';
import schema from './schema.json';
import { cookieFingerprint, FINGERPRINT, FINGERPRINT_HOOKS, FingerprintService, SdkHooks } from './service';
import type { FingerprintOptions } from './options.generated';

export { FINGERPRINT_HOOKS, type FingerprintHooks } from './service';
export { FINGERPRINT, FINGERPRINT_PLUGIN, type DeviceFingerprint } from './refs';
export { FINGERPRINT_COOKIE, isValidFingerprint, isFresh, errorMarker, keptValue } from './fingerprint';

/** Keeps the finger_print device-id cookie valid in the browser (spec 000 §4) and publishes it under FINGERPRINT. */
export default definePlugin<FingerprintOptions>({
  id: 'fingerprint',
  options: schema,
  /** No user-facing text: no translation namespace to load. */
  namespaces: [],
  setup(ctx) {
    // On the server: the request's cookie, read (the server never writes it).
    if (ctx.isServer) {
      ctx.provide(FINGERPRINT, cookieFingerprint(ctx.cookies, ctx.options.maxAgeSeconds));
      return;
    }
    // In the browser, built by the page's container: cookies, bus, options and hooks (SDK, clock, timers) by ref.
    ctx.provide(FINGERPRINT_HOOKS, SdkHooks);
    ctx.provide(FINGERPRINT, FingerprintService);
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
