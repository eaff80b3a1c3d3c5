import { definePlugin } from '../../core';
import schema from './schema.json';
import { loadSdk } from './sdk-loader';
import { FINGERPRINT, FingerprintService, cookieFingerprint } from './service';
import type { FingerprintOptions } from './options.generated';

export { FINGERPRINT, type DeviceFingerprint } from './service';
export { isValidFingerprint, isFresh, errorMarker, keptValue } from './fingerprint';

/** Keeps the finger_print device-id cookie valid in the browser (spec 000 §4) and publishes it under FINGERPRINT. */
export default definePlugin<FingerprintOptions>({
  id: 'fingerprint',
  options: schema,
  /** No user-facing text: no translation namespace to load. */
  namespaces: [],
  setup(ctx) {
    const { options } = ctx;
    if (ctx.isServer) {
      ctx.provide(FINGERPRINT, cookieFingerprint(ctx.cookies, options.maxAgeSeconds));
      return;
    }
    const service = new FingerprintService({
      cookies: ctx.cookies,
      bus: ctx.bus,
      options,
      getSdk: () => loadSdk({ src: options.sdkSrc, waitMs: options.sdkWaitMs, pollMs: options.sdkPollMs }),
      log: (m) => console.warn(m),
    });
    ctx.provide(FINGERPRINT, service);
    ctx.effect(() => {
      let stop: (() => void) | null = null;
      const timer = setTimeout(() => (stop = service.start()), options.startDelayMs);
      return () => {
        clearTimeout(timer);
        stop?.();
      };
    });
  },
});
