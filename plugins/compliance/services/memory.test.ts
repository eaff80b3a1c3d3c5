// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSeen, rememberAck, sessionStore, STORAGE_KEYS } from './memory';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('notice memory', () => {
  it('stores each notice by its repeat policy', () => {
    rememberAck('hk', 1_700_000_000_000);
    rememberAck('uzbekistan');
    rememberAck('restricted');
    rememberAck('restricted');
    expect(localStorage.getItem(STORAGE_KEYS.at('hk'))).toBe('1700000000000');
    expect(localStorage.getItem(STORAGE_KEYS.once('uzbekistan'))).toBe('1');
    const seen = readSeen();
    expect(seen.at).toEqual({ hk: 1_700_000_000_000 });
    expect([...seen.once]).toEqual(['uzbekistan']);
    expect([...seen.session]).toEqual(['restricted']);
  });

  it('ignores malformed stored values', () => {
    localStorage.setItem(STORAGE_KEYS.at('hk'), '12abc');
    localStorage.setItem(STORAGE_KEYS.once('uzbekistan'), 'yes');
    sessionStorage.setItem(STORAGE_KEYS.session, '{"restricted":1}');
    expect(readSeen()).toEqual({ session: new Set(), once: new Set(), at: {} });
    sessionStorage.setItem(STORAGE_KEYS.session, '["restricted","bogus",3]');
    expect([...readSeen().session]).toEqual(['restricted']);
  });

  it('never throws when storage is denied', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => rememberAck('restricted')).not.toThrow();
    expect(() => rememberAck('hk')).not.toThrow();
    expect(sessionStore.list(STORAGE_KEYS.bars)).toEqual([]);
    expect(readSeen().session.size).toBe(0);
  });
});
