import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cookieForSite, relayedHeaders, type ReplySite } from './reply-headers';

const SITE: ReplySite = { origin: 'https://www.gate.com', host: 'www.gate.com', siteDomain: 'www.gate.com' };
const relay = (init: Array<[string, string]>, site = SITE) => relayedHeaders(new Headers(init), site);

describe('relayedHeaders', () => {
  it('passes what a browser needs to read, cache and retry a reply, and drops everything else', () => {
    const sent: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['Cache-Control', 'private, max-age=5'],
      ['ETag', '"v1"'],
      ['Vary', 'Cookie'],
      ['Retry-After', '3'],
      ['Access-Control-Allow-Origin', 'https://evil.example'],
      ['Access-Control-Allow-Credentials', 'true'],
      ['Clear-Site-Data', '"cookies", "storage"'],
      ['Service-Worker-Allowed', '/'],
      ['Link', '<https://evil.example/x.js>; rel=preload; as=script'],
      ['Alt-Svc', 'h3=":443"'],
      ['Content-Security-Policy', 'default-src *'],
      ['Strict-Transport-Security', 'max-age=0'],
      ['X-Powered-By', 'Express'],
    ];
    expect(relay(sent)).toEqual({
      headers: { 'content-type': 'application/json', 'cache-control': 'private, max-age=5', etag: '"v1"', vary: 'Cookie', 'retry-after': '3' },
    });
  });

  it('drops the encoded length of a body fetch() decoded', () => {
    expect(
      relay([
        ['Content-Length', '10'],
        ['Content-Encoding', 'gzip'],
      ]),
    ).toEqual({ headers: {} });
    expect(relay([['Content-Length', '10']])).toEqual({ headers: { 'content-length': '10' } });
  });

  it('relays Location and Content-Location as the same-site path they resolve to, and refuses any other', () => {
    expect(relay([['Location', 'https://www.gate.com//a/./b?x=1']])).toEqual({ headers: { location: '/a/b?x=1' } });
    expect(relay([['Content-Location', 'c/d']])).toEqual({ headers: { 'content-location': '/c/d' } });
    for (const off of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(document.cookie)',
      '/\\evil.example',
      'http://www.gate.com/',
      'data:text/html,x',
      ' \t//evil.example',
    ])
      expect(relay([['Location', off]])).toEqual({ offSite: 'location' });
  });

  it('whatever the back end writes in Location, what reaches the browser resolves to the site', () => {
    const target = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.constantFrom('//', '/\\', '\\\\', 'https:', 'javascript:', '%2f%2f', '/%2e%2e/', 'https://www.gate.com@evil.example/'),
    );
    fc.assert(
      fc.property(fc.array(target, { minLength: 1, maxLength: 3 }), (parts) => {
        let out: ReturnType<typeof relay>;
        try {
          out = relay([['Location', parts.join('')]]);
        } catch {
          return; // Headers refuses the value itself: nothing is relayed
        }
        if ('offSite' in out) return;
        expect(new URL(out.headers.location as string, SITE.origin).origin).toBe(SITE.origin);
      }),
    );
  });

  it('relays Refresh only to this site', () => {
    expect(relay([['Refresh', '5']])).toEqual({ headers: { refresh: '5' } });
    expect(relay([['Refresh', "0; url='/trade/BTC_USDT'"]])).toEqual({ headers: { refresh: '0; url=/trade/BTC_USDT' } });
    for (const off of ['0; url=https://evil.example/', '0;URL=//evil.example', "0; url='javascript:alert(1)'", '0, //evil.example', 'soon'])
      expect(relay([['Refresh', off]])).toEqual({ offSite: 'refresh' });
  });
});

describe('cookieForSite', () => {
  it('keeps host-only cookies and those for the host or a parent domain of the site domain; drops the rest', () => {
    const keep = ['a=1', 'a=1; Path=/; HttpOnly', 'a=1; Domain=www.gate.com', 'a=1; domain=.gate.com', 'a=1; Domain=GATE.COM'];
    const drop = [
      'a=1; Domain=evil.example',
      'a=1; Domain=com',
      'a=1; Domain=.com',
      'a=1; Domain=gate.com.evil.example',
      'a=1; Domain=ate.com',
      'a=1; Domain=gate.com; Domain=evil.example',
    ];
    for (const line of keep) expect(cookieForSite(line, SITE), line).toBe(true);
    for (const line of drop) expect(cookieForSite(line, SITE), line).toBe(false);
  });

  it('on a development host only the host itself: a region domain elsewhere lends nothing', () => {
    const dev: ReplySite = { origin: 'http://tr.localhost:3000', host: 'tr.localhost', siteDomain: 'www.gate.tr' };
    expect(cookieForSite('a=1; Domain=tr.localhost', dev)).toBe(true);
    expect(cookieForSite('a=1; Domain=localhost', dev)).toBe(false);
  });

  it('relays only the cookies for the site, each as sent', () => {
    const headers = new Headers();
    headers.append('Set-Cookie', 'uid=1; Path=/; HttpOnly');
    headers.append('Set-Cookie', 'x=2; Domain=evil.example');
    expect(relayedHeaders(headers, SITE)).toEqual({ headers: { 'set-cookie': ['uid=1; Path=/; HttpOnly'] } });
  });
});
