import fc from 'fast-check';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { HOST_PLACES } from '../app/slots';
import { registerRequestServices } from '../../core/di/tokens';
import { definePlugin } from '../../core/plugin/define';
import { createPluginRef } from '../../core/plugin/refs';
import { collectPlaces } from '../../core/plugin/slots';
import type { PluginDefinition, ShellEnv } from '../../core/plugin/types';
import { activate } from '../../core/registry/activate';
import type { RegionPlan } from '../../core/registry/plan';
import type { RequestEnv } from '../../core/request/build-request-env';
import { activateInSlices } from './activate-in-slices';
import { inSlices, yieldToBrowser } from './start-up-slices';

describe('inSlices', () => {
  it('runs every step once, in order, and hands the thread back between slices once their time is spent', async () => {
    const seen: number[] = [];
    let tasks = 0;
    const counting = setInterval(() => tasks++, 0);
    await inSlices(
      [1, 2, 3, 4],
      (n) => {
        seen.push(n);
        const until = performance.now() + 3;
        while (performance.now() < until); // 3 ms of work a step, over the 2 ms slice
      },
      2,
    );
    clearInterval(counting);
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(tasks).toBeGreaterThan(0); // a timer ran between the steps: they were not one task
  });

  it("rejects with a step's throw and runs no later step", async () => {
    const seen: number[] = [];
    const run = inSlices([1, 2, 3], (n) => {
      if (n === 2) throw new Error('two');
      seen.push(n);
    });
    await expect(run).rejects.toThrow('two');
    expect(seen).toEqual([1]);
  });

  it('yieldToBrowser resolves in a later task: after every microtask of this one', async () => {
    let microtasksDone = false;
    const yielded = yieldToBrowser().then(() => microtasksDone);
    let chain = Promise.resolve();
    for (let i = 0; i < 100; i++) chain = chain.then(() => {});
    void chain.then(() => (microtasksDone = true));
    expect(await yielded).toBe(true);
  });
});

const env = () => {
  const e = {} as unknown as ShellEnv;
  registerRequestServices(e, container.createChildContainer());
  return e;
};
const HOST = collectPlaces([HOST_PLACES]);
const View = () => null;
/** Plugin `p<i>`: a header item of `priority`, a menu entry of `order`, optionally requiring an earlier one, or throwing. */
const pluginOf = (i: number, priority: number, order: number, requires: number | null, throws: boolean) =>
  definePlugin({
    id: `p${i}`,
    ...(requires === null ? {} : { requires: [createPluginRef(`p${requires}`)] }),
    menuEntries: () => [{ menu: 'account', key: `p${i}`, label: 'x', path: `/p${i}`, order }],
    slotEntries: () => [{ slot: 'header-actions', render: View, priority }],
    setup() {
      if (throws) throw new Error('broken');
    },
  });
const shape = (a: ReturnType<typeof activate>) => ({
  // Which plugins are active or failed (their order is the order they were activated in, as with activateRest).
  active: [...a.active].sort(),
  failed: a.failed.map((f) => f.pluginId).sort(),
  slot: a.slots['header-actions'].map((e) => e.pluginId),
});

describe('activateInSlices', () => {
  it('gives the activation that activating the plan at once gives, whatever the plugins, order and slice', async () => {
    const spec = fc.array(
      fc.record({ priority: fc.integer({ min: 0, max: 3 }), order: fc.integer({ min: 0, max: 3 }), requires: fc.boolean(), throws: fc.boolean() }),
      {
        minLength: 1,
        maxLength: 8,
      },
    );
    await fc.assert(
      fc.asyncProperty(spec, fc.integer({ min: 0, max: 2 }), async (specs, sliceOf) => {
        const defs: Array<PluginDefinition<any>> = specs.map((s, i) => pluginOf(i, s.priority, s.order, s.requires && i > 0 ? i - 1 : null, s.throws));
        const plan: RegionPlan = { region: 'main', plugins: defs.map((d) => ({ id: d.id, options: {} })) };
        const byId = new Map(defs.map((d) => [d.id, d]));
        const whole = activate(plan, byId, HOST, env(), () => {});
        // The plugins activated first are closed under their requirements (as the server's first render's are).
        const firstIds = new Set<string>();
        for (let i = specs.length - 1; i >= 0; i--) {
          if (i % (sliceOf + 2) === 0 || firstIds.has(`p${i}`)) firstIds.add(`p${i}`);
          if (firstIds.has(`p${i}`) && specs[i].requires && i > 0) firstIds.add(`p${i - 1}`);
        }
        const first = activate(plan, byId, HOST, env(), () => {}, firstIds);
        const built = { activation: first, env: env(), onActivationError: () => {} } as unknown as RequestEnv;
        await activateInSlices(built, plan, byId, HOST);
        expect(shape(first)).toEqual(shape(whole));
      }),
      { numRuns: 60 },
    );
  });

  it("reads each plugin's declarations once, however many slices activate the plan", async () => {
    const reads = new Map<string, number>();
    const defs = Array.from({ length: 12 }, (_, i) => {
      const def = pluginOf(i, 0, 0, null, false);
      const slotEntries = def.slotEntries!;
      return { ...def, slotEntries: (...args: Parameters<typeof slotEntries>) => (reads.set(def.id, (reads.get(def.id) ?? 0) + 1), slotEntries(...args)) };
    });
    const plan: RegionPlan = { region: 'main', plugins: defs.map((d) => ({ id: d.id, options: {} })) };
    const byId = new Map(defs.map((d) => [d.id, d as PluginDefinition<any>]));
    const first = activate(plan, byId, HOST, env(), () => {}, new Set());
    const built = { activation: first, env: env(), onActivationError: () => {} } as unknown as RequestEnv;
    // Plans of their own, as the browser's first-render and after-hydration plans are (with the page plan's plugins).
    await activateInSlices(built, { ...plan, plugins: plan.plugins.slice(0, 5) }, byId, HOST);
    await activateInSlices(built, { ...plan }, byId, HOST);
    expect(first.active).toHaveLength(12);
    expect(defs.map((d) => reads.get(d.id))).toEqual(Array(12).fill(1));
  });
});
