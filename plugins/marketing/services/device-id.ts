import type { CookieJar, ServiceReader } from '../../../core/plugin-api';
import { FINGERPRINT } from '../../fingerprint/refs';
import { deviceId } from './plans';

/** Where a marketing call finds its device_id: the page's services (the fingerprint's) and cookies. */
export interface DeviceIdSource extends Pick<ServiceReader, 'getOptional'> {
  readonly cookies: Pick<CookieJar, 'get'>;
}

/**
 * Whether the page was served without the device id the fingerprint plugin is about to make (a new browser, or an
 * expired id): its marketing calls then wait for the id (`deviceIdWhenKnown`) rather than go out without it.
 */
export function deviceIdPending(source: DeviceIdSource): boolean {
  const fingerprint = source.getOptional(FINGERPRINT);
  return !!fingerprint && fingerprint.served() === null;
}

/** The device_id of a call now: the fingerprint's fresh id ('' when none), or the cookie where that plugin is off. */
export function deviceIdNow(source: DeviceIdSource): string {
  const fingerprint = source.getOptional(FINGERPRINT);
  return fingerprint ? (fingerprint.current() ?? '') : deviceId(source.cookies);
}

/**
 * The device_id once the page has one: at once when the cookie holds a fresh id (or the fingerprint plugin is off),
 * else when the fingerprint's first generation ends, waiting at most `waitMs` ('' when no id came by then).
 */
export async function deviceIdWhenKnown(source: DeviceIdSource, waitMs: number): Promise<string> {
  const fingerprint = source.getOptional(FINGERPRINT);
  if (!fingerprint) return deviceId(source.cookies);
  const now = fingerprint.current();
  if (now) return now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    return (await Promise.race([fingerprint.ready(), timeout])) ?? fingerprint.current() ?? '';
  } finally {
    clearTimeout(timer);
  }
}
