import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { BootParts } from '../app/boot';
import { ServerCookieJar, type CookieOptions } from '../../core/util/cookies';
import type { PageReuse, ReusedPage } from './page-reuse';
import { pageReuse as reuseCounter } from './metrics';

/** A page still streaming this long after its data is ready is cut off (the server deadline plus a margin). */
const RENDER_ABORT_MS = 25_000;

/** What React's streaming render tells its caller (renderToPipeableStream's options). */
export interface RenderEvents {
  onShellReady(): void;
  onShellError(err: unknown): void;
  onError(err: unknown): void;
}

/** A page rendered as it is sent. */
export interface PageToSend {
  /** The boot state's data blocks: with the cookies read, what a reused page is keyed by; its shared part is sent as bytes. */
  boot: BootParts;
  /** Only a visitor's page may be reused. */
  visitor: boolean;
  /** The response's CSP nonce (a reused page gets it in place of the first one's). */
  nonce: string;
  /** The inline CSS as the page holds it (`styleSafe`): sent as its bytes. */
  inlineCss: string | undefined;
  /** Sets the status and headers, just before the first byte. */
  start(): void;
  /** Starts React's render with these events. */
  render(events: RenderEvents): { pipe(destination: Writable): unknown; abort(): void };
  /** The shell failed to render: the caller answers with the error page. */
  onShellError(err: unknown): void;
  /** Something inside the page failed (its boundary shows it): reported. */
  onError(err: unknown): void;
}

/**
 * Sends one request's page. With page reuse on (the site version's `pageReuse`, PAGE_REUSE=1), the request's cookie
 * jar records which cookies the page is made from, and a visitor page rendered in the last seconds from the same boot
 * state and the same values of those cookies is sent again with this response's nonce instead of rendering
 * (page-reuse.ts). Either way, the large constant strings of a page go out as bytes encoded once (`writeAsBytes`).
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

  /** Sends `page`: the reused copy when there is one, else the render, kept for reuse when it is a clean visitor page. */
  async send(res: ServerResponse, page: PageToSend): Promise<void> {
    const reuse = page.visitor ? this.recording : null;
    const reused = reuse?.cache.find(page.boot, reuse.jar, this.https);
    if (reused) {
      reuseCounter.inc({ outcome: 'reused' });
      return sendReused(res, page, reused);
    }
    if (!reuse) return renderInto(res, page, this.constants, null);
    reuseCounter.inc({ outcome: 'rendered' });
    // A page made only of what it read (no error, no cookie set by its render) is kept for reuse as sent.
    const setCookies = reuse.jar.setCookieHeaders.length;
    return renderInto(res, page, this.constants, (html) => {
      if (reuse.jar.setCookieHeaders.length === setCookies) reuse.cache.store(page.boot, html, page.nonce, reuse.jar, this.https);
    });
  }
}

/** A kept page, with this response's nonce in place of the first one's. */
function sendReused(res: ServerResponse, page: PageToSend, reused: ReusedPage): void {
  page.start();
  res.cork();
  res.write(reused[0]);
  for (const part of reused.slice(1)) {
    res.write(page.nonce);
    res.write(part);
  }
  res.end();
  res.uncork();
}

/** Renders the page into `res`; `keep` gets the whole page as sent when it rendered without an error. */
function renderInto(res: ServerResponse, page: PageToSend, constants: ConstantBytes, keep: ((html: Buffer) => void) | null): Promise<void> {
  let failed = false;
  return new Promise<void>((resolve) => {
    // Aborts a render still streaming at the deadline; cleared as soon as the response ends, so the timer never
    // keeps a finished request's tree alive.
    const abortTimer = setTimeout(() => stream.abort(), RENDER_ABORT_MS);
    res.once('close', () => clearTimeout(abortTimer));
    const stream = page.render({
      onShellReady() {
        page.start();
        // The region's boot data block and the inline CSS are the same strings on every page: sent as their bytes.
        writeAsBytes(res, page.inlineCss === undefined ? [page.boot.shared] : [page.boot.shared, page.inlineCss], constants);
        // The shell is written in one go: cork so its ~2 KB chunks leave in one write instead of one each.
        res.cork();
        stream.pipe(
          keep
            ? copyInto(res, (html) => {
                if (!failed) keep(html);
              })
            : res,
        );
        process.nextTick(() => res.uncork());
        resolve();
      },
      onShellError(err) {
        failed = true;
        page.onShellError(err);
        resolve();
      },
      onError(err) {
        failed = true;
        page.onError(err);
      },
    });
  });
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

/** A stream into `res` that also keeps what it writes, handed to `done` once the whole page has been written. */
function copyInto(res: ServerResponse, done: (html: Buffer) => void): Writable {
  const chunks: Buffer[] = [];
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
