import { defineFakeApi } from '../../core/plugin-api/fake-api';
import { brokenSdkSource, deviceIdSdkSource } from './sdk-script';

/** Path of the device-id SDK script (spec 000 §7). */
export const SDK_PATH = '/dfdid/udid/c1';
const JS = 'application/javascript; charset=utf-8';

/** The device-id SDK script and the personas where it fails. */
export default defineFakeApi({
  name: 'fingerprint',
  routes: {
    [`GET ${SDK_PATH}`]: () => ({ raw: deviceIdSdkSource(), contentType: JS, headers: { 'Cache-Control': 'public, max-age=3600', Vary: 'Cookie' } }),
  },
  scenarios: [
    {
      name: 'fingerprint-sdk-broken',
      description: 'The device-id script loads but never defines window.DFDID: finger_print holds the ERROR_ marker',
      responses: { [SDK_PATH]: { raw: brokenSdkSource(), contentType: JS, headers: { 'Cache-Control': 'no-store' } } },
    },
    {
      name: 'fingerprint-sdk-missing',
      description: 'The device-id script answers 404: finger_print holds the ERROR_failed%20to%20load%20script marker',
      responses: { [SDK_PATH]: { status: 404, body: { code: 404, message: 'not found' } } },
    },
  ],
});
