import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_PREFIXES, checkRequest, FORWARDED_METHODS, isFramedEntry, pathProblem } from './proxy-rules';

const ORIGIN = 'http://backend.internal:8080';

/** A plain path segment: letters, digits and the punctuation API paths use. */
const segment = fc.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,11}$/);
const segments = fc.array(segment, { minLength: 0, maxLength: 5 });
/** An API path made of plain segments, maybe with a trailing slash. */
const apiPath = fc
  .tuple(fc.constantFrom(...API_PREFIXES), segments, fc.boolean())
  .map(([prefix, parts, slash]) => `${prefix}${parts.join('/')}${slash && parts.length ? '/' : ''}`);

/** `.` and `..` as a segment, written every way a back end may still read as one. */
const percentDot = fc.constantFrom('%2e', '%2E');
const dotSegment = fc.oneof(
  fc.constantFrom('.', '..', '...', '..;', '..;jsessionid=1', ' ..', '.. ', '.;x'),
  fc.array(fc.oneof(fc.constant('.'), percentDot), { minLength: 1, maxLength: 3 }).map((dots) => dots.join('')),
);
const encodedSlash = fc.constantFrom('%2f', '%2F', '%5c', '%5C');
/** C0, DEL and C1 control characters (C1 encoded as UTF-8 by `encodeURIComponent`). */
const controlChar = fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }));

/** Inserts `piece` as a whole segment somewhere after the prefix of `path`. */
const withSegment = (path: string, piece: string, at: number) => {
  const parts = path.split('/');
  const index = 2 + (at % Math.max(1, parts.length - 1));
  parts.splice(Math.min(index, parts.length), 0, piece);
  return parts.join('/');
};
/** Inserts `piece` at some character position after the prefix's first slash. */
const withText = (path: string, piece: string, at: number) => {
  const index = 1 + (at % path.length);
  return path.slice(0, index) + piece + path.slice(index);
};

describe('pathProblem', () => {
  it('accepts plain API paths, and they stay as they are under their prefix after the URL parser', () => {
    fc.assert(
      fc.property(apiPath, (path) => {
        expect(pathProblem(path)).toBeNull();
        const url = new URL(path, ORIGIN);
        expect(url.origin).toBe(ORIGIN);
        expect(url.pathname).toBe(path);
      }),
    );
    for (const ok of ['/api/web/v1/coin/%E4%B8%AD', '/api/web/v1/a%2eb', '/api/web/v1/.well', '/cdn/a..b', '/api/web/v1/%20x', '/api//double'])
      expect(pathProblem(ok), ok).toBeNull();
  });

  it('refuses a dot segment, raw or encoded, anywhere', () => {
    fc.assert(
      fc.property(apiPath, dotSegment, fc.nat(), (path, dots, at) => {
        expect(pathProblem(withSegment(path, dots, at))).not.toBeNull();
      }),
    );
    for (const bad of ['/api/..', '/api/.', '/api/%2e%2e/__mock', '/api/.%2e/x', '/api/%2E./x', '/cdn/../internal', '/api/web/..;/admin'])
      expect(pathProblem(bad), bad).toMatch(/dot segment/);
  });

  it('refuses an encoded slash or backslash, any case, anywhere; and a raw backslash', () => {
    fc.assert(
      fc.property(apiPath, encodedSlash, fc.nat(), (path, slash, at) => {
        expect(pathProblem(withText(path, slash, at))).toMatch(/encoded/);
      }),
    );
    fc.assert(
      fc.property(apiPath, fc.nat(), (path, at) => {
        expect(pathProblem(withText(path, '\\', at))).not.toBeNull();
      }),
    );
    expect(pathProblem('/api/..%2f__ctl/rec')).not.toBeNull();
    expect(pathProblem('/api/web/..%5c..%5cetc')).not.toBeNull();
  });

  it('refuses control characters, raw or encoded', () => {
    fc.assert(
      fc.property(apiPath, controlChar, fc.nat(), fc.boolean(), (path, code, at, raw) => {
        const piece = raw ? String.fromCharCode(code) : encodeURIComponent(String.fromCharCode(code));
        expect(pathProblem(withText(path, piece, at))).not.toBeNull();
      }),
    );
    expect(pathProblem('/api/x%00.json')).toMatch(/control/);
  });

  it('refuses any encoded "%" (so no double encoding sneaks through), malformed escapes and a "#"', () => {
    fc.assert(
      fc.property(apiPath, fc.stringMatching(/^[0-9a-fA-F]{0,2}$/), fc.nat(), (path, hex, at) => {
        expect(pathProblem(withText(path, `%25${hex}`, at))).not.toBeNull();
      }),
    );
    for (const bad of ['/api/%252f', '/api/%252e%252e/x', '/api/%2500', '/api/%', '/api/%zz', '/api/%c0%ae%c0%ae/x', '/api/a#/../b', 'api/x', '//evil/api/'])
      expect(pathProblem(bad), bad).not.toBeNull();
  });

  it('whatever the input, an accepted path keeps its prefix through the URL parser, decoded or not, and its segments as sent', () => {
    const tokens = fc.constantFrom(
      'a',
      'Z',
      '0',
      '.',
      '/',
      '%',
      '2',
      'e',
      'E',
      'f',
      '5',
      'c',
      ';',
      ' ',
      '\\',
      '%2e',
      '%2f',
      '%5c',
      '%25',
      '%00',
      '..',
      '?',
      '#',
      '\u0000',
      '\u00e4',
    );
    const tail = fc.oneof(fc.string({ unit: tokens, maxLength: 16 }), fc.webPath(), fc.string({ unit: 'binary', maxLength: 16 }));
    fc.assert(
      fc.property(fc.constantFrom(...API_PREFIXES), tail, (prefix, rest) => {
        // What the proxy checks: the request target before its query.
        const path = `${prefix}${rest.replace(/^\//, '')}`.split('?')[0];
        if (pathProblem(path) !== null) return;
        const slashes = path.split('/').length;
        const decoded = decodeURIComponent(path);
        // Decoding twice changes nothing: there is no "%" left to decode.
        expect(decoded).not.toContain('%');
        const sent = new URL(path, ORIGIN);
        expect(sent.origin).toBe(ORIGIN);
        expect(sent.pathname.startsWith(prefix)).toBe(true);
        expect(sent.pathname.split('/').length).toBe(slashes);
        // A back end that decodes before it resolves the path stays under the prefix too.
        const resolved = new URL(decoded, ORIGIN);
        expect(resolved.origin).toBe(ORIGIN);
        expect(resolved.pathname.startsWith(prefix)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('checkRequest', () => {
  it('forwards the methods the back end serves; any other answers 405 with Allow', () => {
    for (const method of FORWARDED_METHODS) expect(checkRequest(method, '/api/x', {})).toBeNull();
    for (const method of ['TRACE', 'CONNECT', 'PROPFIND', 'TRACK', 'get', '', undefined]) {
      const refusal = checkRequest(method, '/api/x', {});
      expect(refusal?.status, String(method)).toBe(405);
      expect(refusal?.headers?.Allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    }
  });

  it('answers 400 for a bad path and for GET or HEAD with a body', () => {
    expect(checkRequest('GET', '/api/%2e%2e/x', {})?.status).toBe(400);
    for (const method of ['GET', 'HEAD']) {
      expect(checkRequest(method, '/api/x', { 'content-length': '1' })?.status).toBe(400);
      expect(checkRequest(method, '/api/x', { 'transfer-encoding': 'chunked' })?.status).toBe(400);
      expect(checkRequest(method, '/api/x', { 'content-length': '0' })).toBeNull();
    }
    expect(checkRequest('POST', '/api/x', { 'content-length': '10' })).toBeNull();
  });

  it('refuses control calls from another site (Fetch Metadata or Origin), only those', () => {
    const control = { control: true };
    const host = 'localhost:3000';
    expect(checkRequest('POST', '/__mock/scenarios', { host }, control)).toBeNull();
    expect(checkRequest('POST', '/__mock/scenarios', { host, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' }, control)).toBeNull();
    expect(checkRequest('GET', '/__mock/use', { host, 'sec-fetch-site': 'none' }, control)).toBeNull();
    for (const headers of [
      { host, 'sec-fetch-site': 'cross-site' },
      { host, 'sec-fetch-site': 'same-site' },
      { host, origin: 'http://evil.example' },
      { host, origin: 'http://localhost:4000' },
      { host, origin: 'null' },
    ])
      expect(checkRequest('POST', '/__mock/scenarios', headers, control)?.status, JSON.stringify(headers)).toBe(403);
    // API calls are the back end's to judge.
    expect(checkRequest('POST', '/api/x', { host, 'sec-fetch-site': 'cross-site' })).toBeNull();
  });
});

describe('isFramedEntry', () => {
  it("is one of the region's framed entry pages, by exact path, fetched successfully, only", () => {
    const entries = new Map(['/groupchat/chatroom', '/micro/funds-transfer/index.html'].map((path) => [path, { path }]));
    for (const path of entries.keys()) {
      expect(isFramedEntry(entries, 'GET', path, 200), path).toBe(true);
      expect(isFramedEntry(entries, 'HEAD', path, 304), path).toBe(true);
      expect(isFramedEntry(entries, 'GET', path, 404), path).toBe(false);
      expect(isFramedEntry(entries, 'GET', path, 500), path).toBe(false);
      expect(isFramedEntry(entries, 'POST', path, 200), path).toBe(false);
    }
    for (const path of ['/groupchat/chatroom/x', '/groupchat/call_service', '/micro/other/index.html', '/api/web/v1/x', '/groupchat/'])
      expect(isFramedEntry(entries, 'GET', path, 200), path).toBe(false);
  });
});
