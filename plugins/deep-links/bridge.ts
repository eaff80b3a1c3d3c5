import { createServiceRef, inject, injectable, optionsRefOf, SHELL_ENV, type ShellEnv } from '../../core/plugin-api';
import { kycPageFor, meetsVersionGate, parseAppVersion, platformOf, type GatedFeature, type KycPages, type Platform } from './gates';
import type { DeepLinksOptions } from './options.generated';

/** Values a native page accepts as parameters. */
export type NativeParams = Record<string, string | number | boolean>;

/** A message to the app: the JSON the Android bridge receives as a string, the object iOS receives. */
export type BridgeMessage = { action: 'openPage'; page: string; params: NativeParams } | { action: 'disableRefresh' };

/** The native app bridge other plugins use (published under NATIVE_BRIDGE). */
export interface NativeBridge {
  /** True inside the app webview (device_type 1 or 2). */
  readonly inApp: boolean;
  readonly platform: Platform | null;
  /** App version (Android versionCode, iOS build); null when unknown. */
  readonly appVersion: number | null;
  /** Opens a native page; false outside the app, for a bad page id or when the app has no bridge. */
  openNative(page: string, params?: NativeParams): boolean;
  /** Turns off the app's pull-to-refresh for this page. */
  disableRefresh(): boolean;
  /** Whether this app version may open a gated feature (spec 001 §6). */
  supports(feature: GatedFeature): boolean;
  /** Opens a gated native page, or calls fallback (outside the app, older versions, bridge failure). */
  openGated(feature: GatedFeature, page: string, params: NativeParams | undefined, fallback: () => void): boolean;
  /** Opens the native KYC page, the old or new route by iOS build (spec 001 §6); fallback on failure. */
  openKyc(params?: NativeParams, fallback?: () => void): boolean;
}

/** Token under which the deep-links plugin provides the NativeBridge. */
export const NATIVE_BRIDGE = createServiceRef<NativeBridge>('deep-links.NativeBridge');

/** The JS objects the app injects: Android `window[name].postMessage(json)`, iOS `webkit.messageHandlers[name]`. */
export interface BridgeHost {
  [name: string]: unknown;
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined> };
}

interface BridgeConfig {
  platform: Platform | null;
  appVersion: number | null;
  /** Name of the injected bridge object / message handler (default 'gateBridge'). */
  name: string;
  kycPages: KycPages;
  /** Where the bridge objects live (window in the browser; absent on the server). */
  host?: BridgeHost;
  log?: (message: string) => void;
}

/** What the bridge reaches outside the request: the window, the user agent, the log (tests replace them). */
export interface BridgeHooks {
  /** Where the bridge objects live (window in the browser; absent on the server). */
  host?: BridgeHost;
  /** The browser's user agent (null on the server). */
  userAgent: string | null;
  log?: (message: string) => void;
}

/** The hooks in the request container: `services: [[BRIDGE_HOOKS, …]]` in a plugin test. */
export const BRIDGE_HOOKS = createServiceRef<BridgeHooks>('deep-links.hooks');

/** Whether the page runs in the browser (the bridge objects and the user agent exist there only). */
export function inBrowser(env: Pick<ShellEnv, 'isServer'>): boolean {
  return !env.isServer && typeof window !== 'undefined';
}

/** The page's hooks: window and navigator.userAgent in the browser, nothing on the server; console.warn. */
@injectable()
export class PageBridgeHooks implements BridgeHooks {
  readonly host?: BridgeHost;
  readonly userAgent: string | null;
  constructor(@inject(SHELL_ENV) env: ShellEnv) {
    const browser = inBrowser(env);
    this.host = browser ? (window as unknown as BridgeHost) : undefined;
    this.userAgent = browser ? navigator.userAgent : null;
  }
  log = (m: string) => console.warn(m);
}

/** The app's platform: inside the app webview, by the device_type cookie; null outside it. */
export function appPlatform(env: Pick<ShellEnv, 'state' | 'cookies'>): Platform | null {
  return env.state.inApp ? platformOf(env.cookies.get('device_type')) : null;
}

const PAGE_ID = /^[A-Za-z0-9_./:-]{1,128}$/;
const PARAM_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/** Keeps only primitive parameters with safe keys and short values. */
export function cleanParams(params: unknown): NativeParams {
  const out: NativeParams = {};
  if (!params || typeof params !== 'object' || Array.isArray(params)) return out;
  for (const [k, v] of Object.entries(params)) {
    if (!PARAM_KEY.test(k)) continue;
    if (typeof v === 'string' && v.length <= 512) out[k] = v;
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** The bridge of spec 000 §4 over window.gateBridge (Android) and webkit.messageHandlers.gateBridge (iOS). */
@injectable()
export class AppBridge implements NativeBridge {
  readonly inApp: boolean;
  readonly platform: Platform | null;
  readonly appVersion: number | null;
  private readonly config: BridgeConfig;

  constructor(
    @inject(SHELL_ENV) env: ShellEnv,
    @inject(optionsRefOf<DeepLinksOptions>('deep-links')) options: DeepLinksOptions,
    @inject(BRIDGE_HOOKS) hooks: BridgeHooks,
  ) {
    const appVersion = parseAppVersion({ cookie: env.cookies.get(options.appVersionCookie), userAgent: hooks.userAgent, token: options.userAgentToken });
    const config = { platform: appPlatform(env), appVersion, name: options.bridgeName, kycPages: options.kycPages, host: hooks.host, log: hooks.log };
    this.config = config;
    this.platform = config.platform;
    this.inApp = config.platform !== null;
    this.appVersion = config.appVersion;
  }

  openNative(page: string, params: NativeParams = {}): boolean {
    if (!PAGE_ID.test(page)) {
      this.config.log?.(`[deep-links] refused native page id '${String(page).slice(0, 40)}'`);
      return false;
    }
    return this.post({ action: 'openPage', page, params: cleanParams(params) });
  }

  disableRefresh(): boolean {
    return this.post({ action: 'disableRefresh' });
  }

  supports(feature: GatedFeature): boolean {
    return this.inApp && meetsVersionGate(feature, this.platform, this.appVersion);
  }

  openGated(feature: GatedFeature, page: string, params: NativeParams | undefined, fallback: () => void): boolean {
    if (this.supports(feature) && this.openNative(page, params)) return true;
    fallback();
    return false;
  }

  openKyc(params?: NativeParams, fallback?: () => void): boolean {
    const opened = this.inApp && this.openNative(kycPageFor(this.platform, this.appVersion, this.config.kycPages), params);
    if (!opened) fallback?.();
    return opened;
  }

  /** Sends one message through whichever bridge the app injected; failures are logged only (spec 001 §8). */
  private post(message: BridgeMessage): boolean {
    const { host, name, log } = this.config;
    if (!this.inApp || !host) return false;
    try {
      const android = host[name] as { postMessage?: (m: string) => void } | undefined;
      const ios = host.webkit?.messageHandlers?.[name];
      if (this.platform === 'ios' && ios) ios.postMessage(message);
      else if (typeof android?.postMessage === 'function') android.postMessage(JSON.stringify(message));
      else if (ios) ios.postMessage(message);
      else {
        log?.(`[deep-links] no native bridge '${name}' on this page (${message.action})`);
        return false;
      }
      return true;
    } catch (err) {
      log?.(`[deep-links] native bridge call ${message.action} failed: ${(err as Error)?.message ?? err}`);
      return false;
    }
  }
}
