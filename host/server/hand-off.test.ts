import { describe, expect, it } from 'vitest';
import { handOffOf } from './hand-off';

const withOrigin = { otherApps: { paths: ['/futures', '/myaccount/withdraw'], origin: 'https://apps.example.com' } };
const withoutOrigin = { otherApps: { paths: ['/futures'] } };

describe('handOffOf', () => {
  it('redirects to the same path and query on the configured origin, whatever the fake API', () => {
    expect(handOffOf(withOrigin, '/zh/futures/USDT/BTC_USDT', '?tab=x', true)).toEqual({
      kind: 'redirect',
      location: 'https://apps.example.com/zh/futures/USDT/BTC_USDT?tab=x',
    });
    expect(handOffOf(withOrigin, '/myaccount/withdraw/USDT', '', false)).toEqual({
      kind: 'redirect',
      location: 'https://apps.example.com/myaccount/withdraw/USDT',
    });
  });

  it('without an origin: the fake API placeholder in the demo, else unavailable', () => {
    expect(handOffOf(withoutOrigin, '/futures', '', true)).toEqual({ kind: 'fake-app' });
    expect(handOffOf(withoutOrigin, '/futures', '', false)).toEqual({ kind: 'unavailable' });
    expect(handOffOf({}, '/futures', '', false)).toEqual({ kind: 'unavailable' });
  });

  it('never leaves the configured origin, and refuses the paths no app should get', () => {
    for (const path of ['//evil.example/x', '/futures/%2f%2fevil.example', '/futures/%2e%2e/x', '/futures/%252e', '/futures/a%00b', '/\\evil.example']) {
      const answer = handOffOf(withOrigin, path, '', true);
      expect(answer.kind, path).toBe('refused');
    }
    const odd = handOffOf(withOrigin, '/futures/@evil.example', '?next=https://evil.example/', true);
    expect(odd).toEqual({ kind: 'redirect', location: 'https://apps.example.com/futures/@evil.example?next=https://evil.example/' });
  });
});
