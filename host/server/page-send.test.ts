import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServerCookieJar } from '../../core/util/cookies';
import { PageReuse } from './page-reuse';
import { ConstantBytes, PageSender, RecordingCookieJar, withoutRecordingReads, type PageToSend, type RenderEvents } from './page-send';

const SHARED = '{"region":{"key":"main"}}';

/** A response that keeps what is written to it (each chunk as written: string or bytes). */
function response() {
  const chunks: Array<string | Buffer> = [];
  const res = new Writable({
    write(chunk: Buffer | string, _encoding, next) {
      chunks.push(chunk);
      next();
    },
    decodeStrings: false,
  }) as Writable & { statusCode: number; setHeader: (name: string, value: unknown) => void };
  res.statusCode = 0;
  res.setHeader = () => {};
  const finished = new Promise<void>((r) => res.once('finish', () => r()));
  return { res: res as unknown as ServerResponse, chunks, finished, text: () => chunks.map(String).join('') };
}

/** A render that writes `parts` (the nonce where `$N` stands), after `before` (an error, a cookie set ...). */
function page(parts: string[], nonce: string, o: { visitor?: boolean; before?: (events: RenderEvents) => void } = {}): PageToSend & { renders: number } {
  const p = {
    renders: 0,
    boot: { shared: SHARED, own: '{"route":"/"}' },
    visitor: o.visitor ?? true,
    nonce,
    inlineCss: undefined,
    start: () => {},
    render(events: RenderEvents) {
      p.renders++;
      setImmediate(() => {
        o.before?.(events);
        events.onShellReady();
      });
      return {
        pipe(dest: Writable) {
          for (const part of parts) dest.write(part.replaceAll('$N', nonce));
          dest.end();
        },
        abort() {},
      };
    },
    onShellError: () => {},
    onError: () => {},
  };
  return p;
}

async function send(sender: PageSender, p: PageToSend) {
  const r = response();
  await sender.send(r.res, p);
  await r.finished;
  return r;
}

/** A site version's caches: `reuse` and its own constant bytes. */
const siteWith = (pageReuse: PageReuse | null) => ({ pageReuse, constantBytes: new ConstantBytes() });

describe('PageSender', () => {
  it('renders a visitor page once, then sends it again with each response’s own nonce, for any page text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 6 }), async (texts) => {
        const parts = texts.map((t, i) => (i ? `<script nonce="$N">${t}</script>` : t));
        const reuse = new PageReuse();
        const first = page(parts, 'nonceA1');
        const again = page(parts, 'nonceB2');
        const a = await send(new PageSender(siteWith(reuse), '', false), first);
        const b = await send(new PageSender(siteWith(reuse), '', false), again);
        expect(first.renders).toBe(1);
        expect(again.renders).toBe(0);
        expect(b.text()).toBe(a.text().replaceAll('nonceA1', 'nonceB2'));
      }),
      { numRuns: 30 },
    );
  });

  it('never reuses a logged-in page, one with a render error, or one whose render set a cookie', async () => {
    const reuse = new PageReuse();
    const cases: Array<(events: RenderEvents, cookies: ServerCookieJar) => void> = [
      (events) => events.onError(new Error('a view broke')),
      (_events, cookies) => cookies.set('seen', '1'),
    ];
    for (const before of cases) {
      const sender = new PageSender(siteWith(reuse), '', false);
      await send(sender, page(['<p>x</p>'], 'n1', { before: (events) => before(events, sender.cookies) }));
    }
    await send(new PageSender(siteWith(reuse), '', false), page(['<p>x</p>'], 'n1', { visitor: false }));
    expect(reuse.size).toBe(0);
  });

  it('with reuse off, keeps nothing and records no reads', async () => {
    const sender = new PageSender(siteWith(null), 'theme=dark', false);
    expect(sender.cookies).not.toBeInstanceOf(RecordingCookieJar);
    const p = page(['<p>x</p>'], 'n1');
    await send(sender, p);
    await send(new PageSender(siteWith(null), 'theme=dark', false), p);
    expect(p.renders).toBe(2);
  });

  it('writes the boot state’s shared block as its bytes, encoded once', async () => {
    const p = page([], 'n1');
    p.render = (events) => {
      setImmediate(() => events.onShellReady());
      return {
        pipe(dest: Writable) {
          dest.write(SHARED);
          dest.write(SHARED);
          dest.end();
        },
        abort() {},
      };
    };
    const r = await send(new PageSender(siteWith(null), '', false), p);
    expect(Buffer.isBuffer(r.chunks[0])).toBe(true);
    expect(r.chunks[1]).toBe(r.chunks[0]);
    expect(r.text()).toBe(SHARED + SHARED);
  });
});

describe('RecordingCookieJar', () => {
  it('records the cookies read, with the values the request sent, except while the loaders run', async () => {
    const jar = new RecordingCookieJar('theme=dark; uid=7; finger_print=abc');
    jar.set('lang', 'en');
    expect(jar.get('lang')).toBe('en'); // read after this request set it: the request sent none
    expect(jar.get('theme')).toBe('dark');
    expect(jar.peek('csrftoken')).toBeUndefined();
    expect(await withoutRecordingReads(jar, async () => jar.get('finger_print'))).toBe('abc');
    expect([...jar.reads]).toEqual([
      ['lang', undefined],
      ['theme', 'dark'],
    ]);
    expect(jar.readEvery()).toBeNull();
    jar.all();
    expect(jar.readEvery()).toBe('theme=dark; uid=7; finger_print=abc');
  });

  it('a plain jar runs the phase as it is', async () => {
    const jar = new ServerCookieJar('a=1');
    expect(await withoutRecordingReads(jar, async () => jar.get('a'))).toBe('1');
  });
});
