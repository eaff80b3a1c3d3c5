import { describe, expect, it } from 'vitest';
import { formatAmount, formatPeriod } from './format';

describe('formatAmount', () => {
  it('groups and keeps the given decimals', () => {
    expect(formatAmount('12345.50', 'en')).toBe('12,345.50');
    expect(formatAmount(18342, 'en')).toBe('18,342');
    expect(formatAmount('500000', 'it')).toBe('500.000');
    expect(formatAmount('n/a', 'en')).toBe('n/a');
    expect(formatAmount('', 'en')).toBe('');
  });
});

describe('formatPeriod', () => {
  it('formats a UTC date range with plain spaces, as the browser spaces it', () => {
    expect(formatPeriod(1893456000, 1896134400, 'en')).toBe('Jan 1 – Feb 1, 2030');
    for (const lang of ['en', 'fr', 'de', 'ja', 'zh-CN', 'ar', 'ru', 'th', 'vi'])
      expect(formatPeriod(1893456000, 1896134400, lang)).not.toMatch(/[\u2009\u202f]/);
  });
});
