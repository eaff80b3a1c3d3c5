import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceText, kycStatusText, kycView, vipTierText } from './account-figures';

const uid = { uid: '10001' } as { uid: string } & Record<string, string | number>;
const withUid = (verified: number) => ({ verified, user_info: uid as never });

describe('balanceText', () => {
  it('writes USD in the page language and BTC with 8 decimals', () => {
    expect(balanceText({ total_usd: '32000', total_btc: '0.5' }, 'en')).toEqual({ usd: '$32,000.00', btc: '0.50000000 BTC' });
    expect(balanceText({ total_usd: '1234.5', total_btc: '0' }, 'de')).toEqual({ usd: '1.234,50\u00a0$', btc: '0.00000000 BTC' });
  });

  it('never shows a number for a malformed amount', () => {
    for (const bad of ['', ' ', 'NaN', '-1', '1e3', 'Infinity', '0x10', '12abc', '1'.repeat(20)]) {
      expect(balanceText({ total_usd: bad, total_btc: '0' }, 'en')).toBeNull();
      expect(balanceText({ total_usd: '0', total_btc: bad }, 'en')).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), fc.string(), (usd, btc) => {
        const text = balanceText({ total_usd: usd, total_btc: btc }, 'en');
        if (text) expect(/^\d+(\.\d+)?$/.test(usd.trim()) && /^\d+(\.\d+)?$/.test(btc.trim())).toBe(true);
      }),
    );
  });
});

describe('kycView', () => {
  it('maps the levels of spec 000 §3 and offers verification below level 2', () => {
    const rows = [
      [0, null, false, true],
      [5, '0.5', false, true],
      [2, '1', false, true],
      [1, '2', false, false],
      [4, '3', false, false],
      [3, null, true, false],
    ] as const;
    for (const [verified, level, company, incomplete] of rows) expect(kycView(withUid(verified))).toEqual({ kind: 'level', level, company, incomplete });
  });

  it('is unknown without the user info, or for a level it does not know', () => {
    expect(kycView({ verified: 1, user_info: { uid: '' } as never })).toEqual({ kind: 'unknown' });
    expect(kycView(withUid(9))).toEqual({ kind: 'unknown' });
    expect(kycView(withUid(Number.NaN))).toEqual({ kind: 'unknown' });
  });
});

describe('kycStatusText', () => {
  it('tells under review (1) or not approved (3) once answered; the level alone otherwise', () => {
    expect(kycStatusText({ status: 'ready', value: 1 })).toBe('pending');
    expect(kycStatusText({ status: 'ready', value: 3 })).toBe('rejected');
    for (const value of [0, 2, 9]) expect(kycStatusText({ status: 'ready', value })).toBeNull();
    // Failure default: a failed or malformed call (its figure carries the default 0, failed) shows no status.
    expect(kycStatusText({ status: 'failed', value: 0 })).toBeNull();
    expect(kycStatusText({ status: 'pending', value: 0 })).toBeNull();
  });
});

describe('vipTierText', () => {
  it('shows a whole tier from 0 to 99 once answered, nothing otherwise', () => {
    expect(vipTierText({ status: 'ready', value: 3 })).toBe('3');
    expect(vipTierText({ status: 'ready', value: 0 })).toBe('0');
    for (const value of [null, -1, 1.5, 100]) expect(vipTierText({ status: 'ready', value })).toBeNull();
    expect(vipTierText({ status: 'failed', value: null })).toBeNull();
    expect(vipTierText({ status: 'pending', value: null })).toBeNull();
  });
});
