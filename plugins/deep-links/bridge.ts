import { createServiceRef } from '../../core';
import { kycPageFor, meetsVersionGate, type GatedFeature, type KycPages, type Platform } from './gates';

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

export interface BridgeConfig {
  platform: Platform | null;
  appVersion: number | null;
  /** Name of the injected bridge object / message handler (default 'gateBridge'). */
  name: string;
  kycPages: KycPages;
  /** Where the bridge objects live (window in the browser; absent on the server). */
  host?: BridgeHost;
  log?: (message: string) => void;
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
export class AppBridge implements NativeBridge {
  readonly inApp: boolean;
  readonly platform: Platform | null;
  readonly appVersion: number | null;

  constructor(private readonly config: BridgeConfig) {
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
