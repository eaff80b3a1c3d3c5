import { describe, expect, it } from 'vitest';
import { RESOLUTIONS } from '../constants';
import { barStart, nextBarStart, parseResolution, prevBarStart, resolutionOrDefault } from './resolution';

describe('resolutions', () => {
  it('parses all 20 resolutions', () => {
    expect(RESOLUTIONS).toHaveLength(20);
    const seconds = RESOLUTIONS.map((r) => parseResolution(r)?.seconds);
    expect(seconds).toEqual([1, 10, 30, 60, 180, 300, 900, 1800, 3600, 7200, 14400, 21600, 28800, 43200, 86400, 172800, 259200, 432000, 604800, 2592000]);
    expect(parseResolution('1W')).toMatchObject({ unit: 'week', count: 1 });
    expect(parseResolution('1M')).toMatchObject({ unit: 'month', count: 1 });
  });
  it('rejects anything else and defaults to 60', () => {
    for (const bad of ['2', '7D', '1H', '', ' 60', 60, null, '1m']) expect(parseResolution(bad)).toBeNull();
    expect(resolutionOrDefault('nope')).toBe('60');
    expect(resolutionOrDefault('1D')).toBe('1D');
  });
  it('aligns bars: minutes, UTC days, Monday weeks, calendar months', () => {
    const t = Date.UTC(2024, 4, 15, 13, 47, 31) / 1000; // Wednesday
    expect(barStart(t, parseResolution('15')!)).toBe(Date.UTC(2024, 4, 15, 13, 45) / 1000);
    expect(barStart(t, parseResolution('1D')!)).toBe(Date.UTC(2024, 4, 15) / 1000);
    expect(barStart(t, parseResolution('1W')!)).toBe(Date.UTC(2024, 4, 13) / 1000);
    const m = parseResolution('1M')!;
    expect(barStart(t, m)).toBe(Date.UTC(2024, 4, 1) / 1000);
    expect(nextBarStart(barStart(t, m), m)).toBe(Date.UTC(2024, 5, 1) / 1000);
    expect(prevBarStart(Date.UTC(2024, 0, 1) / 1000, m)).toBe(Date.UTC(2023, 11, 1) / 1000);
  });
});
