/**
 * Local storage that never throws: private mode, a full quota or a denied storage
 * (SecurityError) all read as "nothing stored" and writes are dropped.
 */
export const localStore = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): boolean {
    try {
      globalThis.localStorage?.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* storage denied: nothing to remove */
    }
  },
  getJson<T>(key: string, isValid: (v: unknown) => v is T): T | null {
    const raw = localStore.get(key);
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isValid(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): boolean {
    return localStore.set(key, JSON.stringify(value));
  },
};

/**
 * A per-day, per-key counter stored as `count/timestamp` (spec 001 §5): anything else is ignored.
 * Counts from a previous (local) day read as zero.
 */
export const dailyCounter = {
  parse(raw: string | null): { count: number; at: number } | null {
    if (!raw) return null;
    const m = /^(\d+)\/(\d+)$/.exec(raw);
    if (!m) return null;
    return { count: Number(m[1]), at: Number(m[2]) };
  },
  read(key: string, now = Date.now()): { count: number; at: number } {
    const parsed = dailyCounter.parse(localStore.get(key));
    if (!parsed || !sameLocalDay(parsed.at, now)) return { count: 0, at: 0 };
    return parsed;
  },
  bump(key: string, now = Date.now()): number {
    const next = dailyCounter.read(key, now).count + 1;
    localStore.set(key, `${next}/${now}`);
    return next;
  },
};

export function sameLocalDay(a: number, b: number): boolean {
  const da = new Date(a);
  const db = new Date(b);
  return da.getFullYear() === db.getFullYear() && da.getMonth() === db.getMonth() && da.getDate() === db.getDate();
}
