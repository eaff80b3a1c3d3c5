import type { AxiosStatic } from 'axios';

let axiosLib: AxiosStatic | undefined;

/**
 * Loads axios (its own chunk in the browser: no page waits for it before hydrating; the first call does). Once
 * loaded, every client makes its instance at once (the plugin tester loads it in `preload()`).
 */
export async function loadAxios(): Promise<AxiosStatic> {
  return (axiosLib ??= (await import('axios')).default);
}

/** axios once `loadAxios` has loaded it. */
export const axiosLoaded = (): AxiosStatic | undefined => axiosLib;
