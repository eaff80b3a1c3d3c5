import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../core/i18n/locales';
import { CHAT_ENTRIES } from '../../plugins/chat/rules';
import { siteEntries } from '../../plugins/home/services/micro-app';
import { framedQueryProblem } from './framed-entries';

const room = CHAT_ENTRIES[0];

describe('framedQueryProblem', () => {
  it('takes every locale the shell knows in the chat entries', () => {
    for (const code of Object.keys(LOCALES)) expect(framedQueryProblem(room, `platform=web&locale=${encodeURIComponent(code)}`), code).toBeNull();
  });

  it('takes the query the plugin builds, in any order, or none', () => {
    for (const q of ['', 'platform=web', 'platform=web&locale=en', 'locale=ar&platform=web', 'locale=zh']) expect(framedQueryProblem(room, q), q).toBeNull();
  });

  it('refuses an undeclared parameter, a repeated one, a value off its pattern (matched whole) and an undecodable query', () => {
    expect(framedQueryProblem(room, 'x=<script>alert(document.cookie)</script>')).toBe("query parameter 'x' is not one this page takes");
    expect(framedQueryProblem(room, 'platform=web&platform=web')).toBe("query parameter 'platform' is repeated");
    for (const q of ['platform=web<script>', 'platform=%3Cscript%3Eweb', 'locale=en%22onload%3D', 'platform=', 'locale=en-xx-<b>'])
      expect(framedQueryProblem(room, q), q).toBe(`query parameter '${q.split('=')[0]}' has a value this page does not take`);
    expect(framedQueryProblem(room, 'platform=%E0%A4%A')).toBe('the query cannot be decoded');
  });

  it('whatever the query, what passes carries only declared names with values matching their pattern', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('platform', 'locale', 'x', 'constructor', '__proto__'), fc.string()), { maxLength: 4 }), (pairs) => {
        const q = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        if (framedQueryProblem(room, q) !== null) return;
        const names = pairs.map(([k]) => k);
        expect(new Set(names).size).toBe(names.length);
        for (const [k, v] of pairs) expect(new RegExp(`^(?:${room.query![k].source})$`).test(v), `${k}=${v}`).toBe(true);
      }),
    );
  });

  it("a micro-app entry takes exactly its option's query", () => {
    const [plain, withQuery] = siteEntries(['/micro/funds-transfer/index.html', '/micro/sub-account-transfer/index.html?v=2', 'https://elsewhere.example/x']);
    expect(plain).toEqual({ path: '/micro/funds-transfer/index.html', query: {} });
    expect(framedQueryProblem(plain, '')).toBeNull();
    expect(framedQueryProblem(plain, 'q=<script>1</script>')).not.toBeNull();
    expect(withQuery.path).toBe('/micro/sub-account-transfer/index.html');
    expect(framedQueryProblem(withQuery, 'v=2')).toBeNull();
    expect(framedQueryProblem(withQuery, 'v=22')).not.toBeNull();
  });
});
