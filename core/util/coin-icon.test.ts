import { describe, expect, it } from 'vitest';
import { COIN_ICON_WHITELIST } from '../data/defaults';
import { DEFAULT_COIN_ICON, coinIconUrl, coinIconVersion, isVersionedCoin } from './coin-icon';

const T = Date.UTC(2025, 5, 15, 12, 30); // 2025-06-15 12:30 UTC

describe('coin icon URLs', () => {
  it('default width 28 and quality 75 as URL parameters', () => {
    expect(coinIconUrl('BTC', { now: T })).toBe('/cdn/coin-icons/btc.png?w=28&q=75');
    expect(coinIconUrl('eth', { width: 56, quality: 90, base: 'https://icons.example.com/c/' })).toBe('https://icons.example.com/c/eth.png?w=56&q=90');
  });

  it('whitelisted coins get the hourly version; others never', () => {
    expect(coinIconUrl('TRUMP', { whitelist: COIN_ICON_WHITELIST, now: T })).toBe('/cdn/coin-icons/trump.png?w=28&q=75&v=2025061512');
    expect(coinIconUrl('btc', { whitelist: COIN_ICON_WHITELIST, now: T })).not.toContain('v=');
    expect(isVersionedCoin('Cat', COIN_ICON_WHITELIST)).toBe(true);
    expect(isVersionedCoin('cats', COIN_ICON_WHITELIST)).toBe(false);
  });

  it.each([
    [T, '2025061512'],
    [T + 29 * 60_000, '2025061512'],
    [T + 30 * 60_000, '2025061513'],
    [Date.UTC(2025, 11, 31, 23, 59), '2025123123'],
    [Date.UTC(2026, 0, 1, 0, 0), '2026010100'],
  ])('version at %i → %s (changes every hour)', (now, v) => {
    expect(coinIconVersion(now)).toBe(v);
  });

  it('an unusable symbol gives the default icon', () => {
    for (const bad of ['', '../../etc', 'a b', 'x'.repeat(33), '<svg>']) expect(coinIconUrl(bad)).toBe(DEFAULT_COIN_ICON);
    expect(DEFAULT_COIN_ICON).toMatch(/^data:image\/svg\+xml,/);
  });
});
