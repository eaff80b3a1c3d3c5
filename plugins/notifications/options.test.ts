import { describe, expect, it } from 'vitest';
import { badgeText, unreadCountOf } from './options';

describe('unread count', () => {
  it('reads data.count of a code-0 reply; anything else is unknown', () => {
    expect(unreadCountOf({ code: 0, data: { count: 3 } })).toBe(3);
    expect(unreadCountOf({ code: 0, data: { count: 0 } })).toBe(0);
    expect(unreadCountOf({ code: 10001, data: { count: 3 } })).toBeNull();
    expect(unreadCountOf({ code: 0, data: { count: -1 } })).toBeNull();
    expect(unreadCountOf({ code: 0, data: { count: '2x' } })).toBeNull();
    expect(unreadCountOf(undefined)).toBeNull();
  });
  it('prints the badge: none for 0 or unknown, capped above the maximum', () => {
    expect(badgeText(null, 99)).toBeNull();
    expect(badgeText(0, 99)).toBeNull();
    expect(badgeText(7, 99)).toBe('7');
    expect(badgeText(99, 99)).toBe('99');
    expect(badgeText(120, 99)).toBe('99+');
  });
});
