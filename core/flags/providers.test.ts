import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Provider } from '@openfeature/server-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FlagEvaluator } from './evaluator';
import { flagsCatalogue, flagsRegion } from './fixtures/catalogue';
import { createNamedProvider, FLAG_PROVIDERS, flagProviderNames } from './providers';
import { createFlagEvaluators } from './regions';
import type { FlagEvaluationEvent } from './types';

const catalogue = flagsCatalogue();
const region = flagsRegion(catalogue);
const plan = catalogue.plan(region);
const KEYS = ['plugin.extra.enabled', 'plugin.popup.option.delayMs'];

function recorder() {
  const events: FlagEvaluationEvent[] = [];
  const logs: string[] = [];
  return { events, logs, options: { catalogue, onEvaluation: (e: FlagEvaluationEvent) => events.push(e), log: (m: string) => logs.push(m) } };
}

const throwing = (initialize?: () => Promise<void>): Provider => {
  const fail = () => Promise.reject(new Error('back end down'));
  return {
    metadata: { name: 'broken' },
    runsOn: 'server',
    initialize,
    resolveBooleanEvaluation: fail,
    resolveStringEvaluation: fail,
    resolveNumberEvaluation: fail,
    resolveObjectEvaluation: fail,
  };
};

/** In-memory flag definitions serving `value` for `key` (variant 'static'). */
const served = (values: Record<string, unknown>) => ({
  flags: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { variants: { static: value }, defaultVariant: 'static', disabled: false }])),
});

describe('named flag providers', () => {
  it("builds a registered provider by name with the region's options, asked for the region's keys", async () => {
    const provider = await createNamedProvider('in-memory', served({ 'plugin.extra.enabled': false, 'plugin.popup.option.delayMs': 50 }));
    const ev = await FlagEvaluator.fromProvider(provider, KEYS, { catalogue });
    const d = await ev.evaluate(region, plan, {});
    expect(d.enabled).toEqual({ extra: false });
    expect(d.options).toEqual({ popup: { delayMs: 50 } });
    expect(d.flags).toContainEqual({ key: 'plugin.popup.option.delayMs', variant: 'static', reason: 'STATIC' });
    await ev.close();
  });

  it('never takes a path, a package or any name the build does not register', async () => {
    const names = fc.oneof(
      fc.constantFrom(
        '../../../tmp/x.mjs',
        './providers/x.mjs',
        '/tmp/x.mjs',
        'file:///tmp/x.mjs',
        '@openfeature/server-sdk',
        'constructor',
        '__proto__',
        'toString',
      ),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        fc.pre(!Object.hasOwn(FLAG_PROVIDERS, name));
        await expect(createNamedProvider(name)).rejects.toThrow(`unknown flag provider '${name}' (registered: in-memory)`);
      }),
    );
  });

  it('the region-config schema offers exactly the registered names', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/region-config.base.schema.json'), 'utf8')) as {
      properties: { flags: { properties: { provider: { enum: string[] } } } };
    };
    expect(schema.properties.flags.properties.provider.enum).toEqual(flagProviderNames());
  });

  it('a provider that cannot be built (unknown name, refused settings) leaves the config values, reason ERROR, logged and counted', async () => {
    for (const [flags, logged] of [
      [{ provider: 'no-such-provider', keys: KEYS }, "[flags] unknown flag provider 'no-such-provider' (registered: in-memory)"],
      [{ provider: 'in-memory', options: { flags: 'not an object' }, keys: KEYS }, "[flags] flag provider 'in-memory': options.flags must be an object"],
    ] as const) {
      const r = recorder();
      const withProvider = { ...region, flags: { ...flags, keys: [...flags.keys] } };
      const evaluators = await createFlagEvaluators([withProvider], r.options);
      const d = await evaluators.get('main')!.evaluate(withProvider, plan, {});
      expect(d.flags.map((f) => [f.reason, f.errorCode])).toEqual([
        ['ERROR', 'PROVIDER_FATAL'],
        ['ERROR', 'PROVIDER_FATAL'],
      ]);
      expect(d.enabled).toEqual({});
      expect(r.logs[0]).toContain(logged);
      expect(r.events.filter((e) => e.reason === 'ERROR')).toHaveLength(2);
    }
  });

  it('a provider that throws, or is not ready, yields ERROR and the config value, never a throw', async () => {
    const r = recorder();
    const broken = await FlagEvaluator.fromProvider(throwing(), KEYS, r.options);
    const d = await broken.evaluate(region, plan, { uid: 'u1' });
    expect(d.flags.map((f) => f.errorCode)).toEqual(['GENERAL', 'GENERAL']);
    expect(r.logs).toContainEqual(expect.stringContaining("flag 'plugin.extra.enabled': GENERAL: back end down"));
    const late = await FlagEvaluator.fromProvider(
      throwing(() => new Promise(() => {})),
      KEYS,
      r.options,
      20,
    );
    expect(r.logs).toContainEqual("[flags] provider 'broken': not ready after 20 ms; the region config's value stands");
    expect((await late.evaluate(region, plan, {})).flags.map((f) => f.errorCode)).toEqual(['PROVIDER_NOT_READY', 'PROVIDER_NOT_READY']);
    await broken.close();
  });

  it("a served option value that fails the plugin's options schema is an ERROR, not a decision", async () => {
    const provider = await createNamedProvider('in-memory', served({ 'plugin.popup.option.delayMs': 999_999 }));
    const ev = await FlagEvaluator.fromProvider(provider, KEYS, { catalogue, log: () => {} });
    const d = await ev.evaluate(region, plan, {});
    expect(d.options).toEqual({});
    expect(d.flags).toContainEqual({ key: 'plugin.popup.option.delayMs', variant: 'static', reason: 'ERROR', errorCode: 'TYPE_MISMATCH' });
    await ev.close();
  });
});

describe('flagEvaluationCounter', () => {
  it('counts evaluations by flag, reason and error code', async () => {
    const { Registry } = await import('prom-client');
    const { flagEvaluationCounter } = await import('./metrics');
    const registry = new Registry();
    const count = flagEvaluationCounter(registry);
    count({ key: 'plugin.a.enabled', reason: 'ERROR', errorCode: 'GENERAL' });
    count({ key: 'plugin.a.enabled', reason: 'ERROR', errorCode: 'GENERAL' });
    count({ key: 'plugin.a.enabled', reason: 'STATIC' });
    const text = await registry.metrics();
    expect(text).toContain('shell_flag_evaluations_total{flag="plugin.a.enabled",reason="ERROR",error="GENERAL"} 2');
    expect(text).toContain('shell_flag_evaluations_total{flag="plugin.a.enabled",reason="STATIC",error=""} 1');
  });
});
