import { localDb, localStore } from '../../../core/plugin-api';
import { layoutKey, type KeyValueStore } from './layout-store';

/** The local database and the layouts stored before it (localStorage, same key), moved over on first read. */
export interface LayoutBackends {
  db: Pick<typeof localDb, 'get' | 'set' | 'remove'>;
  legacy: KeyValueStore;
}

const DEFAULT_BACKENDS: LayoutBackends = { db: localDb, legacy: localStore };

/**
 * Saved chart layouts live in the shell's local database (IndexedDB, or its localStorage fallback): they grow with
 * every symbol a user opens. The chart reads its layout synchronously, so one symbol's record is read before the chart
 * mounts and kept in memory; writes update memory at once and the database behind it.
 */
export async function openLayoutStore(symbol: string, backends: LayoutBackends = DEFAULT_BACKENDS): Promise<KeyValueStore> {
  const key = layoutKey(symbol);
  const cache = new Map<string, string>();
  const stored = await backends.db.get<unknown>(key);
  if (typeof stored === 'string') cache.set(key, stored);
  else {
    const legacy = backends.legacy.get(key);
    if (legacy !== null) {
      cache.set(key, legacy);
      if (await backends.db.set(key, legacy)) backends.legacy.remove(key);
    }
  }
  return {
    get: (k) => cache.get(k) ?? null,
    set(k, value) {
      cache.set(k, value);
      void backends.db.set(k, value);
      return true;
    },
    remove(k) {
      cache.delete(k);
      void backends.db.remove(k);
    },
  };
}
