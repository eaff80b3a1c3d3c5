/** The flag file: `region-configs/flags.json`, flagd's flag-definition format. */

/** Its name inside the region-configs folder (the region-config loader skips it). */
export const FLAG_FILE_NAME = 'flags.json';
/** Largest flag file accepted, bytes. */
export const MAX_FLAG_FILE_BYTES = 1024 * 1024;
/** Most flags one file may define. */
export const MAX_FLAGS = 500;
