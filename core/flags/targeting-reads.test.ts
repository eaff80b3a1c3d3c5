import { FlagdCore } from '@openfeature/flagd-core';
import type { EvaluationContext, FlagValueType } from '@openfeature/server-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FlagdFileProvider, SILENT_LOGGER } from './flagd-provider';
import { targetingReads } from './targeting-reads';

describe('targetingReads', () => {
  it('reads nothing without targeting, and the top-level fields its vars name with it', () => {
    expect(targetingReads(undefined)).toEqual([]);
    expect(targetingReads({})).toEqual([]);
    expect(targetingReads({ if: [{ '==': [{ var: 'country' }, 'TR'] }, 'off', { in: [{ var: ['locale', 'en'] }, ['en', 'zh']] }] })).toEqual([
      'country',
      'locale',
    ]);
    expect(targetingReads({ sem_ver: [{ var: 'appVersion' }, '>=', '6.0.0'] })).toEqual(['appVersion']);
    expect(targetingReads({ '==': [{ var: 'user.tier' }, 1] })).toEqual(['user']);
    expect(targetingReads({ '==': [{ var: ['country', { var: 'locale' }] }, 'TR'] })).toEqual(['country', 'locale']);
  });

  it('counts targetingKey for fractional, and nothing for the flag key', () => {
    expect(
      targetingReads({
        fractional: [
          ['on', 50],
          ['off', 50],
        ],
      }),
    ).toEqual(['targetingKey']);
    expect(targetingReads({ fractional: [{ cat: [{ var: '$flagd.flagKey' }, { var: 'uid' }] }, ['on', 50], ['off', 50]] })).toEqual(['targetingKey', 'uid']);
  });

  it('follows $ref into the evaluators', () => {
    expect(targetingReads({ if: [{ $ref: 'turkey' }, 'off', null] }, { turkey: { '==': [{ var: 'country' }, 'TR'] } })).toEqual(['country']);
    expect(targetingReads({ if: [{ $ref: 'missing' }, 'off', null] }, {})).toBeNull();
  });

  it('does not know (null) what a rule reads through the timestamp, a computed, relative or escaped var, or an unknown operator', () => {
    const unknown = [
      { '>': [{ var: '$flagd.timestamp' }, 0] },
      { var: '' },
      { var: { cat: ['coun', 'try'] } },
      { var: '../country' },
      { var: 'a\\.b' },
      { var: ['a', null, 'extra'] },
      { some: [[1], { '==': [{ var: '' }, 1] }] },
      { missing: ['country'] },
      { preserve: { country: 1 } },
      { '==': [1, 1], extra: 2 },
    ];
    for (const rule of unknown) expect(targetingReads(rule), JSON.stringify(rule)).toBeNull();
  });
});

/** Context fields with a few values each (repeats are the point), -0 and a missing one included. */
const FIELDS = ['country', 'locale', 'kycLevel', 'loggedIn', 'targetingKey', 'appVersion'] as const;
const valueArb = fc.constantFrom<unknown>(undefined, null, 'TR', 'en', 'zh', '', 0, -0, 1, 2, 2.5, true, false, '6.1.0', '5.0.0', 'u1', 'u2');
const contextArb = fc.record(Object.fromEntries(FIELDS.map((f) => [f, valueArb])) as Record<(typeof FIELDS)[number], fc.Arbitrary<unknown>>, {
  requiredKeys: [],
});

const variantArb = fc.constantFrom('a', 'b', 'c');
const varArb = fc.oneof(
  fc.constantFrom(...FIELDS, '$flagd.flagKey', 'country.length').map((name) => ({ var: name })),
  fc.constant({ var: '$flagd.timestamp' }),
  fc.tuple(fc.constantFrom(...FIELDS), valueArb).map(([name, fallback]) => ({ var: [name, fallback ?? null] })),
);
/** A field's value, a constant, or 1 divided by a field's value (an error where it is 0: errors are never kept). */
const operandArb = fc.oneof(
  varArb,
  valueArb.map((v) => v ?? null),
  varArb.map((v) => ({ '/': [1, v] })),
);
const conditionArb: fc.Arbitrary<unknown> = fc.letrec<{ cond: unknown }>((tie) => ({
  cond: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(fc.constantFrom('==', '===', '!=', '>=', '<', 'in'), operandArb, operandArb).map(([op, x, y]) => ({ [op]: [x, y] })),
    fc.tuple(varArb, fc.constantFrom('T', 'e', '6')).map(([v, prefix]) => ({ starts_with: [v, prefix] })),
    fc.tuple(varArb, fc.constantFrom('>=', '<', '^')).map(([v, op]) => ({ sem_ver: [v, op, '6.0.0'] })),
    fc.tuple(fc.constantFrom('and', 'or'), fc.array(tie('cond'), { minLength: 1, maxLength: 3 })).map(([op, args]) => ({ [op]: args })),
    tie('cond').map((c) => ({ '!': c })),
  ),
})).cond;
const fractionalArb = fc
  .tuple(fc.option(varArb, { nil: undefined }), fc.array(fc.tuple(variantArb, fc.nat(5)), { minLength: 1, maxLength: 3 }))
  .map(([by, buckets]) => ({ fractional: by ? [{ cat: [by] }, ...buckets] : buckets }));
const targetingArb = fc.oneof(
  fc.constant(undefined),
  fractionalArb,
  fc.tuple(conditionArb, fc.oneof(variantArb, fractionalArb), fc.oneof(variantArb, fc.constant(null))).map(([c, yes, no]) => ({ if: [c, yes, no] })),
);
const flagArb = fc.record({ targeting: targetingArb, defaultVariant: fc.constantFrom('a', null) });

describe('FlagdFileProvider: kept results', () => {
  it('answers exactly what flagd answers, call after call, whatever the rule and the contexts', () => {
    fc.assert(
      fc.property(
        fc.array(flagArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(3), contextArb, fc.constantFrom<FlagValueType>('string', 'boolean'), fc.constantFrom('x', 'y')), {
          minLength: 1,
          maxLength: 40,
        }),
        (flags, calls) => {
          const file = {
            flags: Object.fromEntries(
              flags.map((f, i) => [
                `f${i}`,
                { state: 'ENABLED', variants: { a: 'A', b: 'B', c: 'C' }, defaultVariant: f.defaultVariant, targeting: f.targeting },
              ]),
            ),
          };
          const text = JSON.stringify(file);
          const provider = new FlagdFileProvider(text);
          const core = new FlagdCore(undefined, SILENT_LOGGER);
          core.setConfigurations(text);
          for (const [i, context, type, fallback] of calls) {
            const key = `f${i % flags.length}`;
            const ctx = context as EvaluationContext;
            expect(provider.resolveNow(type, key, fallback, ctx)).toEqual(core.resolve(type, key, fallback, ctx, SILENT_LOGGER));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('forgets what it kept when the flags change', () => {
    const flag = (variant: string) => JSON.stringify({ flags: { f: { state: 'ENABLED', variants: { a: 'A', b: 'B' }, defaultVariant: variant } } });
    const provider = new FlagdFileProvider(flag('a'));
    expect(provider.resolveNow('string', 'f', 'x', {}).value).toBe('A');
    provider.update(flag('b'));
    expect(provider.resolveNow('string', 'f', 'x', {}).value).toBe('B');
  });

  it('keeps a result for the values read only: another value of a field read is worked out', () => {
    const text = JSON.stringify({
      flags: {
        f: { state: 'ENABLED', variants: { a: 'A', b: 'B' }, defaultVariant: 'a', targeting: { if: [{ '==': [{ var: 'country' }, 'TR'] }, 'b', null] } },
      },
    });
    const provider = new FlagdFileProvider(text);
    expect(provider.resolveNow('string', 'f', 'x', { country: 'TR', locale: 'en' }).value).toBe('B');
    expect(provider.resolveNow('string', 'f', 'x', { country: 'TR', locale: 'zh' }).value).toBe('B');
    expect(provider.resolveNow('string', 'f', 'x', { country: 'US', locale: 'en' }).value).toBe('A');
    expect(provider.resolveNow('string', 'f', 'x', {}).value).toBe('A');
  });
});
