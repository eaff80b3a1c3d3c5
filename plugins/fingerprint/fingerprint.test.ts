import { describe, expect, it } from 'vitest';
import { errorMarker, markerCookieText, expiresAt, initialAction, isErrorMarker, isFresh, isValidFingerprint, keptValue, refreshDelayMs } from './fingerprint';

const NOW = 1_750_000_000_000; // ms
const hexTs = (s: number) => s.toString(16).padStart(8, '0');
const id = (issuedS: number, tail = 'a1b2c3d4e5f60718293a4b5c6d7e8f90') => hexTs(issuedS) + tail;
const nowS = NOW / 1000;

describe('isValidFingerprint (spec 000 §5: 40 characters, first 8 hex digits, not an error marker)', () => {
  it.each([
    [id(nowS), true],
    [id(nowS).toUpperCase(), true],
    ['forged', false],
    ['', false],
    [undefined, false],
    [12345, false],
    [id(nowS) + 'x', false],
    [id(nowS).slice(0, 39), false],
    ['zzzzzzzz' + 'a'.repeat(32), false],
    ['6853c2a' + 'g'.repeat(33), false],
    ['ERROR_' + 'a'.repeat(34), false],
  ])('%j → %s', (value, valid) => {
    expect(isValidFingerprint(value)).toBe(valid);
  });
});

describe('isFresh / initialAction (86400 s life)', () => {
  it.each([
    ['just issued', id(nowS), true, 'keep'],
    ['one hour old', id(nowS - 3600), true, 'keep'],
    ['one second before expiry', id(nowS - 86399), true, 'keep'],
    ['exactly expired', id(nowS - 86400), false, 'clear-and-generate'],
    ['two days old', id(nowS - 172800), false, 'clear-and-generate'],
    ['issued in the future beyond the skew', id(nowS + 3600), false, 'clear-and-generate'],
    ['issued a minute ahead (clock skew)', id(nowS + 60), true, 'keep'],
    ['forged', 'forged', false, 'clear-and-generate'],
    ['an error marker', 'ERROR_failed%20to%20load%20script', false, 'clear-and-generate'],
  ])('%s', (_label, value, fresh, action) => {
    expect(isFresh(value, NOW)).toBe(fresh);
    expect(initialAction(value, NOW)).toBe(action);
  });

  it('no cookie: generate (nothing to clear)', () => {
    expect(initialAction(undefined, NOW)).toBe('generate');
  });

  it('honours another max age', () => {
    expect(isFresh(id(nowS - 120), NOW, 60)).toBe(false);
    expect(isFresh(id(nowS - 30), NOW, 60)).toBe(true);
  });
});

describe('expiry scheduling', () => {
  it('refreshes exactly at issue time + max age', () => {
    expect(expiresAt(id(nowS - 100))).toBe(nowS - 100 + 86400);
    expect(refreshDelayMs(id(nowS - 100), NOW)).toBe((86400 - 100) * 1000);
    expect(refreshDelayMs(id(nowS - 90000), NOW)).toBe(0);
    expect(refreshDelayMs('forged', NOW)).toBe(0);
  });
});

describe('errorMarker and the kept value', () => {
  it('prefixes ERROR_ and URI-encodes the message', () => {
    expect(errorMarker(new Error('failed to load script'))).toBe('ERROR_failed%20to%20load%20script');
    expect(errorMarker('a&b=c;d')).toBe('ERROR_a%26b%3Dc%3Bd');
    expect(errorMarker(undefined)).toBe('ERROR_unknown%20error');
    expect(isErrorMarker(errorMarker('x'))).toBe(true);
  });

  it('cuts the message to 1024 characters before encoding', () => {
    expect(errorMarker('x'.repeat(5000))).toBe('ERROR_' + 'x'.repeat(1024));
    expect(errorMarker(' '.repeat(2000))).toBe('ERROR_' + '%20'.repeat(1024));
  });

  it('keeps the first 60 characters', () => {
    expect(keptValue('a'.repeat(100))).toHaveLength(60);
    expect(keptValue(errorMarker(new Error('SDK failed to initialize after loading')))).toBe('ERROR_SDK%20failed%20to%20initialize%20after%20loading');
    expect(keptValue(errorMarker('y'.repeat(100)))).toBe('ERROR_' + 'y'.repeat(54));
    expect(keptValue(id(nowS))).toBe(id(nowS));
  });
});

describe('markerCookieText (what the URI-encoding cookie jar receives)', () => {
  it.each([
    ['failed to load script'],
    ['SDK failed to initialize after loading'],
    ['y'.repeat(100)],
    ['a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3'],
    ['加载脚本失败，请稍后重试，加载脚本失败，请稍后重试'],
    ['mixed é ü 中 %41 & = ;'],
  ])('encodes back to at most 60 characters of the marker: %s', (message) => {
    const wire = encodeURIComponent(markerCookieText(new Error(message)));
    expect(wire.length).toBeLessThanOrEqual(60);
    expect(errorMarker(message).startsWith(wire)).toBe(true);
    expect(wire.startsWith('ERROR_')).toBe(true);
    if (errorMarker(message).length <= 60) expect(wire).toBe(errorMarker(message));
    else expect(wire.length).toBeGreaterThan(60 - 9);
  });
});
