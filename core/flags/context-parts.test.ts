import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appVersionOf, countryCodeOf, countryIdOf, MAX_VIP_TIER, vipTierOf } from './context-parts';
import { FlagEvaluator } from './evaluator';
import { flagsCatalogue, flagsRegion } from './fixtures/catalogue';

/** Strict semantic versions (semver.org's regular expression, without pre-release and build parts). */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const BUILD_MAX = 10 ** 14 - 1;

describe('vipTierOf', () => {
  it('keeps whole tiers from 0 to MAX_VIP_TIER and nothing else', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const tier = vipTierOf(value);
        if (tier === undefined) return;
        expect(tier).toBe(value);
        expect(Number.isInteger(tier) && tier >= 0 && tier <= MAX_VIP_TIER).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_VIP_TIER }), (tier) => {
        expect(vipTierOf(tier)).toBe(tier);
      }),
    );
    for (const bad of [-1, MAX_VIP_TIER + 1, 1.5, NaN, Infinity, '3', null]) expect(vipTierOf(bad)).toBeUndefined();
  });
});

describe('countryIdOf', () => {
  it("keeps a whole number from 1 to 9,999 as it is; 0 (the spec's unknown) and anything else are unset", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.integer({ min: -10, max: 20_000 }), fc.double()), (id) => {
        const kept = countryIdOf(id);
        const valid = typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 9_999;
        expect(kept).toBe(valid ? id : undefined);
      }),
    );
  });
});

describe('countryCodeOf', () => {
  const table = { 98: 'HK', 234: 'US', 7: 'gb', 8: 'USA', 9: '' };

  it('gives a listed id its two upper-case letters; anything else is unset', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.integer({ min: -10, max: 20_000 }), fc.constantFrom(98, 234, '98', 98.5)), (id) => {
        const code = countryCodeOf(id, table);
        if (code === undefined) return;
        expect(code).toMatch(/^[A-Z]{2}$/);
        expect([98, 234]).toContain(id);
      }),
    );
    expect(countryCodeOf(98, table)).toBe('HK');
    expect(countryCodeOf(234, table)).toBe('US');
    // Codes of the wrong shape in the table are not served.
    for (const id of [7, 8, 9]) expect(countryCodeOf(id, table)).toBeUndefined();
  });

  it('without a table (an unknown numbering) nothing is set, and inherited names are no ids', () => {
    expect(countryCodeOf(98, undefined)).toBeUndefined();
    expect(countryCodeOf('constructor', table)).toBeUndefined();
    expect(countryCodeOf(0, { 0: 'AA' })).toBeUndefined();
  });
});

describe('appVersionOf', () => {
  it('gives every whole build of at most 14 digits as `<build>.0.0`, a strict semantic version', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BUILD_MAX }), (build) => {
        const version = appVersionOf(build);
        expect(version).toBe(`${build}.0.0`);
        expect(version).toMatch(SEMVER);
      }),
    );
  });

  it('leaves anything else unset', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.integer({ min: BUILD_MAX + 1, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 })),
        (value) => {
          const version = appVersionOf(value);
          if (version !== undefined) expect(Number.isInteger(value) && value >= 0 && value <= BUILD_MAX).toBe(true);
        },
      ),
    );
    for (const bad of [null, undefined, -1, 1.5, BUILD_MAX + 1, NaN]) expect(appVersionOf(bad)).toBeUndefined();
  });

  it("orders builds as flagd's sem_ver compares them: the spec's version gates", async () => {
    const catalogue = flagsCatalogue();
    const region = flagsRegion(catalogue);
    const plan = catalogue.plan(region);
    for (const gate of [658020, 202504080001]) {
      const targeting = { if: [{ sem_ver: [{ var: 'appVersion' }, '>=', appVersionOf(gate)] }, 'on', 'off'] };
      const flags = { 'plugin.later.enabled': { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'off', targeting } };
      const ev = FlagEvaluator.fromFlagFile(JSON.stringify({ flags }), { catalogue, onEvaluation: () => {}, log: () => {} });
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.integer({ min: 0, max: BUILD_MAX }), fc.integer({ min: gate - 2, max: gate + 2 })), async (build) => {
          const decisions = await ev.evaluate(region, plan, { appVersion: appVersionOf(build) });
          expect(decisions.enabled.later === true).toBe(build >= gate);
        }),
        { numRuns: 200 },
      );
    }
  });
});
