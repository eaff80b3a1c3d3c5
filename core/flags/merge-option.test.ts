import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeOption } from './merge-option';

describe('mergeOption', () => {
  it('lays objects over each other field by field; other values replace', () => {
    expect(mergeOption({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 4 }, e: 5 })).toEqual({ a: 1, b: { c: 2, d: 4 }, e: 5 });
    expect(mergeOption({ a: [1, 2] }, { a: [3] })).toEqual({ a: [3] });
    expect(mergeOption({ a: { b: 1 } }, { a: null })).toEqual({ a: null });
    expect(mergeOption('x', 'y')).toBe('y');
    expect(mergeOption({ a: 1 }, [1])).toEqual([1]);
  });

  it('keeps a "__proto__" field an own field and changes no prototype', () => {
    const merged = mergeOption({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an empty variant gives the configured value, key order included; merging is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (configured, variant) => {
        if (typeof configured === 'object' && configured !== null && !Array.isArray(configured))
          expect(JSON.stringify(mergeOption(configured, {}))).toBe(JSON.stringify(configured));
        const once = mergeOption(configured, variant);
        expect(mergeOption(once, variant)).toEqual(once);
      }),
    );
  });
});
