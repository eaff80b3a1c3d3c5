/**
 * What an option flag's variant makes of an option: the configured value (schema defaults already filled in) with the
 * variant laid over it. Objects merge field by field, at every depth; anything else (a string, a number, an array)
 * replaces what was there. So `"B": { "maxPerDay": 1 }` changes one field and keeps the rest, and `"A": {}` is the
 * configured value itself.
 */
export function mergeOption(configured: unknown, variant: unknown): unknown {
  if (!isPlainObject(configured) || !isPlainObject(variant)) return variant;
  // Object.fromEntries keeps every key an own property, "__proto__" included (as JSON.parse does).
  // The configured fields keep their order (an unchanged option compares equal), the variant's new ones follow.
  return Object.fromEntries([
    ...Object.entries(configured).map(([key, value]) => [key, Object.hasOwn(variant, key) ? mergeOption(value, variant[key]) : value]),
    ...Object.entries(variant).filter(([key]) => !Object.hasOwn(configured, key)),
  ]);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
