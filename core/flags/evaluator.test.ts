import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDecisions } from './apply';
import { FlagEvaluator } from './evaluator';
import { FlagdFileProvider } from './flagd-provider';
import { flagsCatalogue, flagsRegion } from './fixtures/catalogue';
import type { FlagEvaluationEvent } from './types';

const catalogue = flagsCatalogue();
const region = flagsRegion(catalogue);
const plan = catalogue.plan(region);
const ids = (p: { plugins: Array<{ id: string }> }) => p.plugins.map((x) => x.id);

const flagFile = (flags: Record<string, unknown>) => JSON.stringify({ flags });
const bool = (defaultVariant: string, targeting?: unknown) => ({
  state: 'ENABLED',
  variants: { on: true, off: false },
  defaultVariant,
  ...(targeting ? { targeting } : {}),
});

function evaluator(flags: Record<string, unknown>) {
  const events: FlagEvaluationEvent[] = [];
  const logs: string[] = [];
  const ev = FlagEvaluator.fromFlagFile(flagFile(flags), { catalogue, onEvaluation: (e) => events.push(e), log: (m) => logs.push(m) });
  return { ev, events, logs };
}

describe('FlagEvaluator over the flag file', () => {
  it('a percentage rollout is sticky per uid, across evaluator instances, and near its target (10 % ± 2 % of 10,000 uids)', async () => {
    const flags = {
      'plugin.later.enabled': bool('off', {
        fractional: [
          ['on', 10],
          ['off', 90],
        ],
      }),
    };
    const [a, b] = [evaluator(flags).ev, evaluator(flags).ev];
    let on = 0;
    for (let i = 0; i < 10_000; i++) {
      const uid = `visitor-${i}`;
      const [da, db] = [await a.evaluate(region, plan, { uid }), await b.evaluate(region, plan, { uid })];
      expect(db).toEqual(da);
      if (da.enabled.later) on++;
    }
    expect(on / 10_000).toBeGreaterThanOrEqual(0.08);
    expect(on / 10_000).toBeLessThanOrEqual(0.12);
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 64 }), async (uid) => {
        expect(await b.evaluate(region, plan, { uid })).toEqual(await a.evaluate(region, plan, { uid }));
      }),
      { numRuns: 200 },
    );
  });

  it('switching a listed plugin on adds it with its config options, in dependency order', async () => {
    const { ev } = evaluator({ 'plugin.later.enabled': bool('on') });
    const decisions = await ev.evaluate(region, plan, {});
    expect(decisions.enabled).toEqual({ later: true });
    expect(decisions.flags).toEqual([{ key: 'plugin.later.enabled', variant: 'on', reason: 'STATIC' }]);
    const next = applyDecisions(plan, decisions, catalogue);
    expect(ids(next)).toEqual([...ids(plan), 'later']);
    expect(next.plugins.at(-1)!.options).toEqual({ level: 5 });
  });

  it('a kill switch removes the plugin and every plugin that requires it', async () => {
    const { ev } = evaluator({ 'plugin.popup.enabled': bool('on', { if: [{ '==': [{ var: 'country' }, 'TR'] }, 'off', null] }) });
    const tr = await ev.evaluate(region, plan, { country: 'TR' });
    expect(tr.flags).toEqual([{ key: 'plugin.popup.enabled', variant: 'off', reason: 'TARGETING_MATCH' }]);
    expect(ids(applyDecisions(plan, tr, catalogue))).toEqual(['base', 'side']);
    const other = await ev.evaluate(region, plan, { country: 'DE' });
    expect(other.flags[0].reason).toBe('DEFAULT');
    expect(applyDecisions(plan, other, catalogue)).toBe(plan);
  });

  it('a variant replaces an option value; the config value is no decision', async () => {
    const variant = {
      state: 'ENABLED',
      variants: { a: 'A', b: 'B' },
      defaultVariant: 'a',
      targeting: { if: [{ in: [{ var: 'locale' }, ['tr', 'en']] }, 'b', null] },
    };
    const { ev } = evaluator({
      'plugin.popup.option.variant': variant,
      'plugin.popup.priority.modal': { state: 'ENABLED', variants: { high: 750 }, defaultVariant: 'high' },
    });
    const en = await ev.evaluate(region, plan, { locale: 'en' });
    expect(en.options).toEqual({ popup: { variant: 'B' } });
    expect(en.priorities).toEqual({ popup: { modal: 750 } });
    const popup = applyDecisions(plan, en, catalogue).plugins.find((p) => p.id === 'popup')!;
    expect(popup).toEqual({ id: 'popup', options: { ...plan.plugins.find((p) => p.id === 'popup')!.options, variant: 'B' }, priorities: { modal: 750 } });
    expect((await ev.evaluate(region, plan, { locale: 'ja' })).options).toEqual({});
  });

  it('an object variant is laid over the configured option, defaults kept: an empty variant changes nothing', async () => {
    const configured = plan.plugins.find((p) => p.id === 'popup')!.options.newbie;
    expect(configured).toEqual({ enabled: true, maxPerDay: 3, texts: { title: 'Hello', cta: 'Go' } });
    const { ev } = evaluator({
      'plugin.popup.option.newbie': {
        state: 'ENABLED',
        variants: { A: {}, B: { maxPerDay: 1, texts: { cta: 'Claim' } } },
        defaultVariant: 'A',
        targeting: { if: [{ '==': [{ var: 'locale' }, 'tr'] }, 'B', null] },
      },
    });
    const a = await ev.evaluate(region, plan, { locale: 'en' });
    expect(a.flags).toEqual([{ key: 'plugin.popup.option.newbie', variant: 'A', reason: 'DEFAULT' }]);
    expect(applyDecisions(plan, a, catalogue)).toBe(plan);
    const b = await ev.evaluate(region, plan, { locale: 'tr' });
    expect(b.options).toEqual({ popup: { newbie: { enabled: true, maxPerDay: 1, texts: { title: 'Hello', cta: 'Claim' } } } });
  });

  it('whatever fields an object variant sets, the plugin gets the configured option with exactly those changed (property)', async () => {
    const variantArb = fc.record(
      { enabled: fc.boolean(), maxPerDay: fc.integer({ min: 0, max: 10 }), texts: fc.record({ title: fc.string(), cta: fc.string() }, { requiredKeys: [] }) },
      { requiredKeys: [] },
    );
    const configured = plan.plugins.find((p) => p.id === 'popup')!.options.newbie as Record<string, unknown>;
    await fc.assert(
      fc.asyncProperty(variantArb, async (variant) => {
        const { ev } = evaluator({ 'plugin.popup.option.newbie': { state: 'ENABLED', variants: { v: variant }, defaultVariant: 'v' } });
        const d = await ev.evaluate(region, plan, {});
        expect(d.flags[0].reason).toBe('STATIC');
        const got = applyDecisions(plan, d, catalogue).plugins.find((p) => p.id === 'popup')!.options.newbie;
        const texts = { ...(configured.texts as object), ...variant.texts };
        expect(got).toEqual({ ...configured, ...variant, texts });
      }),
      { numRuns: 100 },
    );
  });

  it('an object variant the schema refuses once merged is an ERROR; the configured option stands', async () => {
    const { ev } = evaluator({ 'plugin.popup.option.newbie': { state: 'ENABLED', variants: { x: { maxPerDay: 99 } }, defaultVariant: 'x' } });
    const d = await ev.evaluate(region, plan, {});
    expect(d.flags).toEqual([{ key: 'plugin.popup.option.newbie', variant: 'x', reason: 'ERROR', errorCode: 'TYPE_MISMATCH' }]);
    expect(d.options).toEqual({});
  });

  it('evaluates only the flags of plugins the region lists, and no flag at all costs nothing', async () => {
    const { ev, events } = evaluator({ 'plugin.unknown.enabled': bool('on'), 'plugin.side.enabled': bool('on') });
    await ev.evaluate(region, plan, {});
    expect(events.map((e) => e.key)).toEqual(['plugin.side.enabled']);
    const none = evaluator({}).ev;
    const d = await none.evaluate(region, plan, {});
    expect(d.flags).toEqual([]);
    expect(applyDecisions(plan, d, catalogue)).toBe(plan);
  });

  it('bad targeting at run time: reason ERROR, the config value stands, counted every time, logged once a minute', async () => {
    const { ev, events, logs } = evaluator({ 'plugin.popup.enabled': bool('on', { var: 'locale' }) });
    for (let i = 0; i < 3; i++) {
      const d = await ev.evaluate(region, plan, { locale: 'fr' });
      expect(d.flags).toEqual([{ key: 'plugin.popup.enabled', reason: 'ERROR', errorCode: 'GENERAL' }]);
      expect(applyDecisions(plan, d, catalogue)).toBe(plan);
    }
    expect(events.filter((e) => e.reason === 'ERROR')).toHaveLength(3);
    expect(logs).toEqual([expect.stringMatching(/^\[flags\] flag 'plugin.popup.enabled': GENERAL: Variant 'fr' not found.*the region config's value stands$/)]);
  });

  it('a value of the wrong type is an ERROR, not a decision', async () => {
    const { ev } = evaluator({ 'plugin.popup.option.delayMs': { state: 'ENABLED', variants: { x: 'soon' }, defaultVariant: 'x' } });
    const d = await ev.evaluate(region, plan, {});
    expect(d.flags).toEqual([{ key: 'plugin.popup.option.delayMs', reason: 'ERROR', errorCode: 'TYPE_MISMATCH' }]);
    expect(d.options).toEqual({});
  });

  it('never throws, whatever the context (property)', async () => {
    const { ev } = evaluator({
      'plugin.popup.enabled': bool('on', {
        if: [
          { sem_ver: [{ var: 'appVersion' }, '>=', '2.0.0'] },
          'off',
          {
            fractional: [
              ['on', 50],
              ['off', 50],
            ],
          },
        ],
      }),
      'plugin.popup.option.variant': {
        state: 'ENABLED',
        variants: { a: 'A', b: 'B' },
        defaultVariant: 'a',
        targeting: { if: [{ starts_with: [{ var: 'path' }, '/trade'] }, 'b', null] },
      },
    });
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (ctx) => {
        const d = await ev.evaluate(region, plan, ctx as never);
        expect(d.flags).toHaveLength(2);
        applyDecisions(plan, d, catalogue);
      }),
      { numRuns: 300 },
    );
  });

  it('updateFlags replaces the flags; an invalid file is refused and the old flags stay', async () => {
    const { ev } = evaluator({ 'plugin.side.enabled': bool('on') });
    ev.updateFlags(flagFile({ 'plugin.side.enabled': bool('off') }));
    expect((await ev.evaluate(region, plan, {})).enabled).toEqual({ side: false });
    expect(() => ev.updateFlags('{"flags": {"x": {"state": "maybe"}}}')).toThrow();
    expect((await ev.evaluate(region, plan, {})).enabled).toEqual({ side: false });
  });

  it('a kept decision set is exactly what evaluating again gives, and every request is counted (property)', async () => {
    const field = fc.constantFrom('locale', 'country', 'path', 'loggedIn');
    const rule = fc.oneof(
      fc.constant(undefined),
      fc.constant({
        fractional: [
          ['yes', 30],
          ['no', 70],
        ],
      }),
      fc.tuple(field, fc.constantFrom('en', 'TR', '/trade', true)).map(([name, v]) => ({ if: [{ '==': [{ var: name }, v] }, 'yes', 'no'] })),
      fc.constant({ if: [{ starts_with: [{ var: 'path' }, '/t'] }, 'yes', null] }),
    );
    const flagsArb = fc.record({
      'plugin.side.enabled': rule.map((targeting) => ({ state: 'ENABLED', variants: { yes: false, no: true }, defaultVariant: 'no', targeting })),
      'plugin.popup.option.variant': rule.map((targeting) => ({ state: 'ENABLED', variants: { yes: 'B', no: 'A' }, defaultVariant: 'no', targeting })),
      'plugin.later.enabled': rule.map((targeting) => ({ state: 'ENABLED', variants: { yes: true, no: false }, defaultVariant: 'no', targeting })),
    });
    const contextArb = fc.record(
      {
        locale: fc.constantFrom('en', 'tr'),
        country: fc.constantFrom('TR', 'DE'),
        path: fc.constantFrom('/trade', '/', '/t'),
        loggedIn: fc.boolean(),
        uid: fc.constantFrom('u1', 'u2', 'u3'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(flagsArb, fc.array(contextArb, { minLength: 1, maxLength: 30 }), async (flags, contexts) => {
        const kept = evaluator(flags);
        const file = new FlagdFileProvider(flagFile(flags));
        // Not a FlagdFileProvider: asked through the OpenFeature client, nothing kept between requests.
        const plain = {
          metadata: file.metadata,
          runsOn: file.runsOn,
          resolveBooleanEvaluation: file.resolveBooleanEvaluation.bind(file),
          resolveStringEvaluation: file.resolveStringEvaluation.bind(file),
          resolveNumberEvaluation: file.resolveNumberEvaluation.bind(file),
          resolveObjectEvaluation: file.resolveObjectEvaluation.bind(file),
        };
        const events: FlagEvaluationEvent[] = [];
        const reference = await FlagEvaluator.fromProvider(plain, Object.keys(flags), {
          catalogue,
          timeoutMs: 0,
          onEvaluation: (e) => events.push(e),
          log: () => {},
        });
        const seen = new Map<string, unknown>();
        for (const ctx of contexts) {
          const d = await kept.ev.evaluate(region, plan, ctx);
          expect(d).toEqual(await reference.evaluate(region, plan, ctx));
          const id = JSON.stringify(ctx, Object.keys(ctx).sort());
          // The same inputs without an error (errors are never kept): the same frozen object.
          if (seen.has(id) && !d.flags.some((f) => f.reason === 'ERROR')) expect(d).toBe(seen.get(id));
          seen.set(id, d);
        }
        expect(kept.events).toEqual(events);
        await reference.close();
      }),
      { numRuns: 150 },
    );
  });
});
