import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SideTable } from './side-table';

/** Keys of every kind a table is given: plain objects, arrays, functions, class instances; some frozen or sealed. */
const keys = fc
  .tuple(
    fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.array(fc.integer()),
      fc.constant(null).map(() => () => 1),
      fc.constant(null).map(() => new Map<string, number>()),
    ),
    fc.constantFrom('open', 'frozen', 'sealed', 'non-extensible'),
  )
  .map(([key, lock]) => {
    if (lock === 'frozen') Object.freeze(key);
    if (lock === 'sealed') Object.seal(key);
    if (lock === 'non-extensible') Object.preventExtensions(key);
    return key;
  });

describe('SideTable', () => {
  it('gives back what was set for any key, and nothing for a key never set', () => {
    fc.assert(
      fc.property(keys, keys, fc.anything(), fc.anything(), (a, b, first, second) => {
        const table = new SideTable<object, unknown>('test');
        expect(table.get(a)).toBeUndefined();
        table.set(a, first);
        expect(table.get(a)).toBe(first);
        table.set(a, second);
        expect(table.get(a)).toBe(second);
        if (a !== b) expect(table.get(b)).toBeUndefined();
      }),
    );
  });

  it('keeps tables apart on the same key', () => {
    const key = {};
    const routes = new SideTable<object, string>('routes');
    const flags = new SideTable<object, string>('flags');
    routes.set(key, 'r');
    flags.set(key, 'f');
    expect([routes.get(key), flags.get(key)]).toEqual(['r', 'f']);
  });

  it('leaves no trace in what the key shows: its keys, JSON, a spread copy, a string-keyed walk', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (shape) => {
        const key = { ...shape };
        const before = { keys: Object.keys(key), json: JSON.stringify(key) };
        new SideTable<object, number>('test').set(key, 1);
        expect(Object.keys(key)).toEqual(before.keys);
        expect(JSON.stringify(key)).toBe(before.json);
        expect(Object.getOwnPropertySymbols({ ...key })).toEqual([]);
        expect(Reflect.ownKeys(key).filter((k) => typeof k === 'string')).toEqual(before.keys);
      }),
    );
  });

  it('does not reach through a prototype: an object made from a key has no value of its own', () => {
    const table = new SideTable<object, string>('test');
    const parent = {};
    table.set(parent, 'parent');
    expect(table.get(Object.create(parent) as object)).toBeUndefined();
  });
});
