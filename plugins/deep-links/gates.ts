/** Native app detection and version gates (spec 000 §4, spec 001 §6 and §9): pure functions. */

export type Platform = 'android' | 'ios';

/** device_type cookie values of the app webview (spec 000 §4). */
const DEVICE_TYPES: Readonly<Record<string, Platform>> = { '1': 'android', '2': 'ios' };

/** Minimum app versions per feature (spec 001 §9): Android versionCode, iOS build number (yyyymmddNNNN). */
export const VERSION_GATES = {
  alpha: { android: 658020, ios: 202504080001 },
  pilot: { android: 636000, ios: 202410300001 },
} as const;

export type GatedFeature = keyof typeof VERSION_GATES;

/** iOS builds from this one on use the new native KYC route (spec 001 §6). */
export const IOS_NEW_KYC_BUILD = 202306151200;

/** Native page ids of the two KYC routes. */
export interface KycPages {
  legacy: string;
  current: string;
}
const DEFAULT_KYC_PAGES: KycPages = { legacy: 'kyc_verify', current: 'kyc_center' };

/** The platform of a device_type cookie value, or null outside the app. */
export function platformOf(deviceType: string | undefined | null): Platform | null {
  return (deviceType && DEVICE_TYPES[deviceType.trim()]) || null;
}

const DIGITS = /^\d{1,14}$/;

/**
 * The app's version number: the app_version cookie (digits only), else the `<token>/<digits>` product token of
 * the user agent (e.g. 'ExchangeApp/658020'); null when neither says (treated as older than every gate).
 */
export function parseAppVersion(input: { cookie?: string | null; userAgent?: string | null; token?: string }): number | null {
  const cookie = input.cookie?.trim();
  if (cookie && DIGITS.test(cookie)) return Number(cookie);
  const token = (input.token ?? 'ExchangeApp').replace(/[^A-Za-z0-9_-]/g, '');
  if (!token || !input.userAgent) return null;
  const m = new RegExp(`(?:^|[\\s;(])${token}/(\\d{1,14})(?![\\d.])`, 'i').exec(input.userAgent);
  return m ? Number(m[1]) : null;
}

/** True when the app on this platform is at least the feature's minimum version; unknown version or platform → false. */
export function meetsVersionGate(feature: GatedFeature, platform: Platform | null, version: number | null): boolean {
  if (!platform || version === null || !Number.isFinite(version)) return false;
  const gate = VERSION_GATES[feature];
  return !!gate && version >= gate[platform];
}

/**
 * The native KYC page: iOS builds before 202306151200 (or of unknown build) get the legacy route, newer iOS
 * builds and every Android version the current one.
 */
export function kycPageFor(platform: Platform | null, version: number | null, pages: KycPages = DEFAULT_KYC_PAGES): string {
  if (platform === 'ios' && (version === null || version < IOS_NEW_KYC_BUILD)) return pages.legacy;
  return pages.current;
}
