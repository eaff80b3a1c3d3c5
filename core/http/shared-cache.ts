import { deepFreeze } from '../util/freeze';
import { sharePolicy, type ReplyHeaders } from './cache-rules';

/** Longest time a shared reply may be reused: 30 s, however long its Cache-Control allows. */
export const SHARED_REPLY_MAX_MS = 30_000;

/** One back-end reply as a shared call loaded it: its parsed value, status and headers. */
export interface LoadedReply<T> {
  value: T;
  status: number;
  headers: ReplyHeaders;
}

/** The request headers a call sends, by name in any case. */
export type SentHeaders = Readonly<Record<string, string>>;

/** Reads a request header by lower-case name (undefined when not sent); the lower-case copy is made on first use. */
type SentHeader = (name: string) => string | undefined;
function headerReader(sent: SentHeaders): SentHeader {
  let lower: Map<string, string> | undefined;
  return (name) => (lower ??= new Map(Object.entries(sent).map(([k, v]) => [k.toLowerCase(), v]))).get(name);
}

/** How a load ended: the value, and where it is kept when the reply may be shared. */
type Outcome = { value: unknown; kept?: { key: string; vary: readonly string[] } };

/**
 * Back-end replies the caller says carry no user data (site settings, static JSON, home stats, og data), shared by
 * the requests of one scope (region, language, fake-API scenario) as the back end's headers allow (RFC 9111 for
 * shared caches, `sharePolicy`): for what its Cache-Control allows and at most 30 s, per value of each request
 * header its `Vary` names. A reply that may not be shared goes to its own request only.
 *
 * Concurrent misses with the same key share one call; a request that joined a call whose reply turns out not to be
 * for it (private, or varying by a header it sends differently) makes its own. The `Vary` of a key's last reply
 * picks the key of the next requests; after a reply that could not be shared, requests no longer wait on each
 * other's calls. Failures are never kept (the requests waiting on the call see them); values are frozen, since every
 * request reads the same object. Bounded: the oldest entries go first.
 */
export class SharedReplyCache {
  private readonly entries = new Map<string, { expires: number; value: unknown }>();
  /** Per call key: the header names its last reply varied by, or null when that reply could not be shared. */
  private readonly variants = new Map<string, readonly string[] | null>();
  private readonly flights = new Map<string, Promise<Outcome>>();
  /** Bumped by clear(): a call started before it keeps nothing. */
  private generation = 0;

  constructor(
    readonly ttlMs = SHARED_REPLY_MAX_MS,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {
    if (ttlMs > SHARED_REPLY_MAX_MS) throw new Error(`SharedReplyCache: ttl ${ttlMs} ms is above the ${SHARED_REPLY_MAX_MS} ms limit`);
  }

  /**
   * The value for call `key` sent with `headers`: a kept or in-flight shared reply (`hit`), else `load()`'s, kept
   * when its headers allow.
   */
  async get<T>(key: string, headers: SentHeaders, load: () => Promise<LoadedReply<T>>): Promise<{ hit: boolean; value: T }> {
    const sent = headerReader(headers);
    const vary = this.variants.get(key);
    if (vary === null) return { hit: false, value: (await this.settle(key, sent, load)).value as T };
    const full = variantKey(key, vary ?? [], sent);
    const entry = this.entries.get(full);
    if (entry && this.now() < entry.expires) return { hit: true, value: entry.value as T };
    if (entry) this.entries.delete(full);
    const flight = this.flights.get(full);
    if (flight) {
      const { value, kept } = await flight;
      if (kept && variantKey(key, kept.vary, sent) === kept.key) return { hit: true, value: value as T };
      return { hit: false, value: (await this.settle(key, sent, load)).value as T };
    }
    const started = this.settle(key, sent, load);
    this.flights.set(full, started);
    const done = () => this.flights.get(full) === started && this.flights.delete(full);
    started.then(done, done);
    return { hit: false, value: (await started).value as T };
  }

  clear(): void {
    this.entries.clear();
    this.variants.clear();
    this.flights.clear();
    this.generation++;
  }

  /** Replies kept (fresh or not yet dropped). */
  get size(): number {
    return this.entries.size;
  }

  /** Loads, then keeps the reply under its variant key when its headers allow, and learns its `Vary`. */
  private async settle<T>(key: string, sent: SentHeader, load: () => Promise<LoadedReply<T>>): Promise<Outcome> {
    const generation = this.generation;
    const reply = await load();
    const policy = reply.value === undefined ? null : sharePolicy(reply.status, reply.headers, this.ttlMs, this.now());
    if (generation !== this.generation) return { value: reply.value };
    bounded(this.variants, key, policy?.vary ?? null, this.maxEntries);
    if (!policy) return { value: reply.value };
    const kept = { key: variantKey(key, policy.vary, sent), vary: policy.vary };
    const value = deepFreeze(reply.value);
    bounded(this.entries, kept.key, { expires: this.now() + policy.ttlMs, value }, this.maxEntries);
    return { value, kept };
  }
}

/** The key of one variant: the call's key and the values this request sends of the headers named. */
function variantKey(key: string, vary: readonly string[], sent: SentHeader): string {
  return vary.length ? `${key}\n${JSON.stringify(vary.map((name) => [name, sent(name) ?? null]))}` : key;
}

/** Sets `key` (as the newest) in a map of at most `max` entries: the oldest go first. */
function bounded<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
