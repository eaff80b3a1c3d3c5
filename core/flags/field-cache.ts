/**
 * Values kept by the values of some evaluation-context fields: one Map level per field, so a lookup compares the
 * values themselves (no key string is built, so no two contexts can share one). Used for flagd's results per flag
 * and for a region's whole decision set.
 */

type Level = Map<unknown, unknown>;

/** Values a Map can key exactly as JsonLogic compares them (a Map takes -0 for 0, as every JsonLogic operator does). */
const isKeyable = (v: unknown) => v === undefined || v === null || typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number';

export class FieldCache<T> {
  private root: Level = new Map();
  private count = 0;

  /** `max`: most values kept; all are dropped when one more comes. */
  constructor(private readonly max: number) {}

  /** The value kept under `head` for the context's values of `fields` (a head is always used with the same fields). */
  get(head: unknown, fields: readonly string[], context: Readonly<Record<string, unknown>>): T | undefined {
    let level = this.root.get(head);
    for (const field of fields) {
      if (!(level instanceof Map)) return undefined;
      level = level.get(context[field]);
    }
    return level instanceof Map ? undefined : (level as T | undefined);
  }

  /** Keeps `value` under `head` for the context's values of `fields`, unless one of them is not a primitive. */
  set(head: unknown, fields: readonly string[], context: Readonly<Record<string, unknown>>, value: T): void {
    for (const field of fields) if (!isKeyable(context[field])) return;
    if (this.count >= this.max) this.clear();
    let level = this.root;
    let at = head;
    for (const field of fields) {
      let next = level.get(at);
      if (!(next instanceof Map)) level.set(at, (next = new Map<unknown, unknown>()));
      [level, at] = [next as Level, context[field]];
    }
    if (!level.has(at)) this.count++;
    level.set(at, value);
  }

  clear(): void {
    this.root = new Map();
    this.count = 0;
  }
}
