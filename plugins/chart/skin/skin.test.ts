// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { buildSkin, readBodySkin, watchBodySkin, withAlpha } from './skin';

describe('skin', () => {
  it('follows the rise colour', () => {
    expect(buildSkin('light', 'green')).toMatchObject({ up: '#20b26c', down: '#ef454a', brand: '#2354e6', background: '#ffffff' });
    expect(buildSkin('dark', 'red')).toMatchObject({ up: '#ef454a', down: '#20b26c', theme: 'dark' });
  });
  it('reads body classes, defaulting to light and green', () => {
    document.body.className = 'theme-dark red-rise';
    expect(readBodySkin(document.body)).toEqual({ theme: 'dark', rise: 'red' });
    expect(readBodySkin(null)).toEqual({ theme: 'light', rise: 'green' });
  });
  it('reports theme and rise changes once each', async () => {
    document.body.className = 'theme-light green-rise';
    const seen = vi.fn();
    const stop = watchBodySkin(document.body, seen);
    document.body.classList.replace('theme-light', 'theme-dark');
    await Promise.resolve();
    document.body.classList.add('unrelated');
    await Promise.resolve();
    document.body.classList.replace('green-rise', 'red-rise');
    await Promise.resolve();
    stop();
    document.body.classList.replace('theme-dark', 'theme-light');
    await Promise.resolve();
    expect(seen.mock.calls).toEqual([[{ theme: 'dark', rise: 'green' }], [{ theme: 'dark', rise: 'red' }]]);
  });
  it('makes rgba colours', () => {
    expect(withAlpha('#20b26c', 0.5)).toBe('rgba(32, 178, 108, 0.5)');
  });
});
