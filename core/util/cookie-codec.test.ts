import { parse, serialize } from 'cookie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCookieHeader, serializeCookie, type CookieOptions } from './cookie-codec';

/** Headers built from the characters that matter to the parser (separators, blanks, escapes, quotes), and any text. */
const headerArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .array(
      fc.constantFrom(
        ';',
        '=',
        ' ',
        '\t',
        '%',
        '%2',
        '%41',
        '%E0%A4%A',
        '"',
        'a',
        'b',
        '__proto__',
        'constructor',
        'é',
        '\u0000',
        '\n',
        '\r',
        '\v',
        '\u00a0',
        '\ufeff',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join('')),
);

/** Whatever throws, what it throws (an error's type), else the result. */
function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (err) {
    return { threw: (err as Error).constructor.name };
  }
}

describe('cookie codec: the same as the `cookie` package', () => {
  it('parses every header as parse() does (property)', () => {
    fc.assert(
      fc.property(headerArb, (header) => {
        expect({ ...parseCookieHeader(header) }).toEqual({ ...parse(header) });
        expect(Object.getPrototypeOf(parseCookieHeader(header))).toBe(null);
      }),
      { numRuns: 5000 },
    );
  });

  it('writes every Set-Cookie line as serialize() does, and refuses what it refuses (property)', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9._-]{0,12}$/));
    const optionsArb: fc.Arbitrary<CookieOptions> = fc.record(
      {
        maxAge: fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double(), fc.constant(-0)),
        path: fc.oneof(fc.constantFrom('/', '/a b', '/x;y', ''), text),
        domain: fc.oneof(fc.constantFrom('example.com', '.example.com', 'bad_domain', 'a..b', ''), text),
        sameSite: fc.constantFrom('lax', 'strict', 'none', 'Lax', 'NONE', 'other') as fc.Arbitrary<CookieOptions['sameSite']>,
        secure: fc.boolean(),
        httpOnly: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), text), text, optionsArb, (name, value, options) => {
        expect(outcome(() => serializeCookie(name, value, options))).toEqual(outcome(() => serialize(name, value, options)));
      }),
      { numRuns: 5000 },
    );
  });
});
