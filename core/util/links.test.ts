import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TARGET_LENGTH, safeLink, safePath, safeTarget } from './links';

/** Pieces a hostile target is built from: separators, encodings, control characters, schemes, hosts. */
// prettier-ignore
const PIECES = [
  '/', '//', '///', '\\', '/\\', '\\/', '\\\\', '%2f', '%2F', '%5c', '%5C', '%2e', '%2e%2e', '.%2e', '.', '..', '/./', '/../',
  '\t', '\n', '\r', '\u0000', '\u001f', '\u007f', ' ', '%09', '%00', '@', ':', '?', '#', '&', '=', 'javascript:', 'data:',
  'http:', 'https:', 'HTTPS:', 'evil.example', '//evil.example', 'evil.example:443', 'user:pw@', '[::1]', '0x7f.1', '\u3002',
  '\uff0f', '\u2215', 'é', '%', '%zz',
];
const LOCALES = ['', '/en', '/zh', '/en-uk', '/ja-jp', '/ar-dubai', '/xx', '/fr'];

const origin = fc
  .tuple(fc.constantFrom('http', 'https'), fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }))
  .map(([scheme, host, port]) => new URL(`${scheme}://${host}${port ? `:${port}` : ''}`).origin);
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 3, arbitrary: fc.webSegment() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);
/** A locale prefix, then pieces (a few, or hundreds for a long path). */
const target = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...LOCALES), fc.array(piece, { maxLength: 12 })).map(([l, ps]) => l + ps.join('')) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...LOCALES), fc.array(piece, { minLength: 200, maxLength: 900 })).map(([l, ps]) => l + ps.join('')) },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/**
 * The output names no other place: a path starting with one slash, resolving to the site's origin, whose resolved
 * path has no empty segment (so no prefix stripped from it by a later redirect can leave `//…`).
 */
function expectSameSite(out: string, site: string) {
  expect(out).toMatch(/^\/(?![/\\])/);
  const resolved = new URL(out, site);
  expect(resolved.origin).toBe(site);
  expect(resolved.pathname).not.toContain('//');
  expect(out.length).toBeLessThanOrEqual(MAX_TARGET_LENGTH);
}

describe('safeTarget / safePath (property: whatever the input, the output resolves to the site origin)', () => {
  it('resolves every output against the site origin to that origin', () => {
    fc.assert(
      fc.property(origin, target, fc.boolean(), (site, raw, withOrigin) => {
        const out = safeTarget(raw, '/home', withOrigin ? site : undefined);
        expectSameSite(out, site);
      }),
      { numRuns: 5000 },
    );
  });

  it('gives a path that reads the same on any origin, and is stable', () => {
    fc.assert(
      fc.property(origin, origin, target, (site, other, raw) => {
        const out = safePath(raw, site);
        if (out === null) return;
        expectSameSite(out, other);
        expect(safePath(out, other)).toBe(out);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps a target the browser resolves to the site: the same URL, repeated slashes collapsed', () => {
    fc.assert(
      fc.property(
        origin,
        fc.constantFrom(...LOCALES),
        fc.array(fc.webSegment({ size: 'small' }).filter(Boolean), { maxLength: 8 }),
        fc.webQueryParameters(),
        (site, l, segs, q) => {
          const raw = `${l}/${segs.join('/')}${q ? `?${q}` : ''}`;
          const browser = new URL(raw, site);
          const expected = `${browser.pathname.replace(/\/{2,}/g, '/')}${browser.search}`;
          expect(safeTarget(raw, '/home', site)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the named attack forms as a browser does', () => {
    const site = 'https://www.gate.com';
    const cases: Array<[string, string]> = [
      ['/en//evil.example/x', '/en/evil.example/x'],
      ['//evil.example/x', '/home'],
      ['/\\evil.example', '/home'],
      ['\\\\evil.example', '/home'],
      ['/\t/evil.example', '/home'],
      ['/..//evil.example', '/evil.example'],
      ['/%2e%2e//evil.example', '/evil.example'],
      ['/%2f%2fevil.example', '/%2f%2fevil.example'],
      ['https://evil.example/', '/home'],
      ['https://www.gate.com//evil.example/x?y=//z#//w', '/evil.example/x?y=//z#//w'],
      [' javascript:alert(1)', '/home'],
      ['java\tscript:alert(1)', '/home'],
      ['/@evil.example', '/@evil.example'],
      ['', '/home'],
      [`/${'a'.repeat(MAX_TARGET_LENGTH)}`, '/home'],
    ];
    for (const [raw, out] of cases) expect([raw, safeTarget(raw, '/home', site)]).toEqual([raw, out]);
    expect(safePath(42)).toBeNull();
    expect(safePath('/price', 'not an origin')).toBe('/price');
  });
});

describe('safeLink (property: same-site as safePath, or an https URL on an allowed host)', () => {
  const allowed = ['static.gate.com', 'www.gate.io'];

  it('gives null, a same-site path, or a URL on an allowed host', () => {
    fc.assert(
      fc.property(origin, target, (site, raw) => {
        const out = safeLink(raw, allowed, site);
        if (out === null || out.startsWith('/')) return out === null || expectSameSite(out, site);
        const url = new URL(out);
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(allowed).toContain(url.hostname);
      }),
      { numRuns: 4000 },
    );
  });

  it('keeps links to allowed hosts and refuses the rest', () => {
    expect(safeLink('https://static.gate.com/a.png', allowed)).toBe('https://static.gate.com/a.png');
    expect(safeLink('https://STATIC.gate.com/a', allowed)).toBe('https://static.gate.com/a');
    expect(safeLink('//static.gate.com/a', allowed)).toBeNull();
    expect(safeLink('https://static.gate.com\\@evil.example/', allowed)).toBeNull();
    expect(safeLink('mailto:x@gate.com', allowed)).toBeNull();
    expect(safeLink('https://www.gate.com/x', allowed, 'https://www.gate.com')).toBe('/x');
    expect(safeLink('/a//b', allowed)).toBe('/a/b');
  });
});
