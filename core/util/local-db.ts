import type { IDBPDatabase } from 'idb';

/** The local client database of spec 000 §7: one key-value table, schema version 1672531. */
export const LOCAL_DB_NAME = 'exchange-shell';
export const LOCAL_DB_TABLE = 'table';
export const LOCAL_DB_VERSION = 1672531;

let dbPromise: Promise<IDBPDatabase | null> | null = null;

function open(): Promise<IDBPDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  dbPromise ??= import('idb')
    .then(({ openDB }) =>
      openDB(LOCAL_DB_NAME, LOCAL_DB_VERSION, {
        upgrade(db) {
          if (!db.objectStoreNames.contains(LOCAL_DB_TABLE)) db.createObjectStore(LOCAL_DB_TABLE);
        },
      }),
    )
    .catch((err: unknown) => {
      console.warn('[local-db] unavailable', err);
      return null;
    });
  return dbPromise;
}

/** Reads and writes never throw: an unavailable database reads as empty. */
export const localDb = {
  async get<T>(key: string): Promise<T | undefined> {
    const db = await open();
    try {
      return (await db?.get(LOCAL_DB_TABLE, key)) as T | undefined;
    } catch {
      return undefined;
    }
  },
  async set(key: string, value: unknown): Promise<boolean> {
    const db = await open();
    try {
      await db?.put(LOCAL_DB_TABLE, value, key);
      return !!db;
    } catch {
      return false;
    }
  },
  async remove(key: string): Promise<void> {
    const db = await open();
    try {
      await db?.delete(LOCAL_DB_TABLE, key);
    } catch {
      /* nothing to remove */
    }
  },
};
