import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCookieJar } from '../../../core/plugin-api/testing';
import { FINGERPRINT, type DeviceFingerprint } from '../../fingerprint/refs';
import { deviceIdNow, deviceIdPending, deviceIdWhenKnown, type DeviceIdSource } from './device-id';

const ID = '6a5f3c00' + '0123456789abcdef0123456789abcdef';

/** A page's services with (or without) the fingerprint plugin's service, and its cookies. */
function source(fingerprint: Partial<DeviceFingerprint> | null, cookies: Record<string, string> = {}): DeviceIdSource {
  const fp = fingerprint && { current: () => null, served: () => null, ready: () => new Promise<string | null>(() => {}), ...fingerprint };
  return {
    cookies: new MemoryCookieJar(cookies),
    getOptional: <T>(ref: { id: string }) => (ref.id === FINGERPRINT.id ? (fp as T) : null),
  };
}

afterEach(() => vi.useRealTimers());

describe('marketing device id', () => {
  it('is pending only where the fingerprint plugin runs and the page came without an id', () => {
    expect(deviceIdPending(source({ served: () => null }))).toBe(true);
    expect(deviceIdPending(source({ served: () => ID }))).toBe(false);
    expect(deviceIdPending(source(null))).toBe(false);
  });

  it('now: the fingerprint id, else nothing; the plain cookie where the plugin is off', () => {
    expect(deviceIdNow(source({ current: () => ID }))).toBe(ID);
    // An expired or forged cookie is no id while the fingerprint plugin runs.
    expect(deviceIdNow(source({ current: () => null }, { finger_print: 'stale' }))).toBe('');
    expect(deviceIdNow(source(null, { finger_print: 'fp_abc' }))).toBe('fp_abc');
  });

  it('when known: at once with a fresh id, else after the first generation', async () => {
    const ready = vi.fn(() => Promise.resolve(ID));
    expect(await deviceIdWhenKnown(source({ current: () => ID, ready }), 3000)).toBe(ID);
    expect(ready).not.toHaveBeenCalled();
    expect(await deviceIdWhenKnown(source({ ready }), 3000)).toBe(ID);
    expect(await deviceIdWhenKnown(source({ ready: () => Promise.resolve(null) }), 3000)).toBe('');
    expect(await deviceIdWhenKnown(source(null, { finger_print: 'fp_abc' }), 3000)).toBe('fp_abc');
  });

  it('when known: gives up after the wait, with no id', async () => {
    vi.useFakeTimers();
    let answer: string | undefined;
    void deviceIdWhenKnown(source({}), 3000).then((id) => (answer = id));
    await vi.advanceTimersByTimeAsync(2999);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe('');
  });
});
