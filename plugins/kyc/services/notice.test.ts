import { describe, expect, it } from 'vitest';
import { decideNotice, riskCookieName, shapeNotice } from './notice';

const raw = {
  show_kyc_upgrade_notice: 0,
  is_risk_user: 0,
  risk_user_guide_frequency: 0,
  risk_user_guide_cookie_key: 'RISK_IP_USER',
  risk_user_guide_msg: 'Unusual activity',
  risk_user_guide_be_closed: 1,
  risk_user_guide_url: '/myaccount/kyc_home',
};
const none = () => false;
const decide = (patch: Record<string, unknown>, has: (n: string) => boolean = none) =>
  decideNotice(shapeNotice({ ...raw, ...patch }), has, 'kyc_upgrade_notice');

describe('shapeNotice', () => {
  it('gives null for unusable data (failure shows nothing)', () => {
    expect(shapeNotice(undefined)).toBeNull();
    expect(shapeNotice('x')).toBeNull();
    expect(shapeNotice([])).toBeNull();
  });
  it('normalizes flags and numbers', () => {
    const n = shapeNotice({ is_risk_user: '1', show_kyc_upgrade_notice: true, risk_user_guide_frequency: '-3', risk_user_guide_be_closed: '1' })!;
    expect(n).toMatchObject({
      is_risk_user: true,
      show_kyc_upgrade_notice: true,
      risk_user_guide_frequency: 0,
      risk_user_guide_be_closed: 1,
      risk_user_guide_msg: '',
    });
  });
});

describe('decideNotice (spec 001 §4)', () => {
  it('shows nothing without data or flags', () => {
    expect(decideNotice(null, none, 'k')).toBeNull();
    expect(decide({})).toBeNull();
  });
  it('shows the upgrade notice once per 12 hours', () => {
    expect(decide({ show_kyc_upgrade_notice: 1 })).toEqual({ kind: 'upgrade', cookie: { name: 'kyc_upgrade_notice', maxAge: 43200 } });
    expect(decide({ show_kyc_upgrade_notice: 1 }, (n) => n === 'kyc_upgrade_notice')).toBeNull();
  });
  it('gives the risk notice precedence over the upgrade notice', () => {
    expect(decide({ show_kyc_upgrade_notice: 1, is_risk_user: 1 })?.kind).toBe('risk');
  });
  it('shows the risk notice every time when the frequency is 0 (no cookie)', () => {
    const d = decide({ is_risk_user: 1, risk_user_guide_frequency: 0 }, () => true);
    expect(d).toMatchObject({ kind: 'risk', cookie: null, closable: true, message: 'Unusual activity', url: '/myaccount/kyc_home' });
  });
  it('shows the risk notice once per cookie period of frequency hours', () => {
    const d = decide({ is_risk_user: 1, risk_user_guide_frequency: 24, risk_user_guide_cookie_key: 'MY_KEY' });
    expect(d).toMatchObject({ kind: 'risk', cookie: { name: 'MY_KEY', maxAge: 86400 } });
    expect(decide({ is_risk_user: 1, risk_user_guide_frequency: 24, risk_user_guide_cookie_key: 'MY_KEY' }, (n) => n === 'MY_KEY')).toBeNull();
    expect(decide({ is_risk_user: 1, risk_user_guide_frequency: 0.5 })).toMatchObject({ cookie: { name: 'RISK_IP_USER', maxAge: 1800 } });
  });
  it('a suppressed risk notice does not fall back to the upgrade notice', () => {
    expect(decide({ is_risk_user: 1, show_kyc_upgrade_notice: 1, risk_user_guide_frequency: 2 }, (n) => n === 'RISK_IP_USER')).toBeNull();
  });
  it('is closable only when be_closed is 1', () => {
    expect(decide({ is_risk_user: 1, risk_user_guide_be_closed: 0 })).toMatchObject({ closable: false });
    expect(decide({ is_risk_user: 1, risk_user_guide_be_closed: 2 })).toMatchObject({ closable: false });
  });
});

describe('riskCookieName', () => {
  it('defaults to RISK_IP_USER for a missing or unsafe key', () => {
    expect(riskCookieName('')).toBe('RISK_IP_USER');
    expect(riskCookieName('a=b; path=/')).toBe('RISK_IP_USER');
    expect(riskCookieName('RISK_X')).toBe('RISK_X');
  });
});
