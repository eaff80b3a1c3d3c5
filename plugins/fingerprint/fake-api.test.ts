// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import fakeApi, { SDK_PATH } from './fake-api';
import { brokenSdkSource, deviceIdSdkSource } from './sdk-script';
import { isFresh, isValidFingerprint } from './fingerprint';
import { fakeRequest } from '../../core/plugin-api/fake-api';

function run(source: string) {
  delete window.DFDID;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the served SDK as the page's <script> would
  new Function(source)();
}

describe('the device-id SDK served at /dfdid/udid/c1', () => {
  it('is served as JavaScript', async () => {
    const res = await fakeApi.routes![`GET ${SDK_PATH}`](fakeRequest({ path: SDK_PATH }));
    expect(res.contentType).toMatch(/^application\/javascript/);
    expect(res.raw).toBe(deviceIdSdkSource());
  });

  it('defines DFDID.getId() giving a valid 40-character id stamped with the current time', async () => {
    run(deviceIdSdkSource());
    const id = await window.DFDID!.getId();
    expect(id).toMatch(/^[0-9a-f]{40}$/);
    expect(isValidFingerprint(id)).toBe(true);
    expect(isFresh(id, Date.now())).toBe(true);
    expect(Math.abs(parseInt(id.slice(0, 8), 16) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('keeps the device part stable across calls (seed kept in localStorage)', async () => {
    run(deviceIdSdkSource());
    const a = await window.DFDID!.getId();
    run(deviceIdSdkSource());
    const b = await window.DFDID!.getId();
    expect(a.slice(8)).toBe(b.slice(8));
    expect(localStorage.getItem('dfdid_seed')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('the broken build never defines DFDID; the personas exist', () => {
    run(brokenSdkSource());
    expect(window.DFDID).toBeUndefined();
    const names = fakeApi.scenarios!.map((s) => s.name);
    expect(names).toEqual(['fingerprint-sdk-broken', 'fingerprint-sdk-missing']);
    expect(fakeApi.scenarios![1].responses[SDK_PATH]).toMatchObject({ status: 404 });
  });
});
