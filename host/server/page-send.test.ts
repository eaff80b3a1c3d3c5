import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

/** A stream that writes `parts` (the nonce where `$N` stands) once its shell is ready, after `before` (an error, ...). */
function stream(parts: string[], nonce: string, events: RenderEvents, before?: (events: RenderEvents) => void) {
  setImmediate(() => {
    before?.(events);
    events.onShellReady();
  });
  return {
    pipe(dest: Writable) {
      for (const part of parts) dest.write(part.replaceAll('$N', nonce));
      dest.end();
    },
    abort() {},
  };
}

interface FakePage extends PageToSend {
  renders: number;
  prerenders: number;
  resumes: number;
}

/**
 * A page whose render writes `prelude` then `holes`; prerendered, its prelude is `prelude` and each resume writes
 * `holes` with its own nonce. `before` runs as it renders or prerenders (a failure, a cookie set ...).
 */
function page(
  prelude: string,
  holes: string[],
  nonce: string,
  o: { prerenderable?: boolean; before?: (events: RenderEvents) => void; failed?: boolean; throws?: boolean; ownPartsOnly?: boolean } = {},
): FakePage {
  const p: FakePage = {
    renders: 0,
    prerenders: 0,
    resumes: 0,
    nonce,
    ownPartsOnly: o.ownPartsOnly ?? false,
    boot: { shared: SHARED, own: '{"route":"/"}' },
    key: () => ({ shared: SHARED, own: '{"route":"/"}' }),
    inlineCss: undefined,
    start: () => {},
    render(events) {
      p.renders++;
      return stream([prelude, ...holes], nonce, events, o.before);
    },
    prerender:
      o.prerenderable === false
        ? null
        : () => {
            p.prerenders++;
            if (o.throws) return Promise.reject(new Error('no environment for the prerender'));
            o.before?.({ onShellReady() {}, onShellError() {}, onError() {} });
            const bytes = Buffer.from(prelude);
            return Promise.resolve(o.failed ? null : { prelude: bytes, postponed: '{"nextSegmentId":1}', bytes: bytes.length });
          },
    resume: (postponed, events) => {
      p.resumes++;
      expect(postponed).toEqual({ nextSegmentId: 1 });
      return stream(holes, nonce, events);
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
  it('prerenders a page once, then resumes it: the prelude as kept, the holes each response’s own, for any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), async (prelude, texts) => {
        const holes = texts.map((t) => `<script nonce="$N">${t}</script>`);
        const reuse = new PageReuse();
        const first = page(prelude, holes, 'nonceA1');
        const again = page(prelude, holes, 'nonceB2');
        const a = await send(new PageSender(siteWith(reuse), '', false), first);
        const b = await send(new PageSender(siteWith(reuse), '', false), again);
        expect([first.prerenders, again.prerenders, first.renders + again.renders]).toEqual([1, 0, 0]);
        expect(a.text()).toBe(prelude + holes.join('').replaceAll('$N', 'nonceA1'));
        expect(b.text()).toBe(prelude + holes.join('').replaceAll('$N', 'nonceB2'));
      }),
      { numRuns: 30 },
    );
  });

  it('prerenders a page once for requests that miss it at the same time: the others wait, then resume it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 0, max: 11 }), async (n, other) => {
        const reuse = new PageReuse();
        // One request (not the first) may send another value of the cookie the page reads: it cannot take the
        // first one's prerender, and prerenders its own.
        const cookies = Array.from({ length: n }, (_, i) => (i === other && i > 0 ? 'theme=dark' : 'theme=light'));
        const senders = cookies.map((c) => new PageSender(siteWith(reuse), c, false));
        const pages = senders.map((sender, i) =>
          page('<p>shared</p>', ['<script nonce="$N"></script>'], `nonce${i}`, { before: () => void sender.cookies.get('theme') }),
        );
        const sent = await Promise.all(pages.map((p, i) => send(senders[i], p)));
        const prerenders = pages.reduce((sum, p) => sum + p.prerenders, 0);
        expect(prerenders).toBe(cookies.includes('theme=dark') ? 2 : 1);
        expect(pages.reduce((sum, p) => sum + p.renders, 0)).toBe(0);
        sent.forEach((r, i) => expect(r.text()).toBe(`<p>shared</p><script nonce="nonce${i}"></script>`));
      }),
      { numRuns: 30 },
    );
  });

  it('renders each page when the prerender they waited for failed', async () => {
    const reuse = new PageReuse();
    const pages = [0, 1, 2].map((i) => page('<p>a</p>', [], `n${i}`, { failed: true }));
    await Promise.all(pages.map((p) => send(new PageSender(siteWith(reuse), '', false), p)));
    expect(pages.map((p) => p.renders)).toEqual([1, 1, 1]);
    expect(reuse.size).toBe(0);
  });

  it("keeps the whole response of a page of the response's own parts only, and sends it again with each nonce", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), async (prelude, texts) => {
        const holes = texts.map((t) => `<script nonce="$N">${t}</script>`);
        const reuse = new PageReuse();
        const pages = ['nonceA1', 'nonceB2', 'nonceC3'].map((nonce) => page(prelude, holes, nonce, { ownPartsOnly: true }));
        const sent: string[] = [];
        for (const p of pages) sent.push((await send(new PageSender(siteWith(reuse), '', false), p)).text());
        expect(pages.map((p) => [p.prerenders, p.resumes])).toEqual([
          [1, 1],
          [0, 0],
          [0, 0],
        ]);
        pages.forEach((p, i) => expect(sent[i]).toBe(prelude + holes.join('').replaceAll('$N', p.nonce)));
      }),
      { numRuns: 30 },
    );
  });

  it('renders a page that cannot be prerendered or whose prerender failed, and keeps neither nor one that set a cookie', async () => {
    const reuse = new PageReuse();
    const failed = page('<p>x</p>', [], 'n1', { failed: true });
    const thrown = page('<p>x</p>', [], 'n1', { throws: true });
    const logged = page('<p>x</p>', [], 'n1', { prerenderable: false });
    for (const p of [failed, thrown, logged]) expect((await send(new PageSender(siteWith(reuse), '', false), p)).text()).toBe('<p>x</p>');
    expect([failed.renders, thrown.renders, logged.renders]).toEqual([1, 1, 1]);
    const sender = new PageSender(siteWith(reuse), '', false);
    const setting = page('<p>x</p>', ['<i>y</i>'], 'n1', { before: () => sender.cookies.set('seen', '1') });
    expect((await send(sender, setting)).text()).toBe('<p>x</p><i>y</i>');
    expect(reuse.size).toBe(0);
  });

  it('with reuse off, renders every page and records no reads', async () => {
    const sender = new PageSender(siteWith(null), 'theme=dark', false);
    expect(sender.cookies).not.toBeInstanceOf(RecordingCookieJar);
    const p = page('<p>x</p>', [], 'n1');
    await send(sender, p);
    await send(new PageSender(siteWith(null), 'theme=dark', false), p);
    expect([p.renders, p.prerenders]).toEqual([2, 0]);
  });

  it('keeps nothing of a page through what React keeps of its render once the response is closed', async () => {
    // React's request keeps its callbacks, and a keep-alive connection's timer keeps React's request after the
    // response (the async context its end was written in): here, `kept` is that timer.
    const kept: RenderEvents[] = [];
    const sendOne = async (prerenderable: boolean) => {
      const p = page('<p>x</p>', ['<i>y</i>'], 'n1', { prerenderable });
      const render = p.render;
      const resume = p.resume;
      p.render = (events) => (kept.push(events), render(events));
      p.resume = (postponed, events) => (kept.push(events), resume(postponed, events));
      const r = response();
      await new PageSender(siteWith(new PageReuse()), '', false).send(r.res, p);
      if (!r.res.closed) await new Promise((closed) => r.res.once('close', closed));
      return new WeakRef(p);
    };
    const pages = [await sendOne(false), await sendOne(true)];
    await new Promise(setImmediate); // a WeakRef holds its page until the job that made it has ended
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    expect(kept).toHaveLength(2);
    expect(pages.map((ref) => ref.deref())).toEqual([undefined, undefined]);
  });

  it('writes nothing for a client gone before the shell was ready, and stops the render', async () => {
    const p = page('<p>x</p>', [], 'n1', { prerenderable: false });
    let aborted = false;
    p.render = (events) => {
      const s = stream(['<p>x</p>'], 'n1', events);
      return { pipe: s.pipe, abort: () => (aborted = true) };
    };
    const r = response();
    const sent = new PageSender(siteWith(null), '', false).send(r.res, p);
    r.res.destroy(); // closed before the shell is ready (it is, a turn later)
    await sent;
    expect([aborted, r.chunks]).toEqual([true, []]);
  });

  it('writes the boot state’s shared block as its bytes, encoded once', async () => {
    const p = page('', [], 'n1');
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
