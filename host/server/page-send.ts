import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { BootParts } from '../app/boot';
import { ServerCookieJar, type CookieOptions } from '../../core/util/cookies';
import type { PostponedState } from 'react-dom/static';
import type { PageKey, PageReuse } from './page-reuse';
import type { Prerendered } from './prerender';
import { prerenderedPages as prerenderCounter } from './metrics';
import { settledWithin } from '../../core/util/time-limit';

/** Longest a request waits for the same page's prerender under way before it prerenders the page itself. */
const PRERENDER_WAIT_MS = 2_000;

/** A page still streaming this long after its data is ready is cut off (the server deadline plus a margin). */
const RENDER_ABORT_MS = 25_000;

/** What React's streaming render tells its caller (renderToPipeableStream's options). */
export interface RenderEvents {
  onShellReady(): void;
  onShellError(err: unknown): void;
  onError(err: unknown): void;
}

/** What React's resume of a prerendered page tells its caller (resumeToPipeableStream's options). */
type ResumeEvents = Pick<RenderEvents, 'onShellReady' | 'onShellError' | 'onError'>;

/** A page rendered as it is sent. */
export interface PageToSend {
  /** The boot state's data blocks: their shared part is sent as bytes. */
  boot: BootParts;
  /** What a prerendered page is kept by (with the cookies read): the boot state as its prerender sees it. */
  key(): PageKey;
  /** The inline CSS as the page holds it (`styleSafe`): sent as its bytes. */
  inlineCss: string | undefined;
  /** The response's CSP nonce (random: a kept response is cut where it stands, and gets each response's own). */
  nonce: string;
  /**
   * Whether the page's holes are the response's own parts only (a visitor's page: its boot state, which is what it
   * is kept by, and its start scripts): its whole resumed response is then kept too, and sent again with each
   * response's nonce instead of resuming it.
   */
  ownPartsOnly: boolean;
  /** Sets the status and headers, just before the first byte. */
  start(): void;
  /** Starts React's render with these events. */
  render(events: RenderEvents): { pipe(destination: Writable): unknown; abort(): void };
  /** Prerenders the page's parts shared by every request of its key (null: it cannot be, or the prerender failed). */
  prerender: (() => Promise<Prerendered | null>) | null;
  /** Renders this request's holes of a prerendered page. */
  resume(postponed: PostponedState, events: ResumeEvents): { pipe(destination: Writable): unknown; abort(): void };
  /** The shell failed to render: the caller answers with the error page. */
  onShellError(err: unknown): void;
  /** Something inside the page failed (its boundary shows it): reported. */
  onError(err: unknown): void;
}

/**
 * Sends one request's page. With page reuse on (the site version's `pageReuse`, PAGE_REUSE=1), the request's cookie
 * jar records which cookies the page is made from; a page prerendered in the last seconds from the same key and the
 * same values of those cookies is resumed (prerender.ts: only the request's own parts render), else the page is
 * prerendered, kept, and resumed. Either way, the large constant strings of a page go out as bytes encoded once
 * (`writeAsBytes`).
 */
export class PageSender {
  /** The request's cookies (recording reads while page reuse is on). */
  readonly cookies: ServerCookieJar;
  private readonly recording: { cache: PageReuse; jar: RecordingCookieJar } | null;
  private readonly constants: ConstantBytes;

  /** `site`: the request's site version, whose page-reuse cache and constant bytes the page uses. */
  constructor(
    site: { pageReuse: PageReuse | null; constantBytes: ConstantBytes },
    cookieHeader: string | undefined,
    private readonly https: boolean,
  ) {
    const reuse = site.pageReuse;
    this.constants = site.constantBytes;
    const defaults: CookieOptions = https ? { secure: true } : {};
    const jar = reuse ? new RecordingCookieJar(cookieHeader, defaults) : null;
    this.recording = reuse && jar && { cache: reuse, jar };
    this.cookies = jar ?? new ServerCookieJar(cookieHeader, defaults);
  }

  /** Sends `page`: resumed from its kept prerender when there is one, else prerendered (and kept) or rendered. */
  async send(res: ServerResponse, page: PageToSend): Promise<void> {
    const reuse = page.prerender && this.recording;
    if (!reuse || !page.prerender) return renderInto(res, page, this.constants);
    const key = page.key();
    let kept = reuse.cache.find(key, reuse.jar, this.https);
    // The same page being prerendered for another request: waited for, and resumed if its cookies match this one's.
    const underWay = kept ? null : reuse.cache.underWayFor(key, this.https);
    if (underWay) {
      await settledWithin(underWay, PRERENDER_WAIT_MS);
      if (res.closed || res.destroyed) return;
      kept = reuse.cache.find(key, reuse.jar, this.https);
    }
    if (kept) {
      prerenderCounter.inc({ outcome: 'resumed' });
      if (kept.whole) return sendWhole(res, page, kept.whole);
      return this.resume(res, page, kept, reuse.cache);
    }
    // A prerender that cannot be made (its environment failed to build) leaves the page to be rendered.
    const made = await this.prerenderAndKeep(page, key, reuse);
    if (res.closed || res.destroyed) return;
    if (!made) {
      prerenderCounter.inc({ outcome: 'rendered' });
      return renderInto(res, page, this.constants);
    }
    prerenderCounter.inc({ outcome: 'prerendered' });
    return made.kept ? this.resume(res, page, made.page, reuse.cache) : resumeInto(res, page, made.page, this.constants, null);
  }

  /**
   * Prerenders `page` and keeps it, if made only of what it read (no error, no cookie set while it rendered).
   * Requests missing the same page meanwhile wait for it (`PageReuse.track`) instead of prerendering it again.
   */
  private async prerenderAndKeep(
    page: PageToSend,
    key: PageKey,
    reuse: { cache: PageReuse; jar: RecordingCookieJar },
  ): Promise<{ page: Prerendered; kept: boolean } | null> {
    const setCookies = reuse.jar.setCookieHeaders.length;
    let settled!: () => void;
    reuse.cache.track(key, this.https, new Promise<void>((resolve) => (settled = resolve)));
    try {
      const made = await page.prerender!().catch(() => null);
      if (!made) return null;
      const kept = reuse.jar.setCookieHeaders.length === setCookies;
      if (kept) reuse.cache.store(key, made, reuse.jar, this.https);
      return { page: made, kept };
    } finally {
      settled();
    }
  }

  /** Resumes a kept prerender; a page of the response's own parts only keeps its whole response (with no error, no cookie set). */
  private resume(res: ServerResponse, page: PageToSend, made: Prerendered, cache: PageReuse): Promise<void> {
    if (!page.ownPartsOnly) return resumeInto(res, page, made, this.constants, null);
    const setCookies = this.cookies.setCookieHeaders.length;
    return resumeInto(res, page, made, this.constants, (html) => {
      if (this.cookies.setCookieHeaders.length === setCookies) cache.keepWhole(made, cut(html, Buffer.from(page.nonce)));
    });
  }
}

/** A kept response, with this response's nonce in place of the first one's. */
function sendWhole(res: ServerResponse, page: PageToSend, whole: readonly Buffer[]): void {
  page.start();
  res.cork();
  res.write(whole[0]);
  for (const part of whole.slice(1)) {
    res.write(page.nonce);
    res.write(part);
  }
  res.end();
  res.uncork();
}

/** `html` cut at every occurrence of `token` (a nonce: random, so found only where the page put it). */
function cut(html: Buffer, token: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let at = 0;
  for (let i = html.indexOf(token); i !== -1; i = html.indexOf(token, at)) {
    parts.push(html.subarray(at, i));
    at = i + token.length;
  }
  parts.push(html.subarray(at));
  return parts;
}

/**
 * Sends a prerendered page: its prelude, then this request's holes as React resumes them; `keep` gets the whole
 * response as sent when it was resumed without an error.
 */
function resumeInto(res: ServerResponse, page: PageToSend, made: Prerendered, constants: ConstantBytes, keep: ((html: Buffer) => void) | null) {
  return streamInto(res, page, constants, (events) => page.resume(JSON.parse(made.postponed) as PostponedState, events), made.prelude, keep);
}

/** Renders the page into `res`. */
function renderInto(res: ServerResponse, page: PageToSend, constants: ConstantBytes): Promise<void> {
  return streamInto(res, page, constants, (events) => page.render(events), null, null);
}

/** Streams what `start` renders into `res` once its shell is ready, after `prelude` when there is one. */
function streamInto(
  res: ServerResponse,
  page: PageToSend,
  constants: ConstantBytes,
  start: (events: ResumeEvents) => { pipe(destination: Writable): unknown; abort(): void },
  prelude: Buffer | null,
  keep: ((html: Buffer) => void) | null,
): Promise<void> {
  let failed = false;
  // React's request keeps the callbacks below, and the connection's keep-alive timer keeps React's request (the async
  // context its end was written in) until the connection's next request. The callbacks reach the page only through
  // `sending`, emptied once the response is closed, and nothing else of the request: a finished request's scope is
  // not kept with them.
  let sending: { page: PageToSend; keep: ((html: Buffer) => void) | null } | null = { page, keep };
  let sent!: () => void;
  const done = new Promise<void>((resolve) => (sent = resolve));
  const stream = start({
    onShellReady() {
      if (!sending) {
        stream.abort(); // the client left before the shell was ready: nothing more to render
        return sent();
      }
      const { page: p, keep: k } = sending;
      p.start();
      // The region's boot data block and the inline CSS are the same strings on every page: sent as their bytes.
      writeAsBytes(res, p.inlineCss === undefined ? [p.boot.shared] : [p.boot.shared, p.inlineCss], constants);
      // The shell is written in one go: cork so its ~2 KB chunks leave in one write instead of one each (and a
      // prelude with its holes: the browser parses them before its first frame).
      res.cork();
      if (prelude) res.write(prelude);
      stream.pipe(k ? copyInto(res, prelude, (html) => !failed && k(html)) : res);
      process.nextTick(() => res.uncork());
      sent();
    },
    onShellError(err) {
      failed = true;
      sending?.page.onShellError(err);
      sent();
    },
    onError(err) {
      failed = true;
      sending?.page.onError(err);
    },
  });
  // Aborts a render still streaming at the deadline; cleared as soon as the response ends, so the timer never
  // keeps a finished request's tree alive.
  const abortTimer = setTimeout(() => stream.abort(), RENDER_ABORT_MS);
  res.once('close', () => {
    clearTimeout(abortTimer);
    sending = null;
  });
  return done;
}

/**
 * Runs a phase whose cookie reads a reused page need not match: what it makes of a cookie is in its result, and the
 * result is part of the page (the server loaders' data).
 */
export function withoutRecordingReads<T>(cookies: ServerCookieJar, phase: () => Promise<T>): Promise<T> {
  return cookies instanceof RecordingCookieJar ? cookies.unrecorded(phase) : phase();
}

/**
 * A request's cookies that record each cookie read, with the value the request sent (`all()` counts as reading
 * every cookie): a page is reused only for a request that sent the same values of all of them.
 */
export class RecordingCookieJar extends ServerCookieJar {
  readonly reads = new Map<string, string | undefined>();
  private readsAll = false;
  private paused = 0;

  constructor(
    private readonly cookieHeader: string | undefined,
    defaults: CookieOptions = {},
  ) {
    super(cookieHeader, defaults);
  }
  override get(name: string) {
    if (!this.paused && !this.reads.has(name)) this.reads.set(name, this.sentValue(name));
    return super.get(name);
  }
  override all() {
    if (!this.paused) this.readsAll = true;
    return super.all();
  }
  /** The request's Cookie header when something read every cookie, else null. */
  readEvery(): string | null {
    return this.readsAll ? (this.cookieHeader ?? '') : null;
  }
  async unrecorded<T>(phase: () => Promise<T>): Promise<T> {
    this.paused++;
    try {
      return await phase();
    } finally {
      this.paused--;
    }
  }
}

/**
 * The inline CSS as its element holds it (`</style` inside it cannot close the element): one string per text (a few
 * per build), the very one `writeAsBytes` looks for.
 */
const safeCss = new Map<string, string>();
export function styleSafe(css: string): string {
  let safe = safeCss.get(css);
  if (safe === undefined) {
    safe = css.replace(/<\/style/gi, '<\\/style');
    if (safeCss.size >= 64) safeCss.clear();
    safeCss.set(css, safe);
  }
  return safe;
}

/**
 * Bytes of large constant strings (a region's boot data, inline CSS), encoded once instead of on every page. One per
 * site version: a config reload starts afresh, so no text of an older version stays.
 */
export class ConstantBytes {
  private readonly bytes = new Map<string, Buffer>();

  of(text: string): Buffer {
    let bytes = this.bytes.get(text);
    if (!bytes) {
      if (this.bytes.size >= 256) this.bytes.clear();
      this.bytes.set(text, (bytes = Buffer.from(text)));
    }
    return bytes;
  }
}

/**
 * React writes a large string (here an element's `dangerouslySetInnerHTML`) to the response as it is, the very string
 * object: when it is one of `texts`, its bytes go instead (the same bytes, not encoded again, nor measured for the
 * chunk's length).
 */
function writeAsBytes(res: ServerResponse, texts: string[], constants: ConstantBytes): void {
  const pairs = texts.map((text) => [text, constants.of(text)] as const);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below
  const write = res.write;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (typeof chunk === 'string')
      for (const [text, bytes] of pairs) if (chunk === text) return (write as (...a: unknown[]) => boolean).call(this, bytes, ...rest);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
}

/**
 * A stream into `res` that also keeps what goes out (after `first`, written already), handed to `done` once the whole
 * response has been written.
 */
function copyInto(res: ServerResponse, first: Buffer | null, done: (html: Buffer) => void): Writable {
  const chunks: Buffer[] = first ? [first] : [];
  const copy = new Writable({
    write(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      if (res.write(chunk)) next();
      else res.once('drain', next);
    },
    final(next) {
      res.end();
      if (!res.destroyed) done(Buffer.concat(chunks));
      next();
    },
  });
  // React flushes its destination when it can (the compression stream's `flush`), as it would `res`.
  Object.assign(copy, { flush: () => (res as ServerResponse & { flush?: () => void }).flush?.() });
  // A client gone mid-page: React sees its destination close and stops rendering.
  res.once('close', () => copy.destroy());
  return copy;
}
