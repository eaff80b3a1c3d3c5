import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeptPerOwner } from './kept';

describe('KeptPerOwner', () => {
  it('makes a value once per owner and key while kept, at most the limit per owner, the oldest dropped first', () => {
    const step = fc.record({ owner: fc.integer({ min: 0, max: 1 }), key: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.integer({ min: 1, max: 4 }), (steps, limit) => {
        const owners = [{}, {}];
        const kept = new KeptPerOwner<object, string | null>(limit);
        // The model: per owner, its keys in the order their values were made.
        const model: number[][] = [[], []];
        for (const { owner, key } of steps) {
          let made = false;
          const want = key % 3 === 0 ? null : `${owner}:${key}`;
          expect(kept.get(owners[owner], String(key), () => ((made = true), want))).toBe(want);
          expect(made).toBe(!model[owner].includes(key));
          if (made) {
            if (model[owner].length >= limit) model[owner].shift();
            model[owner].push(key);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
