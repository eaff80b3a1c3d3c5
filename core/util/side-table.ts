/**
 * Values tied to objects that live for one request or page (an activation, an environment, a slot entry, a
 * plugin's service factory), kept in a hidden own property of the object: they die with it.
 *
 * A WeakMap would do the same for the mark-compact collector, but V8's scavenger treats every WeakMap entry, WeakRef
 * and FinalizationRegistry target as strong: a short-lived key survives the young generation with everything it
 * reaches, is promoted, and dies in the old one (on the server, every request's activation and environment did).
 * Keys that take no new property (frozen, sealed) fall back to a WeakMap; long-lived keys belong in a WeakMap.
 * `npm run bench -- side-table` (tools/bench/side-table.ts) measures both on simulated requests whose value reaches its
 * key, as a request container reaches its environment: bytes promoted, scavenges and mark-compacts.
 */
export class SideTable<K extends object, V> {
  readonly #slot: symbol;
  readonly #fallback = new WeakMap<K, V>();

  /** `name` describes the values, for debuggers (the property's symbol). */
  constructor(name: string) {
    this.#slot = Symbol(name);
  }

  get(key: K): V | undefined {
    return Object.hasOwn(key, this.#slot) ? ((key as Record<symbol, unknown>)[this.#slot] as V) : this.#fallback.get(key);
  }

  set(key: K, value: V): void {
    if (Object.hasOwn(key, this.#slot)) (key as Record<symbol, unknown>)[this.#slot] = value;
    else if (Object.isExtensible(key)) Object.defineProperty(key, this.#slot, { value, writable: true, enumerable: false, configurable: false });
    else this.#fallback.set(key, value);
  }
}
