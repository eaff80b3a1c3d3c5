import { describe, expect, it } from 'vitest';
import { container } from 'tsyringe';
import { HOST_PLACES } from '../../host/app/slots';
import { collectPlaces } from '../plugin/slots';
import { definePlugin } from '../plugin/define';
import { registerRequestServices } from '../di/tokens';
import { isActiveNow } from '../react/slot-views';
import { activate, activateRest } from './activate';
import { planDeclarations } from './plan-declarations';
import type { SiteFacts } from '../config/region';
import type { ShellEnv } from '../plugin/types';
import type { RegionPlan } from './plan';

/** What the requests of one plan share, and what each keeps for itself. */

const env = (extra: object = {}) => {
  const e = { isServer: true, ...extra } as unknown as ShellEnv;
  registerRequestServices(e, container.createChildContainer());
  return e;
};
const View = () => null;
const HOST = collectPlaces([HOST_PLACES]);
const FACTS = {} as SiteFacts;
/** A plugin with a route, a guard, a loader and a slot entry shown where the request's environment says `show`. */
const plugin = (id: string, priority: number, setup?: () => void) =>
  definePlugin({
    id,
    routes: () => [{ path: `/${id}`, component: View }],
    guards: () => [() => null],
    loaders: () => [{ key: { kind: 'loader', id: `${id}/data` } as never, run: async () => id }],
    slotEntries: () => [{ slot: 'header-actions', key: 'item', render: View, priority, active: (e) => (e as unknown as { show?: string }).show === id }],
    setup,
  });
const planOf = (defs: ReturnType<typeof plugin>[], priorities?: Record<string, number>): RegionPlan => ({
  region: 'main',
  plugins: defs.map((d) => ({ id: d.id, options: {}, ...(priorities?.[d.id] !== undefined ? { priorities: { 'header-actions': priorities[d.id] } } : {}) })),
});
const ids = (list: ReadonlyArray<{ pluginId: string }>) => list.map((x) => x.pluginId);

describe('requests of one plan', () => {
  const defs = [plugin('a', 1), plugin('b', 2), plugin('c', 1)];
  const byId = new Map(defs.map((d) => [d.id, d]));

  it('share its routes, guards, loaders and sorted slot lists when every plugin activates', () => {
    const plan = planOf(defs);
    const declared = planDeclarations(plan, byId, FACTS);
    const [one, two] = [activate(plan, byId, HOST, env()), activate(plan, byId, HOST, env())];
    for (const a of [one, two]) {
      expect(a.routes).toBe(declared.routes);
      expect(a.guards).toBe(declared.guards);
      expect(a.loaders).toBe(declared.loaders);
    }
    expect(two.slots).toBe(one.slots);
    expect(ids(one.slots['header-actions'])).toEqual(['b', 'a', 'c']);
    expect(Object.isFrozen(one.slots['header-actions'])).toBe(true);
  });

  it('give a request where a plugin fails lists of its own without it, and leave the shared ones as they were', () => {
    let failNext = true;
    const flaky = plugin('b', 2, () => {
      if (failNext) throw new Error('down');
    });
    const withFlaky = new Map([...byId, ['b', flaky]]);
    const plan = planOf([defs[0], flaky, defs[2]]);
    const failed = activate(plan, withFlaky, HOST, env());
    expect(failed.failed.map((f) => f.pluginId)).toEqual(['b']);
    expect(ids(failed.routes)).toEqual(['a', 'c']);
    expect(ids(failed.guards)).toEqual(['a', 'c']);
    expect(ids(failed.loaders)).toEqual(['a', 'c']);
    expect(ids(failed.slots['header-actions'])).toEqual(['a', 'c']);
    failNext = false;
    const whole = activate(plan, withFlaky, HOST, env());
    expect(ids(whole.routes)).toEqual(['a', 'b', 'c']);
    expect(ids(whole.slots['header-actions'])).toEqual(['b', 'a', 'c']);
    expect(ids(failed.slots['header-actions'])).toEqual(['a', 'c']);
  });

  it("keep a flag's priority to the requests of the flagged plan", () => {
    const flagged = activate(planOf(defs, { c: 5 }), byId, HOST, env());
    expect(ids(flagged.slots['header-actions'])).toEqual(['c', 'b', 'a']);
    expect(flagged.slots['header-actions'][0].item.priority).toBe(5);
    expect(ids(activate(planOf(defs), byId, HOST, env()).slots['header-actions'])).toEqual(['b', 'a', 'c']);
  });

  it('copy the shared lists before plugins activated later join an activation', () => {
    const first = planOf(defs.slice(0, 2));
    const shared = activate(first, byId, HOST, env());
    const before = [...shared.slots['header-actions']];
    const page = activate(first, byId, HOST, env());
    activateRest(page, planOf(defs), byId, HOST, env());
    expect(ids(page.slots['header-actions'])).toEqual(['b', 'a', 'c']);
    expect(shared.slots['header-actions']).toEqual(before);
    expect(activate(first, byId, HOST, env()).slots['header-actions']).toEqual(before);
  });

  it("decide each request's slot flags on the server for that request, though they share the entries", () => {
    const plan = planOf(defs);
    const [forA, forC] = [env({ show: 'a' }), env({ show: 'c' })];
    const [one, two] = [activate(plan, byId, HOST, forA), activate(plan, byId, HOST, forC)];
    const shown = (a: typeof one, e: ShellEnv) => ids(a.slots['header-actions'].filter((x) => isActiveNow(x, e, {})));
    expect(shown(one, forA)).toEqual(['a']);
    expect(shown(two, forC)).toEqual(['c']);
    expect(shown(one, forA)).toEqual(['a']);
  });
});
