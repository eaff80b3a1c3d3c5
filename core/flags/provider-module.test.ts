import type { Provider } from '@openfeature/server-sdk';
import { describe, expect, it } from 'vitest';
import { FlagEvaluator } from './evaluator';
import { flagsCatalogue, flagsRegion } from './fixtures/catalogue';
import { loadProviderModule } from './provider-module';
import { createFlagEvaluators } from './regions';
import type { FlagEvaluationEvent } from './types';

const catalogue = flagsCatalogue();
const region = flagsRegion(catalogue);
const plan = catalogue.plan(region);
const DIR = import.meta.dirname;
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

describe('provider modules', () => {
  it('loads a provider by path (class, factory or object) and by npm package name', async () => {
    const options = { values: { 'plugin.extra.enabled': false } };
    for (const exported of [undefined, 'create', 'instance']) {
      const provider = await loadProviderModule({ module: './fixtures/static-provider.mjs', export: exported, options, keys: KEYS }, DIR);
      const ev = await FlagEvaluator.fromProvider(provider, KEYS, { catalogue });
      expect((await ev.evaluate(region, plan, {})).enabled).toEqual({ extra: false });
      await ev.close();
    }
    const inMemory = { 'plugin.popup.option.delayMs': { variants: { fast: 50, slow: 500 }, defaultVariant: 'fast', disabled: false } };
    const provider = await loadProviderModule({ module: '@openfeature/server-sdk', export: 'InMemoryProvider', options: inMemory, keys: KEYS }, DIR);
    const ev = await FlagEvaluator.fromProvider(provider, KEYS, { catalogue });
    const d = await ev.evaluate(region, plan, {});
    expect(d.options).toEqual({ popup: { delayMs: 50 } });
    expect(d.flags).toContainEqual({ key: 'plugin.popup.option.delayMs', variant: 'fast', reason: 'STATIC' });
    await ev.close();
  });

  it('refuses what is not a provider, with the module named', async () => {
    await expect(loadProviderModule({ module: './fixtures/static-provider.mjs', export: 'notAProvider', keys: [] }, DIR)).rejects.toThrow(
      "provider module './fixtures/static-provider.mjs' (export 'notAProvider') is not an OpenFeature server provider",
    );
    await expect(loadProviderModule({ module: 'no such package!', keys: [] }, DIR)).rejects.toThrow('neither a path');
  });

  it('a module that cannot be loaded leaves the config values, reason ERROR, logged and counted', async () => {
    const r = recorder();
    const withModule = { ...region, flags: { module: './fixtures/missing.mjs', keys: KEYS } };
    const evaluators = await createFlagEvaluators([withModule], { ...r.options, configDir: DIR });
    const d = await evaluators.get('main')!.evaluate(withModule, plan, {});
    expect(d.flags.map((f) => [f.reason, f.errorCode])).toEqual([
      ['ERROR', 'PROVIDER_FATAL'],
      ['ERROR', 'PROVIDER_FATAL'],
    ]);
    expect(d.enabled).toEqual({});
    expect(r.logs[0]).toMatch(/^\[flags\] provider module '.\/fixtures\/missing.mjs' \(export 'default'\): /);
    expect(r.events.filter((e) => e.reason === 'ERROR')).toHaveLength(2);
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
    const provider = await loadProviderModule(
      { module: './fixtures/static-provider.mjs', options: { values: { 'plugin.popup.option.delayMs': 999_999 } }, keys: KEYS },
      DIR,
    );
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
