import { deepFreeze } from '../util/freeze';

/** Longest time a shared reply may be reused (issue: replies without user data, at most 30 s). */
export const SHARED_REPLY_MAX_MS = 30_000;

/**
 * Back-end replies that carry no user data (site settings, static JSON, home stats, og data), shared by the requests
 * of one region and language for at most 30 s. A caller opts in per call (`{ shared: true }`); nothing user- or
 * IP-specific may. Concurrent misses share one call; failures are never kept; values are frozen, since every request
 * reads the same object. Bounded: the oldest entries go first.
 */
export class SharedReplyCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    readonly ttlMs = SHARED_REPLY_MAX_MS,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {
    if (ttlMs > SHARED_REPLY_MAX_MS) throw new Error(`SharedReplyCache: ttl ${ttlMs} ms is above the ${SHARED_REPLY_MAX_MS} ms limit`);
  }

  /** The cached value for `key`, or `load()`'s (kept only if it resolves to something). `hit` says which. */
  get<T>(key: string, load: () => Promise<T>): { hit: boolean; value: Promise<T> } {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at < this.ttlMs) return { hit: true, value: entry.value as Promise<T> };
    if (entry) this.entries.delete(key);
    const value = load().then((v) => {
      if (v === undefined) this.forget(key, value);
      return deepFreeze(v);
    });
    value.catch(() => this.forget(key, value));
    this.entries.set(key, { at: this.now(), value });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return { hit: false, value };
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(key: string, value: Promise<unknown>) {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }
}
