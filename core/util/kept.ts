/**
 * Values made once per long-lived owner (a site version, a region config, a plan, a language instance) and key, at
 * most `limit` per owner, the oldest dropped first. An owner's values go with it (a WeakMap: owners outlive requests).
 */
export class KeptPerOwner<O extends object, V> {
  readonly #byOwner = new WeakMap<O, Map<string, V>>();

  constructor(private readonly limit: number) {}

  /** The value kept for `owner` and `key`, made by `make` the first time (a value may be null or undefined). */
  get(owner: O, key: string, make: () => V): V {
    let kept = this.#byOwner.get(owner);
    if (!kept) this.#byOwner.set(owner, (kept = new Map<string, V>()));
    if (kept.has(key)) return kept.get(key) as V;
    const value = make();
    if (kept.size >= this.limit) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
    return value;
  }
}
