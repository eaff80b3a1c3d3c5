import { describe, expect, it } from 'vitest';
import { chartFormatters, isValidTimeZone, resolveTimeZone, timeToSeconds, ZonedFormatter } from './timezone';

describe('time zone', () => {
  it('uses the browser zone when valid', () => {
    expect(resolveTimeZone('Asia/Shanghai', () => 'Europe/Istanbul')).toBe('Europe/Istanbul');
  });
  it('falls back to Asia/Shanghai when the zone is missing, unknown or unreadable', () => {
    expect(resolveTimeZone(undefined, () => undefined)).toBe('Asia/Shanghai');
    expect(resolveTimeZone(undefined, () => 'Mars/Olympus')).toBe('Asia/Shanghai');
    expect(
      resolveTimeZone(undefined, () => {
        throw new Error('no Intl');
      }),
    ).toBe('Asia/Shanghai');
  });
  it('falls back to UTC when even the configured fallback is invalid', () => {
    expect(resolveTimeZone('Nowhere/Else', () => '')).toBe('UTC');
    expect(isValidTimeZone('UTC')).toBe(true);
  });
});

describe('ZonedFormatter', () => {
  const t = Date.UTC(2024, 4, 31, 20, 5, 9) / 1000; // 2024-05-31 20:05:09 UTC
  it('formats the crosshair label in the zone (Shanghai is UTC+8: next day)', () => {
    const f = new ZonedFormatter('Asia/Shanghai');
    expect(f.full(t)).toBe('2024-06-01 04:05');
    expect(f.full(t, 'second')).toBe('2024-06-01 04:05:09');
    expect(f.full(t, 'date')).toBe('2024-06-01');
    expect(new ZonedFormatter('America/New_York').full(t)).toBe('2024-05-31 16:05');
  });
  it('formats tick marks by type', () => {
    const f = new ZonedFormatter('Asia/Shanghai', 'en');
    expect(f.tick(t, 0)).toBe('2024');
    expect(f.tick(t, 1)).toBe('Jun');
    expect(f.tick(t, 2)).toBe('1');
    expect(f.tick(t, 3)).toBe('04:05');
    expect(f.tick(t, 4)).toBe('04:05:09');
  });
  it('reads every lightweight-charts time form', () => {
    expect(timeToSeconds(1700000000)).toBe(1700000000);
    expect(timeToSeconds('2024-01-02')).toBe(Date.UTC(2024, 0, 2) / 1000);
    expect(timeToSeconds({ year: 2024, month: 1, day: 2 })).toBe(Date.UTC(2024, 0, 2) / 1000);
  });
});

describe('chartFormatters', () => {
  const t = Date.UTC(2024, 4, 15, 0, 0, 0) / 1000; // a daily bar of 2024-05-15 (UTC)
  it('labels intraday bars in the user zone', () => {
    const f = chartFormatters('minute', 'America/New_York');
    expect(f.time(t)).toBe('2024-05-14 20:00');
    expect(f.tick(t, 3)).toBe('20:00');
    expect(chartFormatters('second', 'Asia/Shanghai').time(t + 7)).toBe('2024-05-15 08:00:07');
  });
  it('labels daily and longer bars by their UTC calendar day', () => {
    const f = chartFormatters('day', 'America/New_York');
    expect(f.time(t)).toBe('2024-05-15');
    expect(f.tick(t, 2)).toBe('15');
    expect(chartFormatters('month', 'Asia/Tokyo').tick(t, 1)).toBe('May');
  });
});
