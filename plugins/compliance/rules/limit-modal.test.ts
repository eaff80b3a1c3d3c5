import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { limitPageOf, resolveTipConfig, shouldOpenLimitModal, splitPlaceholders, type TipConfig } from './limit-modal';
import { regionOptions } from '../../../tools/test/region-options';

const OPTIONS = { enable: false, path: ['register', 'home', 'login'] as Array<'register' | 'home' | 'login'>, maxCount: 1, ok_button_router: '' };
const SERVER_TIP = {
  enable: true,
  path: ['register', 'home', 'login'],
  options: { maxCount: 3 },
  title: 'Service notice',
  content: 'Learn more in the {terms}.',
  text_link: [{ key: 'terms', text: 'User Agreement', link: '/user-agreement' }],
  ok_button: 'I understand',
  ok_button_router: '',
};

describe('resolveTipConfig', () => {
  it('prefers the compliance tips object', () => {
    expect(resolveTipConfig(SERVER_TIP, OPTIONS)).toMatchObject({ enable: true, maxCount: 3, source: 'server', title: 'Service notice' });
  });
  it('falls back to the plugin options when the server sends none', () => {
    expect(resolveTipConfig({}, { ...OPTIONS, enable: true })).toMatchObject({ enable: true, maxCount: 1, source: 'options' });
    expect(resolveTipConfig(undefined, OPTIONS).enable).toBe(false);
  });
  it('drops unknown paths and reads a malformed maxCount as 0', () => {
    const tip = resolveTipConfig({ enable: true, path: ['home', 'trade', 3], options: { maxCount: 'x' } }, OPTIONS);
    expect(tip.path).toEqual(['home']);
    expect(tip.maxCount).toBe(0);
  });
});

describe('shouldOpenLimitModal: region × path × count', () => {
  const tip = resolveTipConfig(SERVER_TIP, OPTIONS);
  it.each<[string, string, number, boolean]>([
    ['main', '/', 0, true],
    ['main', '/signup', 2, true],
    ['main', '/login', 0, true],
    ['main', '/login/', 0, true],
    ['main', '/signup', 3, false],
    ['main', '/trade/BTC_USDT', 0, false],
    ['main', '/login/reset', 0, false],
    ['tr', '/', 0, false],
    ['uk', '/signup', 0, false],
  ])('%s %s count %d → %s', (regionKey, path, countToday, expected) => {
    expect(shouldOpenLimitModal({ shown: regionOptions(regionKey, 'compliance').showLimitModal === true, tip, path, countToday })).toBe(expected);
  });
  it('respects enable and the path list', () => {
    const off: TipConfig = { ...tip, enable: false };
    expect(shouldOpenLimitModal({ shown: true, tip: off, path: '/', countToday: 0 })).toBe(false);
    const loginOnly: TipConfig = { ...tip, path: ['login'] };
    expect(shouldOpenLimitModal({ shown: true, tip: loginOnly, path: '/', countToday: 0 })).toBe(false);
    expect(shouldOpenLimitModal({ shown: true, tip: loginOnly, path: '/login', countToday: 0 })).toBe(true);
  });
  it('knows the three pages', () => {
    expect(['/signup', '/', '/login', '/x'].map(limitPageOf)).toEqual(['register', 'home', 'login', null]);
  });
});

describe('splitPlaceholders', () => {
  it('turns {key} into link parts and keeps unknown placeholders as text', () => {
    expect(splitPlaceholders('Read the {terms} or {other}.', SERVER_TIP.text_link)).toEqual([
      { text: 'Read the ' },
      { text: 'User Agreement', link: '/user-agreement' },
      { text: ' or {other}.' },
    ]);
  });
});

describe('option showLimitModal', () => {
  const tip = resolveTipConfig(SERVER_TIP, OPTIONS);
  it('off: never opens, whatever the page and count', () => {
    fc.assert(
      fc.property(fc.constantFrom('/', '/signup', '/login'), fc.nat(5), (path, countToday) => !shouldOpenLimitModal({ shown: false, tip, path, countToday })),
    );
  });
  it('the region files switch it on for the main site only (spec 001 §4)', () => {
    const keys = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
    expect(keys.filter((k) => regionOptions(k, 'compliance').showLimitModal === true)).toEqual(['main']);
  });
});
