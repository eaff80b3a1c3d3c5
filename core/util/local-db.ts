import type { IDBPDatabase } from 'idb';
import { localStore } from './storage';

/**
 * The local client database of spec 000 §7 ("a local database (table, version 1672531)"): one key-value table in
 * IndexedDB for client records that outgrow cookies and localStorage (saved chart layouts, ...). Where IndexedDB is
 * missing or refuses to open (old browsers, some private modes, storage denied), records go to localStorage under
 * `LOCAL_DB_FALLBACK_PREFIX` as JSON instead, so callers never branch.
 */
export const LOCAL_DB_NAME = 'exchange-shell';
export const LOCAL_DB_TABLE = 'table';
export const LOCAL_DB_VERSION = 1672531;
/** localStorage key prefix of the fallback. */
export const LOCAL_DB_FALLBACK_PREFIX = 'localdb.';

export type LocalDbBackend = 'indexeddb' | 'localstorage';

let dbPromise: Promise<IDBPDatabase | null> | null = null;

function open(): Promise<IDBPDatabase | null> {
  if (typeof indexedDB === 'undefined' || !indexedDB) return Promise.resolve(null);
  dbPromise ??= import('idb')
    .then(({ openDB }) =>
      openDB(LOCAL_DB_NAME, LOCAL_DB_VERSION, {
        upgrade(db) {
          if (!db.objectStoreNames.contains(LOCAL_DB_TABLE)) db.createObjectStore(LOCAL_DB_TABLE);
        },
      }),
    )
    .catch((err: unknown) => {
      console.warn('[local-db] IndexedDB unavailable, using localStorage', err);
      return null;
    });
  return dbPromise;
}

const fallbackKey = (key: string) => `${LOCAL_DB_FALLBACK_PREFIX}${key}`;

function fallbackGet<T>(key: string): T | undefined {
  const raw = localStore.get(fallbackKey(key));
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

/** Reads and writes never throw: a database that fails mid-way reads as empty and drops the write. */
export const localDb = {
  /** Where records go in this browser. */
  async backend(): Promise<LocalDbBackend> {
    return (await open()) ? 'indexeddb' : 'localstorage';
  },
  async get<T>(key: string): Promise<T | undefined> {
    const db = await open();
    if (!db) return fallbackGet<T>(key);
    try {
      return (await db.get(LOCAL_DB_TABLE, key)) as T | undefined;
    } catch {
      return undefined;
    }
  },
  /** Stores a structured-cloneable (and, for the fallback, JSON-able) value; false when nothing was stored. */
  async set(key: string, value: unknown): Promise<boolean> {
    const db = await open();
    if (!db) return localStore.set(fallbackKey(key), JSON.stringify(value));
    try {
      await db.put(LOCAL_DB_TABLE, value, key);
      return true;
    } catch {
      return false;
    }
  },
  async remove(key: string): Promise<void> {
    const db = await open();
    if (!db) return localStore.remove(fallbackKey(key));
    try {
      await db.delete(LOCAL_DB_TABLE, key);
    } catch {
      /* nothing to remove */
    }
  },
};

/** Forgets the opened database (tests). */
export function resetLocalDbForTests(): void {
  dbPromise = null;
}
