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
  /** By the key's own members. */
  private readonly pages = new Map<string, Entry[]>();
  /** The prerenders under way, by the key's own members: a request missing the same page waits for them. */
  private readonly underWay = new Map<string, Array<{ shared: string; https: boolean; done: Promise<void> }>>();
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
    for (const e of this.pages.get(key.own) ?? []) {
      if (e.expires <= now || e.https !== https || e.shared !== key.shared) continue;
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
    const entry = { shared: key.shared, https, done };
    this.underWay.set(key.own, [...(this.underWay.get(key.own) ?? []), entry]);
    void done.then(() => {
      const left = (this.underWay.get(key.own) ?? []).filter((e) => e !== entry);
      if (left.length) this.underWay.set(key.own, left);
      else this.underWay.delete(key.own);
    });
  }

  /** Settles when the prerender under way for `key` is kept or failed; null when none is under way. */
  underWayFor(key: PageKey, https: boolean): Promise<void> | null {
    return this.underWay.get(key.own)?.find((e) => e.shared === key.shared && e.https === https)?.done ?? null;
  }

  /** Keeps the page prerendered for `key` with the cookies its request read. */
  store(key: PageKey, page: Prerendered, cookies: CookieReads, https: boolean): void {
    const bytes = page.bytes + key.own.length; // the shared part is the boot state's own cache
    if (bytes > this.maxBytes) return;
    const now = this.now();
    this.dropExpired(now);
    const list = this.pages.get(key.own) ?? [];
    if (list.length >= VARIANTS_PER_KEY) this.bytes -= list.shift()!.bytes;
    list.push({ shared: key.shared, page, reads: [...cookies.reads], header: cookies.readEvery(), https, bytes, expires: now + this.ttlMs });
    this.bytes += bytes;
    this.pages.delete(key.own); // stored last: evicted last
    this.pages.set(key.own, list);
    for (const [oldest, entries] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      for (const e of entries) this.bytes -= e.bytes;
    }
  }

  /** Keeps `page`'s whole response as first resumed (cut at its nonce), if the page is still kept. */
  keepWhole(page: Prerendered, whole: readonly Buffer[]): void {
    if (page.whole) return;
    const bytes = whole.reduce((n, part) => n + part.length, 0);
    for (const list of this.pages.values()) {
      const entry = list.find((e) => e.page === page);
      if (!entry) continue;
      page.whole = whole;
      entry.bytes += bytes;
      this.bytes += bytes;
      return;
    }
  }

  /** Pages kept now. */
  get size(): number {
    let n = 0;
    for (const list of this.pages.values()) n += list.length;
    return n;
  }

  private dropExpired(now: number) {
    for (const [key, list] of this.pages) {
      const fresh = list.filter((e) => e.expires > now);
      if (fresh.length === list.length) continue;
      for (const e of list) if (e.expires <= now) this.bytes -= e.bytes;
      if (fresh.length) this.pages.set(key, fresh);
      else this.pages.delete(key);
    }
  }
}
