import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDecisions } from './apply';
import { flaggedPlan } from './flagged-plans';
import { flagsCatalogue, flagsRegion } from './fixtures/catalogue';
import type { FlagDecisions } from './types';

const catalogue = flagsCatalogue();
const plan = catalogue.plan(flagsRegion(catalogue));
const decided = (d: Partial<FlagDecisions>): FlagDecisions => ({ enabled: {}, options: {}, priorities: {}, flags: [], ...d });

/** Decisions a rollout can make on the fixture plugins: switches, a popup variant, a modal priority. */
const decisions = fc
  .record({
    enabled: fc.dictionary(fc.constantFrom('base', 'popup', 'extra', 'side'), fc.boolean(), { maxKeys: 2 }),
    variant: fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
    priority: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
  })
  .map(({ enabled, variant, priority }) =>
    decided({
      enabled,
      options: variant ? { popup: { variant } } : {},
      priorities: priority === undefined ? {} : { side: { modal: priority } },
    }),
  );

describe('flaggedPlan', () => {
  it('gives the plan applyDecisions makes, the same object for equal decisions and the site plan for none', () => {
    fc.assert(
      fc.property(decisions, (d) => {
        const first = flaggedPlan(plan, d, catalogue);
        expect(first).toEqual(applyDecisions(plan, d, catalogue));
        expect(flaggedPlan(plan, structuredClone(d), catalogue)).toBe(first);
      }),
    );
    expect(flaggedPlan(plan, decided({}), catalogue)).toBe(plan);
  });

  it('gives different decisions different plans', () => {
    const a = flaggedPlan(plan, decided({ options: { popup: { variant: 'A' } } }), catalogue);
    const b = flaggedPlan(plan, decided({ options: { popup: { variant: 'B' } } }), catalogue);
    expect(a).not.toBe(b);
    expect(b.plugins.find((p) => p.id === 'popup')?.options.variant).toBe('B');
  });

  it('keeps at most 64 plans per site plan, the oldest going first', () => {
    const own = catalogue.plan(flagsRegion(catalogue)); // a plan of its own: an empty cache
    const nth = (n: number) => decided({ priorities: { side: { modal: n } } });
    const first = flaggedPlan(own, nth(0), catalogue);
    const second = flaggedPlan(own, nth(1), catalogue);
    for (let n = 2; n <= 64; n++) flaggedPlan(own, nth(n), catalogue);
    expect(flaggedPlan(own, nth(1), catalogue)).toBe(second);
    expect(flaggedPlan(own, nth(0), catalogue)).not.toBe(first);
  });
});
