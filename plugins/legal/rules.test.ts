import { describe, expect, it } from 'vitest';
import { canConfirm, isComingSoonLink, isSubmitAccepted, parseAgreement, parseDeclarationStatus, pathAllowed } from './rules';

describe('parseAgreement: reply → shown?', () => {
  it.each([
    [
      'status 1 with content',
      { code: 0, data: { status: 1, content: '<p>x</p>', submit_button: 'Agree' } },
      { show: true, content: '<p>x</p>', submitButton: 'Agree' },
    ],
    ['status "1" and code "0"', { code: '0', data: { status: '1', content: 'c' } }, { show: true, content: 'c', submitButton: '' }],
    ['status 1, content not a string', { code: 0, data: { status: 1, content: { html: 1 } } }, { show: true, content: '', submitButton: '' }],
    ['status 2 (agreed)', { code: 0, data: { status: 2, content: 'c' } }, { show: false, content: '', submitButton: '' }],
    ['status missing', { code: 0, data: {} }, { show: false, content: '', submitButton: '' }],
    ['status true', { code: 0, data: { status: true } }, { show: false, content: '', submitButton: '' }],
    ['non-zero code', { code: 10001, data: { status: 1 } }, { show: false, content: '', submitButton: '' }],
    ['network failure', undefined, { show: false, content: '', submitButton: '' }],
    ['data a string', { code: 0, data: '{"status":1}' }, { show: false, content: '', submitButton: '' }],
  ])('%s', (_n, raw, expected) => {
    expect(parseAgreement(raw)).toEqual(expected);
  });
  it('caps a long submit label', () => {
    expect(parseAgreement({ code: 0, data: { status: 1, submit_button: 'x'.repeat(500) } }).submitButton).toHaveLength(60);
  });
  it('accepts a submit only with code 0', () => {
    expect(isSubmitAccepted({ code: 0 })).toBe(true);
    expect(isSubmitAccepted({ code: 500 })).toBe(false);
    expect(isSubmitAccepted(undefined)).toBe(false);
  });
});

describe('declaration status and confirm button', () => {
  it.each([
    [{ code: 0, data: { status: 2 } }, 2],
    [{ code: 0, data: { status: '2' } }, 2],
    [{ code: 0, data: { status: 1 } }, 1],
    [{ code: 0, data: { status: 9 } }, 1],
    [{ code: 10001, data: { status: 2 } }, 1],
    [undefined, 1],
  ])('%j → %s (failure = 1)', (raw, expected) => {
    expect(parseDeclarationStatus(raw)).toBe(expected);
  });
  it.each([
    [false, 1, false, false],
    [true, 1, false, true],
    [true, 1, true, false],
    [true, 2, false, false],
    [false, 2, false, false],
  ] as const)('ticked %s, status %s, submitting %s → enabled %s', (ticked, status, submitting, expected) => {
    expect(canConfirm({ ticked, status, submitting })).toBe(expected);
  });
});

describe('paths', () => {
  const skip = ['/login', '/signup', '/user-agreement'];
  it.each([
    ['/', true],
    ['/trade/BTC_USDT', true],
    ['/login', false],
    ['/login/reset', false],
    ['/user-agreement', false],
    ['/signupx', true],
  ])('agreement on %s → %s', (path, expected) => {
    expect(pathAllowed(path, skip)).toBe(expected);
  });

  const eu = ['en-eu', 'it-eu'];
  const soon = ['/copytrading', '/c2c', '/web3'];
  const base = 'http://eu.localhost:3000/it-eu/price';
  it.each([
    ['/copytrading', true],
    ['/copytrading/trader/futures/12', true],
    ['/it-eu/copytrading', true],
    ['http://eu.localhost:3000/c2c/market', true],
    ['https://www.gate.com/copytrading', false],
    ['/copytradingx', false],
    ['/trade/BTC_USDT', false],
    ['/en/copytrading', false],
    ['web3', true], // relative to /it-eu/price: /it-eu/web3
    ['#top', false],
  ])('EU link %s → %s', (href, expected) => {
    expect(isComingSoonLink(href, base, eu, soon)).toBe(expected);
  });
  it('intercepts nothing without paths', () => {
    expect(isComingSoonLink('/copytrading', base, eu, [])).toBe(false);
  });
});
