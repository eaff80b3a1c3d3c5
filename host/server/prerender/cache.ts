import type { CookieJar } from '../../../core/util/cookies';
import { sameReads } from './cookies';
import type { Prelude } from './prelude';

/** Most preludes kept (each ~100-150 KB: the inline CSS and the region's boot data are in it). */
const PRELUDE_MAX_ENTRIES = 128;
/** Most bytes of preludes kept; the least recently used go first. */
const PRELUDE_MAX_BYTES = 24 * 1024 * 1024;
/** Most variants of one key (documents that differ by a cookie they read: theme, currency...). */
const VARIANTS_PER_KEY = 8;

/** One prelude with the cookie values it was made from; `null` prelude: this key's page cannot be prerendered. */
export interface PreludeVariant {
  prelude: Prelude | null;
  reads: ReadonlyArray<readonly [string, string | undefined]>;
  /** The region's shared boot data block the prelude holds (one string object per region and language). */
  shared: string;
}

/**
 * Preludes by key (site version, region, language, route, head, theme, viewport...: `preludeKey`), each key with the
 * variants its cookies made. Bounded by count and bytes, least recently used first out; a new site version makes new
 * keys, and the old ones age out.
 */
export class PreludeCache {
  private readonly entries = new Map<string, PreludeVariant[]>();
  private bytes = 0;
  private count = 0;

  constructor(
    private readonly maxEntries = PRELUDE_MAX_ENTRIES,
    private readonly maxBytes = PRELUDE_MAX_BYTES,
  ) {}

  /** The variant of `key` made from the same shared data and cookie values as this request, if kept. */
  find(key: string, shared: string, cookies: CookieJar): PreludeVariant | undefined {
    const list = this.entries.get(key);
    const found = list?.find((v) => v.shared === shared && sameReads(v.reads, cookies));
    if (found) {
      this.entries.delete(key); // used last: evicted last
      this.entries.set(key, list!);
    }
    return found;
  }

  store(key: string, variant: PreludeVariant): void {
    const size = sizeOf(variant);
    if (size > this.maxBytes) return;
    const list = this.entries.get(key) ?? [];
    if (list.length >= VARIANTS_PER_KEY) this.forget(list.shift()!);
    list.push(variant);
    this.bytes += size;
    this.count++;
    this.entries.delete(key);
    this.entries.set(key, list);
    for (const [oldest, variants] of this.entries) {
      if (this.bytes <= this.maxBytes && this.count <= this.maxEntries) break;
      this.entries.delete(oldest);
      variants.forEach((v) => this.forget(v));
    }
  }

  /** Preludes kept now. */
  get size(): number {
    return this.count;
  }

  private forget(variant: PreludeVariant) {
    this.bytes -= sizeOf(variant);
    this.count--;
  }
}

const sizeOf = (v: PreludeVariant) => (v.prelude?.html.length ?? 0) + 1024;
