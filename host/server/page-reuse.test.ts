import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_REUSE_MAX_MS, PageReuse } from './page-reuse';
import { RecordingCookieJar } from './page-send';
import type { Prerendered } from './prerender';

const SHARED = '{"region":{"key":"main"},"inline":{}}';
const key = (own: string, shared = SHARED) => ({ shared, own });
/** A prerendered page whose prelude says `body`. */
const html = (body: string): Prerendered => {
  const prelude = Buffer.from(`<p>${body}</p><!--$?--><template id="B:0"></template><!--/$-->`);
  return { prelude, postponed: '{"nextSegmentId":1}', bytes: prelude.length + 19 };
};
/** The prelude of a page kept. */
const sent = (page: Prerendered | undefined) => page?.prelude.toString();
/** A request's jar after it read `read` (as a render would). */
const jarOf = (header: string, read: string[] = []) => {
  const jar = new RecordingCookieJar(header);
  read.forEach((name) => jar.get(name));
  return jar;
};

describe('PageReuse', () => {
  it('gives the page back for the same key, on the same protocol', () => {
    const reuse = new PageReuse();
    reuse.store(key('boot-a'), html('hello'), jarOf(''), false);
    expect(sent(reuse.find(key('boot-a'), jarOf(''), false))).toBe(sent(html('hello')));
    expect(reuse.find(key('boot-b'), jarOf(''), false)).toBeUndefined();
    expect(reuse.find(key('boot-a', '{"region":{"key":"tr"},'), jarOf(''), false)).toBeUndefined();
    expect(reuse.find(key('boot-a'), jarOf(''), true)).toBeUndefined(); // over HTTPS: rendered anew
  });

  it('matches the cookies the first request read (with the values it sent), and only those', () => {
    const reuse = new PageReuse();
    reuse.store(key('k'), html('dark'), jarOf('theme=dark; _ga=1', ['theme', 'cookie_consent']), false);
    expect(reuse.find(key('k'), jarOf('theme=dark; _ga=2'), false)).toBeDefined(); // _ga was never read
    expect(reuse.find(key('k'), jarOf('theme=light'), false)).toBeUndefined();
    expect(reuse.find(key('k'), jarOf('theme=dark; cookie_consent=all'), false)).toBeUndefined();
    reuse.store(key('k'), html('light'), jarOf('', ['theme', 'cookie_consent']), false);
    expect(sent(reuse.find(key('k'), jarOf(''), false))).toBe(sent(html('light')));
    expect(sent(reuse.find(key('k'), jarOf('theme=dark'), false))).toBe(sent(html('dark')));
  });

  it('needs the same whole Cookie header when the render read every cookie', () => {
    const reuse = new PageReuse();
    const jar = jarOf('a=1');
    jar.all();
    reuse.store(key('k'), html('x'), jar, false);
    expect(reuse.find(key('k'), jarOf('a=1'), false)).toBeUndefined(); // that request read nothing yet
    const same = jarOf('a=1');
    same.all();
    expect(reuse.find(key('k'), same, false)).toBeDefined();
  });

  it('keeps a page 30 s at most, and within its byte budget (the least recently stored go first)', () => {
    let now = 0;
    const reuse = new PageReuse({ ttlMs: 60_000, maxBytes: 3 * (html('p0').bytes + 2), now: () => now });
    reuse.store(key('k0'), html('p0'), jarOf(''), false);
    now = PAGE_REUSE_MAX_MS - 1;
    expect(reuse.find(key('k0'), jarOf(''), false)).toBeDefined();
    now = PAGE_REUSE_MAX_MS;
    expect(reuse.find(key('k0'), jarOf(''), false)).toBeUndefined();
    for (const k of [key('k1'), key('k2'), key('k3'), key('k4')]) reuse.store(k, html('p0'), jarOf(''), false);
    expect(reuse.size).toBe(3);
    expect(reuse.find(key('k1'), jarOf(''), false)).toBeUndefined();
    expect(reuse.find(key('k4'), jarOf(''), false)).toBeDefined();
  });

  it('keeps at most eight variants of one page', () => {
    const reuse = new PageReuse();
    for (let i = 0; i < 10; i++) reuse.store(key('k'), html(`v${i}`), jarOf(`theme=t${i}`, ['theme']), false);
    expect(reuse.size).toBe(8);
    expect(reuse.find(key('k'), jarOf('theme=t1'), false)).toBeUndefined();
    expect(sent(reuse.find(key('k'), jarOf('theme=t9'), false))).toBe(sent(html('v9')));
  });

  it('tells apart keys of the same length, and counts the eight variants per key', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[ab]{1,3}$/), { minLength: 1, maxLength: 14 }), (owns) => {
        const reuse = new PageReuse();
        owns.forEach((own) => reuse.store(key(own), html(own), jarOf(''), false));
        for (const own of owns) expect(sent(reuse.find(key(own), jarOf(''), false))).toBe(sent(html(own)));
        expect(reuse.find(key('c'), jarOf(''), false)).toBeUndefined();
        expect(reuse.size).toBe(owns.length);
      }),
    );
    const reuse = new PageReuse();
    reuse.store(key('ba'), html('other'), jarOf(''), false);
    for (let i = 0; i < 9; i++) reuse.store(key('ab'), html(`v${i}`), jarOf(`theme=t${i}`, ['theme']), false);
    expect(reuse.size).toBe(9);
    expect(sent(reuse.find(key('ba'), jarOf(''), false))).toBe(sent(html('other')));
    expect(reuse.find(key('ab'), jarOf('theme=t0'), false)).toBeUndefined();
  });
});
