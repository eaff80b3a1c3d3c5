import { BUS, COOKIES, createServiceRef, inject, injectable, optionsRefOf, type CookieJar, type ShellBus } from '../../core/plugin-api';
import type { DeviceIdSdk } from './sdk-loader';
import { loadSdk, withTimeout } from './sdk-loader';
import type { FingerprintOptions as PluginOptions } from './options.generated';
import { FINGERPRINT_COOKIE, cookieMaxAge, initialAction, isFresh, keptValue, markerCookieText, refreshDelayMs } from './fingerprint';
import type { DeviceFingerprint } from './refs';

export { FINGERPRINT, type DeviceFingerprint } from './refs';

/** The plugin's options (schema.json) the service uses: all but the start delay, which index.ts applies. */
export type FingerprintOptions = Omit<PluginOptions, 'startDelayMs'>;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** What the service reaches outside the page's cookies: the SDK, the clock, timers, the log (tests replace them). */
export interface FingerprintHooks {
  /** Loads (or returns the loaded) SDK. */
  getSdk: () => Promise<DeviceIdSdk>;
  now?: () => number;
  timers?: Timers;
  log?: (message: string) => void;
}

/** The hooks in the request container: `services: [[FINGERPRINT_HOOKS, …]]` in a plugin test. */
export const FINGERPRINT_HOOKS = createServiceRef<FingerprintHooks>('fingerprint.hooks');

/** The real hooks: the SDK script of the options, Date.now, setTimeout, console.warn. */
@injectable()
export class SdkHooks implements FingerprintHooks {
  constructor(@inject(optionsRefOf<PluginOptions>('fingerprint')) private readonly options: PluginOptions) {}
  getSdk = () => loadSdk({ src: this.options.sdkSrc, waitMs: this.options.sdkWaitMs, pollMs: this.options.sdkPollMs });
  log = (m: string) => console.warn(m);
}

interface FingerprintDeps extends FingerprintHooks {
  cookies: CookieJar;
  bus?: ShellBus;
  options: FingerprintOptions;
}

const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
/** setTimeout's upper bound (~24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Reads the cookie only (the server side, which never writes it: what the request carried is what it has). */
export function cookieFingerprint(cookies: CookieJar, maxAgeS: number, now: () => number = Date.now): DeviceFingerprint {
  const current = () => {
    const v = cookies.get(FINGERPRINT_COOKIE);
    return isFresh(v, now(), maxAgeS) ? v : null;
  };
  return { current, served: current, ready: () => Promise.resolve(current()) };
}

/**
 * Keeps the finger_print cookie valid (spec 000 §4): keeps a fresh id, clears and regenerates an expired or
 * invalid one, refreshes at expiry, retries a failed generation up to maxRetries times and stores the encoded
 * error marker while generation fails.
 */
@injectable()
export class FingerprintService implements DeviceFingerprint {
  private readonly now: () => number;
  private readonly timers: Timers;
  private timer: unknown = null;
  private disposed = false;
  private running: Promise<string | null> | null = null;
  /** The first check's outcome, settled by start(): asked for earlier, `ready()` waits for it. */
  private readonly first: Promise<string | null>;
  private settleFirst!: (outcome: Promise<string | null>) => void;
  /** The fresh id in the cookie when the service was built, before this page could write one. */
  private readonly servedId: string | null;

  private readonly deps: FingerprintDeps;

  constructor(
    @inject(COOKIES) cookies: CookieJar,
    @inject(BUS) bus: ShellBus,
    @inject(optionsRefOf<PluginOptions>('fingerprint')) options: FingerprintOptions,
    @inject(FINGERPRINT_HOOKS) hooks: FingerprintHooks,
  ) {
    this.deps = { cookies, bus, options, getSdk: () => hooks.getSdk(), log: hooks.log };
    this.now = hooks.now ?? Date.now;
    this.timers = hooks.timers ?? realTimers;
    this.first = new Promise((resolve) => (this.settleFirst = resolve));
    this.servedId = this.current();
  }

  current(): string | null {
    return cookieFingerprint(this.deps.cookies, this.deps.options.maxAgeSeconds, this.now).current();
  }

  served(): string | null {
    return this.servedId;
  }

  /** Settles with the first check of start() (a fresh id kept, or the first generation's outcome); waits for start. */
  ready(): Promise<string | null> {
    return this.first;
  }

  /** Checks the cookie, generates when needed, schedules the refresh; returns the teardown. */
  start(): () => void {
    const { cookies, options } = this.deps;
    const value = cookies.get(FINGERPRINT_COOKIE);
    const action = initialAction(value, this.now(), options.maxAgeSeconds);
    if (action === 'keep') {
      this.schedule(refreshDelayMs(value!, this.now(), options.maxAgeSeconds), 0);
      this.settleFirst(Promise.resolve(value!));
    } else {
      if (action === 'clear-and-generate') this.write(null);
      this.settleFirst(this.generate(0));
    }
    return () => this.dispose();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  /** One generation attempt; on failure stores the marker and schedules the next retry. */
  private generate(attempt: number): Promise<string | null> {
    if (this.running) return this.running;
    const { options, getSdk } = this.deps;
    this.running = (async () => {
      try {
        const sdk = await getSdk();
        const id = await withTimeout(Promise.resolve(sdk.getId()), options.getIdTimeoutMs, 'SDK getId timed out');
        if (this.disposed) return null;
        const kept: string = keptValue(String(id ?? ''));
        if (!isFresh(kept, this.now(), options.maxAgeSeconds)) throw new Error(`SDK returned an invalid id '${String(kept).slice(0, 12)}…'`);
        this.write(kept, cookieMaxAge(kept, this.now(), options.maxAgeSeconds));
        this.schedule(refreshDelayMs(kept, this.now(), options.maxAgeSeconds), 0);
        return kept;
      } catch (err) {
        if (this.disposed) return null;
        this.deps.log?.(`[fingerprint] generation failed (attempt ${attempt + 1}): ${(err as Error)?.message ?? err}`);
        // The jar URI-encodes values: the cookie on the wire is the encoded marker (ERROR_…%20…), 60 characters at most.
        this.write(markerCookieText(err), options.maxAgeSeconds);
        if (attempt < options.maxRetries) this.schedule(options.retryDelayMs * (attempt + 1), attempt + 1);
        return null;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private schedule(ms: number, attempt: number) {
    if (this.disposed) return;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(
      () => {
        this.timer = null;
        void this.generate(attempt);
      },
      Math.min(ms, MAX_TIMER_MS),
    );
  }

  private write(value: string | null, maxAge?: number) {
    const { cookies, bus } = this.deps;
    const before = cookies.get(FINGERPRINT_COOKIE) ?? null;
    if (value === null) cookies.remove(FINGERPRINT_COOKIE);
    else cookies.set(FINGERPRINT_COOKIE, value, { maxAge, path: '/', sameSite: 'lax' });
    if (before !== value) bus?.emit('cookie:change', { name: FINGERPRINT_COOKIE, value });
  }
}
