import { describe, expect, it, vi } from 'vitest';
import { openLayoutStore, type LayoutBackends } from './layout-db';
import { layoutKey, type KeyValueStore } from './layout-store';

function backends(dbRecords: Record<string, unknown> = {}, legacyRecords: Record<string, string> = {}, dbWorks = true) {
  const db = new Map(Object.entries(dbRecords));
  const legacy = new Map(Object.entries(legacyRecords));
  const b: LayoutBackends = {
    db: {
      get: vi.fn(async (k: string) => db.get(k)) as LayoutBackends['db']['get'],
      set: vi.fn(async (k: string, v: unknown) => (dbWorks ? (db.set(k, v), true) : false)),
      remove: vi.fn(async (k: string) => void db.delete(k)),
    },
    legacy: { get: (k) => legacy.get(k) ?? null, set: (k, v) => void legacy.set(k, v), remove: (k) => void legacy.delete(k) } satisfies KeyValueStore,
  };
  return { b, db, legacy };
}

const KEY = layoutKey('btc_usdt');

describe('chart layouts in the local database', () => {
  it("reads the symbol's record before mounting, then answers synchronously and writes through", async () => {
    const { b, db } = backends({ [KEY]: '{"v":1}' });
    const store = await openLayoutStore('BTC_USDT', b);
    expect(store.get(KEY)).toBe('{"v":1}');
    store.set(KEY, '{"v":1,"x":2}');
    expect(store.get(KEY)).toBe('{"v":1,"x":2}');
    await Promise.resolve();
    expect(db.get(KEY)).toBe('{"v":1,"x":2}');
    store.remove(KEY);
    expect(store.get(KEY)).toBeNull();
    await Promise.resolve();
    expect(db.has(KEY)).toBe(false);
  });

  it('moves a layout saved in localStorage before the database into it', async () => {
    const { b, db, legacy } = backends({}, { [KEY]: '{"old":true}' });
    const store = await openLayoutStore('BTC_USDT', b);
    expect(store.get(KEY)).toBe('{"old":true}');
    expect(db.get(KEY)).toBe('{"old":true}');
    expect(legacy.has(KEY)).toBe(false);
  });

  it('keeps the old localStorage layout when the database refuses the write', async () => {
    const { b, legacy } = backends({}, { [KEY]: '{"old":true}' }, false);
    const store = await openLayoutStore('BTC_USDT', b);
    expect(store.get(KEY)).toBe('{"old":true}');
    expect(legacy.get(KEY)).toBe('{"old":true}');
  });
});
