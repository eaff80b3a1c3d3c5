import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServerCookieJar } from './cookies';

/** Cookie parsing and writing against hostile input: the Cookie header and cookie values come from the request. */
const cookieName = fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/);

describe('ServerCookieJar under fuzzing', () => {
  it('any Cookie header: never throws, and every cookie it yields is a string', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: 'binary', maxLength: 300 }), { nil: undefined }), cookieName, (header, name) => {
        const jar = new ServerCookieJar(header);
        const value = jar.get(name);
        expect(value === undefined || typeof value === 'string').toBe(true);
        for (const v of Object.values(jar.all())) expect(typeof v).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });

  it('a value written is read back as the same string, and never breaks out of its Set-Cookie header', () => {
    fc.assert(
      fc.property(cookieName, fc.string({ unit: 'binary', maxLength: 200 }), (name, value) => {
        const jar = new ServerCookieJar(undefined, { secure: true });
        jar.set(name, value, { maxAge: 60 });
        const [header] = jar.setCookieHeaders;
        // One line, and the attributes are exactly the ones set: nothing injected by the value.
        expect(header).not.toMatch(/[\r\n\0]/);
        const [pair, ...attributes] = header.split('; ');
        expect(attributes).toEqual(['Max-Age=60', 'Path=/', 'Secure', 'SameSite=Lax']);
        // What a browser sends back next time parses to the value written.
        expect(new ServerCookieJar(pair).get(name)).toBe(value);
      }),
      { numRuns: 3000 },
    );
  });

  it('a header with the same cookie twice, or a malformed pair beside it, still yields the well-formed cookies', () => {
    fc.assert(
      fc.property(cookieName, fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), fc.string({ unit: 'binary', maxLength: 40 }), (name, value, junk) => {
        const clean = junk.replace(/[;=]/g, '');
        const jar = new ServerCookieJar(`${clean}; ${name}=${value}; ${name}=other`);
        expect(jar.get(name)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});
