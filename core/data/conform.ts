/**
 * Makes an untrusted reply fit the shape of a default value: every field of the default is kept,
 * replaced only by a reply value of the same kind (numeric strings count as numbers, 0/1 as booleans).
 * Unknown fields are dropped, so a malformed reply can never put an object where a string is rendered.
 */
export function conform<T>(fallback: T, value: unknown): T {
  if (Array.isArray(fallback)) {
    if (!Array.isArray(value)) return fallback;
    const sample: unknown = fallback[0];
    if (sample === undefined) return value.filter((v) => isPlain(v) || typeof v !== 'object') as T;
    return value.map((v) => conform(sample, v)) as T;
  }
  if (fallback !== null && typeof fallback === 'object') {
    if (!isPlain(value)) return fallback;
    const out: Record<string, unknown> = {};
    for (const [k, def] of Object.entries(fallback as Record<string, unknown>)) {
      out[k] = k in value ? conform(def, value[k]) : def;
    }
    return out as T;
  }
  switch (typeof fallback) {
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return (typeof n === 'number' && Number.isFinite(n) ? n : fallback) as T;
    }
    case 'string':
      return (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback) as T;
    case 'boolean':
      return (typeof value === 'boolean' ? value : value === 1 || value === '1' ? true : value === 0 || value === '0' ? false : fallback) as T;
    default:
      return fallback;
  }
}

/** A record of string keys whose values all fit `sample` (e.g. fiat market rates). */
export function conformRecord<T>(sample: T, value: unknown): Record<string, T> {
  if (!isPlain(value)) return {};
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(value)) {
    const typeOk = typeof v === typeof sample || (typeof sample === 'string' && typeof v === 'number');
    if (typeOk) out[k] = conform(sample, v);
  }
  return out;
}

export function isPlain(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
