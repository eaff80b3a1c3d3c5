import { describe, expect, it } from 'vitest';
import { IOS_NEW_KYC_BUILD, VERSION_GATES, kycPageFor, meetsVersionGate, parseAppVersion, platformOf } from './gates';

describe('platformOf (device_type cookie)', () => {
  it.each([
    ['1', 'android'],
    ['2', 'ios'],
    [' 2 ', 'ios'],
    ['0', null],
    ['3', null],
    ['', null],
    [undefined, null],
    ['android', null],
  ])('%j → %s', (v, p) => expect(platformOf(v)).toBe(p));
});

describe('the spec 001 §9 version gates', () => {
  it('has the required numbers', () => {
    expect(VERSION_GATES).toEqual({ alpha: { android: 658020, ios: 202504080001 }, pilot: { android: 636000, ios: 202410300001 } });
    expect(IOS_NEW_KYC_BUILD).toBe(202306151200);
  });

  it.each([
    ['alpha', 'android', 658020, true],
    ['alpha', 'android', 658019, false],
    ['alpha', 'android', 700000, true],
    ['alpha', 'ios', 202504080001, true],
    ['alpha', 'ios', 202504080000, false],
    ['alpha', 'ios', 202410300001, false],
    ['pilot', 'android', 636000, true],
    ['pilot', 'android', 635999, false],
    ['pilot', 'android', 658020, true],
    ['pilot', 'ios', 202410300001, true],
    ['pilot', 'ios', 202410300000, false],
    ['pilot', 'ios', 202504080001, true],
    ['alpha', 'android', null, false],
    ['pilot', 'ios', null, false],
    ['alpha', null, 999999999999, false],
    ['pilot', 'android', Number.NaN, false],
  ] as const)('%s on %s %s → %s', (feature, platform, version, ok) => {
    expect(meetsVersionGate(feature, platform, version)).toBe(ok);
  });
});

describe('kycPageFor (iOS build threshold 202306151200)', () => {
  it.each([
    ['ios', 202306151200, 'kyc_center'],
    ['ios', 202306151199, 'kyc_verify'],
    ['ios', 202504080001, 'kyc_center'],
    ['ios', null, 'kyc_verify'],
    ['android', 100, 'kyc_center'],
    ['android', null, 'kyc_center'],
    [null, null, 'kyc_center'],
  ] as const)('%s build %s → %s', (platform, version, page) => {
    expect(kycPageFor(platform, version)).toBe(page);
  });

  it('uses configured page ids', () => {
    expect(kycPageFor('ios', 1, { legacy: 'old', current: 'new' })).toBe('old');
  });
});

describe('parseAppVersion (cookie first, then the user agent token)', () => {
  it.each([
    [{ cookie: '658020' }, 658020],
    [{ cookie: ' 202504080001 ' }, 202504080001],
    [{ cookie: '6.58.0', userAgent: 'Mozilla/5.0 ExchangeApp/658020' }, 658020],
    [{ userAgent: 'Mozilla/5.0 (iPhone) AppleWebKit/605 ExchangeApp/202410300001 Mobile' }, 202410300001],
    [{ userAgent: 'Mozilla/5.0 (Linux; Android 14) exchangeapp/636000' }, 636000],
    [{ userAgent: 'Mozilla/5.0 ExchangeApp/6.58.0' }, null],
    [{ userAgent: 'Mozilla/5.0 MyExchangeApp/658020' }, null],
    [{ userAgent: 'Mozilla/5.0 GateApp/658020', token: 'GateApp' }, 658020],
    [{ cookie: 'abc' }, null],
    [{ cookie: '1'.repeat(20) }, null],
    [{}, null],
  ])('%j → %s', (input, version) => {
    expect(parseAppVersion(input)).toBe(version);
  });
});
