import { describe, expect, it } from 'vitest';
import { BrowserCookieJar, ServerCookieJar } from './cookies';

describe('cookie jars and Secure', () => {
  it('the server jar applies its defaults (Secure over HTTPS) unless a cookie says otherwise', () => {
    const plain = new ServerCookieJar('a=1');
    plain.set('lang', 'en');
    expect(plain.setCookieHeaders).toEqual(['lang=en; Path=/; SameSite=Lax']);
    const secure = new ServerCookieJar('a=1', { secure: true });
    secure.set('lang', 'en', { maxAge: 60 });
    secure.remove('ref');
    secure.set('legacy', '1', { secure: false });
    expect(secure.setCookieHeaders).toEqual([
      'lang=en; Max-Age=60; Path=/; Secure; SameSite=Lax',
      'ref=; Max-Age=0; Path=/; Secure; SameSite=Lax',
      'legacy=1; Path=/; SameSite=Lax',
    ]);
    expect(secure.get('lang')).toBe('en');
  });

  it('the browser jar sets Secure on an https page only', () => {
    const written: string[] = [];
    const doc = (protocol: string) =>
      ({
        location: { protocol },
        get cookie() {
          return '';
        },
        set cookie(v: string) {
          written.push(v);
        },
      }) as unknown as Document;
    new BrowserCookieJar(doc('https:')).set('theme', 'dark');
    new BrowserCookieJar(doc('http:')).set('theme', 'dark');
    expect(written).toEqual(['theme=dark; Path=/; Secure; SameSite=Lax', 'theme=dark; Path=/; SameSite=Lax']);
  });
});
