// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_DB_FALLBACK_PREFIX, localDb, resetLocalDbForTests } from './local-db';

// jsdom has localStorage but no IndexedDB: the database's fallback path.
afterEach(() => {
  localStorage.clear();
  resetLocalDbForTests();
});

describe('local database without IndexedDB', () => {
  it('keeps records in localStorage as JSON under its prefix', async () => {
    expect(typeof indexedDB).toBe('undefined');
    expect(await localDb.backend()).toBe('localstorage');
    expect(await localDb.set('layout.X', { a: [1, 2], b: 'c' })).toBe(true);
    expect(localStorage.getItem(`${LOCAL_DB_FALLBACK_PREFIX}layout.X`)).toBe('{"a":[1,2],"b":"c"}');
    expect(await localDb.get('layout.X')).toEqual({ a: [1, 2], b: 'c' });
    await localDb.remove('layout.X');
    expect(await localDb.get('layout.X')).toBeUndefined();
  });

  it('reads a malformed fallback record as empty and never throws', async () => {
    localStorage.setItem(`${LOCAL_DB_FALLBACK_PREFIX}bad`, '{"x":');
    expect(await localDb.get('bad')).toBeUndefined();
  });
});
