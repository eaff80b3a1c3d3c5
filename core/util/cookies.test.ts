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

  it('the browser jar reads document.cookie once until the microtasks run, and again after its own writes', async () => {
    let jar = 'a=1; b=2';
    let reads = 0;
    const doc = {
      location: { protocol: 'https:' },
      get cookie() {
        reads++;
        return jar;
      },
      set cookie(v: string) {
        const [pair] = v.split(';');
        const [name, value] = pair.split('=');
        jar = jar
          .split('; ')
          .filter((c) => !c.startsWith(`${name}=`))
          .concat(v.includes('Max-Age=0') ? [] : [`${name}=${value}`])
          .join('; ');
      },
    } as unknown as Document;
    const cookies = new BrowserCookieJar(doc);
    expect([cookies.get('a'), cookies.get('b'), cookies.get('c')]).toEqual(['1', '2', undefined]);
    expect(reads).toBe(1);
    cookies.set('c', '3');
    expect(cookies.get('c')).toBe('3');
    cookies.remove('a');
    expect(cookies.all()).toEqual({ b: '2', c: '3' });
    expect(reads).toBe(3);
    // Set elsewhere (a reply's Set-Cookie, another tab): seen once the current microtasks have run.
    jar += '; d=4';
    expect(cookies.get('d')).toBeUndefined();
    await Promise.resolve();
    expect(cookies.get('d')).toBe('4');
    expect(reads).toBe(4);
  });

  it("the browser jar's all() is a copy: changing it changes nothing the jar gives next", () => {
    const doc = { location: { protocol: 'https:' }, cookie: 'a=1' } as unknown as Document;
    const cookies = new BrowserCookieJar(doc);
    cookies.all().a = 'changed';
    expect(cookies.get('a')).toBe('1');
  });
});
