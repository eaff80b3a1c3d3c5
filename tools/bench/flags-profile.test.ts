import { describe, expect, it } from 'vitest';
import { costsOf, type ProfileNode } from './flags-profile';

const node = (id: number, functionName: string, children: number[] = []): ProfileNode => ({
  id,
  callFrame: { functionName, url: `file:///x/${functionName}.js`, lineNumber: 0 },
  children,
});

describe('costsOf', () => {
  it('gives each function its own samples (self) and the samples with it anywhere on the stack, recursion counted once', () => {
    // root -> a -> b -> a (recursion) ; root -> b
    const nodes = [node(1, '(root)', [2, 5]), node(2, 'a', [3]), node(3, 'b', [4]), node(4, 'a'), node(5, 'b')];
    const costs = costsOf({ nodes, samples: [2, 3, 4, 4, 5], timeDeltas: [10, 20, 30, 40, 50] });
    expect(costs.get('a a.js:1')).toEqual({ self: 10 + 30 + 40, total: 10 + 20 + 30 + 40 });
    expect(costs.get('b b.js:1')).toEqual({ self: 20 + 50, total: 20 + 30 + 40 + 50 });
    expect(costs.get('(root) (root).js:1')).toEqual({ self: 0, total: 150 });
  });
});
