import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';

/** Expands the zero-count notation back to the plain decimal. */
const expand = (text: string) => text.replace(/\.0\{(\d+)\}/, (_m, n: string) => `.${'0'.repeat(Number(n))}`);

describe('formatNumber (spec 000 §5)', () => {
  it('collapses a run of 7 or more zeros before a digit; zero padding stays', () => {
    expect(formatNumber('0.000000012')).toBe('0.0{7}12');
    expect(formatNumber(0.000000012, 10)).toBe('0.0{7}120');
    expect(formatNumber(0, 8)).toBe('0.00000000');
    expect(formatNumber('0.00000000')).toBe('0.00000000');
    expect(formatNumber(-0.000000012, 9)).toBe('-0.0{7}12');
  });

  it('never changes the value it writes', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 20 }), (n, fixed) => {
        const text = formatNumber(n, fixed);
        expect(expand(text)).toBe(n.toFixed(fixed));
        expect(/\{\d+\}/.test(text)).toBe(/\.0{7,}[1-9]/.test(n.toFixed(fixed)));
      }),
    );
  });
});
