import { describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { consentOf, consentState, parseConsent, shouldShowBar } from './consent';
import type { ConsentLevel } from './types';
import { CONSENT_SERVICE } from './refs';
import { policyHref } from './policy';

describe('consent decisions: region requirement × answer', () => {
  const table: Array<[string, boolean, string | undefined, ConsentLevel | null, boolean, boolean]> = [
    // region, requires consent, cookie, level, bar shown, analytics allowed
    ['eu', true, undefined, null, true, false],
    ['eu', true, 'necessary', 'necessary', false, false],
    ['eu', true, 'all', 'all', false, true],
    ['uk', true, 'ALL', null, true, false],
    ['uk', true, 'all; evil', null, true, false],
    ['main', false, undefined, null, true, true],
    ['main', false, 'necessary', 'necessary', false, false],
    ['main', false, 'all', 'all', false, true],
    ['tr', false, '', null, true, true],
  ];
  it.each(table)('%s (required %s) with cookie %j', (_region, required, cookie, level, bar, analytics) => {
    expect(parseConsent(cookie)).toBe(level);
    expect(shouldShowBar(parseConsent(cookie))).toBe(bar);
    expect(consentState(parseConsent(cookie), required)).toEqual({ level, required, analytics });
  });
});

describe('policyHref', () => {
  const hosts = ['static.gate.com'];
  it.each([
    ['', '/legal/privacy-policy', '', '/legal/privacy-policy'],
    ['', '/legal/privacy-policy', '/it-eu', '/it-eu/legal/privacy-policy'],
    ['/legal/privacy-and-cookie-policy', '/privacy-policy', '/ar-dubai', '/ar-dubai/legal/privacy-and-cookie-policy'],
    ['https://static.gate.com/docs/privacy.pdf', '/privacy-policy', '/zh', 'https://static.gate.com/docs/privacy.pdf'],
    ['https://evil.example/privacy', '/privacy-policy', '', null],
    ['javascript:alert(1)', '/privacy-policy', '', null],
    ['', undefined, '', null],
  ])('option %j, docs %j, prefix %j', (option, docs, prefix, expected) => {
    expect(policyHref(option, docs, prefix, hosts)).toBe(expected);
  });
});

describe('consentOf (for analytics plugins)', () => {
  it('allows tracking when no consent plugin is active', async () => {
    expect(await firstValueFrom(consentOf({ getOptional: () => null }))).toMatchObject({ analytics: true, level: null });
  });
  it('follows the registered service', async () => {
    const service = { state$: of(consentState(null, true)) };
    const services = { getOptional: <T>(ref: { id: string }) => (ref.id === CONSENT_SERVICE.id ? (service as T) : null) };
    expect(await firstValueFrom(consentOf(services))).toMatchObject({ analytics: false, required: true });
  });
});
