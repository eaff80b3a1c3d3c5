import { describe, expect, it } from 'vitest';
import { PAGE_REUSE_MAX_MS, PageReuse, type ReusedPage } from './page-reuse';
import { RecordingCookieJar } from './page-send';

const NONCE = 'n0Nce+/=ABCDEFGHIJKLMN';
const SHARED = '{"region":{"key":"main"},"inline":{}}';
const key = (own: string, shared = SHARED) => ({ shared, own });
const html = (body: string) => Buffer.from(`<script nonce="${NONCE}">${body}</script><p>${body}</p><script nonce="${NONCE}" src="/e.js"></script>`);
/** The page as a response with `nonce` would carry it. */
const sent = (page: ReusedPage | undefined, nonce: string) => page?.map((p) => p.toString()).join(nonce);
/** A request's jar after it read `read` (as a render would). */
const jarOf = (header: string, read: string[] = []) => {
  const jar = new RecordingCookieJar(header);
  read.forEach((name) => jar.get(name));
  return jar;
};

describe('PageReuse', () => {
  it('gives the page back for the same key with a response’s own nonce in place of the first one', () => {
    const reuse = new PageReuse();
    reuse.store(key('boot-a'), html('hello'), NONCE, jarOf(''), false);
    const page = reuse.find(key('boot-a'), jarOf(''), false);
    expect(sent(page, 'fresh')).toBe(html('hello').toString().replaceAll(NONCE, 'fresh'));
    expect(reuse.find(key('boot-b'), jarOf(''), false)).toBeUndefined();
    expect(reuse.find(key('boot-a', '{"region":{"key":"tr"},'), jarOf(''), false)).toBeUndefined();
    expect(reuse.find(key('boot-a'), jarOf(''), true)).toBeUndefined(); // over HTTPS: rendered anew
  });

  it('matches the cookies the first request read (with the values it sent), and only those', () => {
    const reuse = new PageReuse();
    reuse.store(key('k'), html('dark'), NONCE, jarOf('theme=dark; _ga=1', ['theme', 'cookie_consent']), false);
    expect(reuse.find(key('k'), jarOf('theme=dark; _ga=2'), false)).toBeDefined(); // _ga was never read
    expect(reuse.find(key('k'), jarOf('theme=light'), false)).toBeUndefined();
    expect(reuse.find(key('k'), jarOf('theme=dark; cookie_consent=all'), false)).toBeUndefined();
    reuse.store(key('k'), html('light'), NONCE, jarOf('', ['theme', 'cookie_consent']), false);
    expect(sent(reuse.find(key('k'), jarOf(''), false), NONCE)).toBe(html('light').toString());
    expect(sent(reuse.find(key('k'), jarOf('theme=dark'), false), NONCE)).toBe(html('dark').toString());
  });

  it('needs the same whole Cookie header when the render read every cookie', () => {
    const reuse = new PageReuse();
    const jar = jarOf('a=1');
    jar.all();
    reuse.store(key('k'), html('x'), NONCE, jar, false);
    expect(reuse.find(key('k'), jarOf('a=1'), false)).toBeUndefined(); // that request read nothing yet
    const same = jarOf('a=1');
    same.all();
    expect(reuse.find(key('k'), same, false)).toBeDefined();
  });

  it('keeps a page 30 s at most, and within its byte budget (the least recently stored go first)', () => {
    let now = 0;
    const reuse = new PageReuse({ ttlMs: 60_000, maxBytes: 3 * (html('p0').length + 2), now: () => now });
    reuse.store(key('k0'), html('p0'), NONCE, jarOf(''), false);
    now = PAGE_REUSE_MAX_MS - 1;
    expect(reuse.find(key('k0'), jarOf(''), false)).toBeDefined();
    now = PAGE_REUSE_MAX_MS;
    expect(reuse.find(key('k0'), jarOf(''), false)).toBeUndefined();
    for (const k of [key('k1'), key('k2'), key('k3'), key('k4')]) reuse.store(k, html('p0'), NONCE, jarOf(''), false);
    expect(reuse.size).toBe(3);
    expect(reuse.find(key('k1'), jarOf(''), false)).toBeUndefined();
    expect(reuse.find(key('k4'), jarOf(''), false)).toBeDefined();
  });

  it('keeps at most eight variants of one page', () => {
    const reuse = new PageReuse();
    for (let i = 0; i < 10; i++) reuse.store(key('k'), html(`v${i}`), NONCE, jarOf(`theme=t${i}`, ['theme']), false);
    expect(reuse.size).toBe(8);
    expect(reuse.find(key('k'), jarOf('theme=t1'), false)).toBeUndefined();
    expect(sent(reuse.find(key('k'), jarOf('theme=t9'), false), NONCE)).toBe(html('v9').toString());
  });
});
