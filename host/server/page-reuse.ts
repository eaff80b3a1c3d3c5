import type { Prerendered } from './prerender';

/** The limit for anything made from back-end replies: kept 30 s at most. */
export const PAGE_REUSE_MAX_MS = 30_000;
/** Most variants of one page kept (pages that differ by a cookie they read: theme, consent, ...). */
const VARIANTS_PER_KEY = 8;

/**
 * What a page is rendered from besides cookies: its boot state as `serializeBootParts` gives it (the part shared by
 * the requests of its region and language, and the request's own members).
 */
export interface PageKey {
  shared: string;
  own: string;
}

interface Entry {
  /** The key's own members. */
  own: string;
  /** The key's shared part: one string object per region and language, so comparing it is cheap. */
  shared: string;
  page: Prerendered;
  /** Every cookie its request read outside the loaders, with the value it had (`CookieReads.reads`). */
  reads: ReadonlyArray<readonly [string, string | undefined]>;
  /** The whole Cookie header, when something read every cookie. */
  header: string | null;
  https: boolean;
  bytes: number;
  expires: number;
}

/** A request's cookies as reuse sees them (page-send.ts records them: `RecordingCookieJar`). */
export interface CookieReads {
  /** Each cookie read, with the value the request sent. */
  readonly reads: ReadonlyMap<string, string | undefined>;
  /** The whole Cookie header when something read every cookie, else null. */
  readEvery(): string | null;
  /** The value the request sent. */
  sentValue(name: string): string | undefined;
}

export interface PageReuseOptions {
  /** How long a page may be reused (capped at PAGE_REUSE_MAX_MS). */
  ttlMs?: number;
  /** Most bytes kept (pages and their keys); the least recently stored pages go first. */
  maxBytes?: number;
  now?: () => number;
}

/**
 * Pages prerendered in the last seconds (prerender.ts), resumed for a request that would render the very same
 * prerendered parts: the same key (the page's boot state as its prerender saw it: region, language, route, the core
 * data and loader data this request fetched itself, the plugins and views of its first render...), the same value
 * of every cookie the first request read while it was prepared and rendered, and the same protocol. Every request
 * still makes its own back-end calls (their replies are part of the key, never reused) and renders its own holes.
 */
export class PageReuse {
  /**
   * By the length of the key's own members, then compared whole: a key is a string of about 10 KB made for each
   * request, and hashing it (as a Map key) took 35 µs a logged-in page, where comparing it with the few keys of its
   * length takes a few.
   */
  private readonly pages = new Map<number, Entry[]>();
  /** Every page kept, the least recently stored first (the first to go past the byte budget). */
  private readonly stored = new Set<Entry>();
  /** The prerenders under way, the same way: a request missing the same page waits for them. */
  private readonly underWay = new Map<number, Array<{ own: string; shared: string; https: boolean; done: Promise<void> }>>();
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(o: PageReuseOptions = {}) {
    this.ttlMs = Math.min(o.ttlMs ?? PAGE_REUSE_MAX_MS, PAGE_REUSE_MAX_MS);
    this.maxBytes = o.maxBytes ?? 8 * 1024 * 1024;
    this.now = o.now ?? Date.now;
  }

  /** The page kept for `key` whose request sent the same values of the cookies it read as this one, if still fresh. */
  find(key: PageKey, cookies: CookieReads, https: boolean): Prerendered | undefined {
    const now = this.now();
    for (const e of this.pages.get(key.own.length) ?? []) {
      if (e.expires <= now || e.https !== https || e.shared !== key.shared || e.own !== key.own) continue;
      if (e.header !== null && e.header !== cookies.readEvery()) continue;
      if (e.reads.every(([name, value]) => cookies.sentValue(name) === value)) return e.page;
    }
    return undefined;
  }

  /**
   * Marks a prerender of `key` under way until `done` (it settles once the prerender is kept, or is not), so that
   * requests missing the same page meanwhile wait for it (`underWayFor`) instead of each prerendering it again.
   */
  track(key: PageKey, https: boolean, done: Promise<void>): void {
    const entry = { own: key.own, shared: key.shared, https, done };
    const bucket = key.own.length;
    this.underWay.set(bucket, [...(this.underWay.get(bucket) ?? []), entry]);
    void done.then(() => {
      const left = (this.underWay.get(bucket) ?? []).filter((e) => e !== entry);
      if (left.length) this.underWay.set(bucket, left);
      else this.underWay.delete(bucket);
    });
  }

  /** Settles when the prerender under way for `key` is kept or failed; null when none is under way. */
  underWayFor(key: PageKey, https: boolean): Promise<void> | null {
    return this.underWay.get(key.own.length)?.find((e) => e.shared === key.shared && e.https === https && e.own === key.own)?.done ?? null;
  }

  /** Keeps the page prerendered for `key` with the cookies its request read. */
  store(key: PageKey, page: Prerendered, cookies: CookieReads, https: boolean): void {
    const bytes = page.bytes + key.own.length; // the shared part is the boot state's own cache
    if (bytes > this.maxBytes) return;
    const now = this.now();
    for (const e of this.stored) if (e.expires <= now) this.remove(e);
    const list = this.pages.get(key.own.length) ?? [];
    const variants = list.filter((e) => e.own === key.own);
    if (variants.length >= VARIANTS_PER_KEY) this.remove(variants[0]);
    const entry = { own: key.own, shared: key.shared, page, reads: [...cookies.reads], header: cookies.readEvery(), https, bytes, expires: now + this.ttlMs };
    this.pages.set(key.own.length, [...(this.pages.get(key.own.length) ?? []), entry]);
    this.stored.add(entry);
    this.bytes += bytes;
    for (const oldest of this.stored) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** Keeps `page`'s whole response as first resumed (cut at its nonce), if the page is still kept. */
  keepWhole(page: Prerendered, whole: readonly Buffer[]): void {
    if (page.whole) return;
    for (const entry of this.stored) {
      if (entry.page !== page) continue;
      const bytes = whole.reduce((n, part) => n + part.length, 0);
      page.whole = whole;
      entry.bytes += bytes;
      this.bytes += bytes;
      return;
    }
  }

  /** Pages kept now. */
  get size(): number {
    return this.stored.size;
  }

  private remove(entry: Entry) {
    this.stored.delete(entry);
    this.bytes -= entry.bytes;
    const left = (this.pages.get(entry.own.length) ?? []).filter((e) => e !== entry);
    if (left.length) this.pages.set(entry.own.length, left);
    else this.pages.delete(entry.own.length);
  }
}
