import { createPluginRef, createServiceRef } from '../../core/plugin-api';

/** This plugin, for other plugins' `requires`/`optional`. */
export const FINGERPRINT_PLUGIN = createPluginRef('fingerprint');

/** What other plugins may read: the device id (e.g. the marketing calls' device_id). */
export interface DeviceFingerprint {
  /** The cookie's id when valid and fresh, else null. */
  current(): string | null;
  /**
   * The fresh id the page was served with (the request's cookie), else null. A page served without one gets its id
   * only once the device-id SDK has answered: its first calls that send the id wait for `ready()`.
   */
  served(): string | null;
  /** Resolves once the first check or generation of this page has finished: the fresh id, or null when none came. */
  ready(): Promise<string | null>;
}

/** Token under which the plugin provides DeviceFingerprint (server and browser). */
export const FINGERPRINT = createServiceRef<DeviceFingerprint>('fingerprint.DeviceFingerprint');
