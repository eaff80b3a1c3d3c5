import { loadFloatMenu, type LoadFloatMenuOptions } from '../app/footer-float-menu';
import { registerServiceWorker } from './service-worker';

/**
 * What a page starts once hydrated and nothing on it waits for, loaded then as one chunk: the service worker's
 * registration and the footer float menu. Resolves with the float menu's teardown (null when it is skipped).
 */
export function startPageExtras(floatMenu: LoadFloatMenuOptions): Promise<(() => void) | null> {
  void registerServiceWorker();
  return loadFloatMenu(floatMenu);
}
