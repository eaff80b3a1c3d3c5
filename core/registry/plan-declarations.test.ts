import fc from 'fast-check';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { HOST_PLACES } from '../../host/app/slots';
import type { RegionConfig } from '../config/region';
import { registerRequestServices } from '../di/tokens';
import { definePlugin, loader } from '../plugin/define';
import { createLoaderRef, createServiceRef } from '../plugin/refs';
import { collectPlaces } from '../plugin/slots';
import type { PluginDefinition, ShellEnv } from '../plugin/types';
import { activeSource } from '../react/slot-views';
import { activate } from './activate';
import type { RegionPlan } from './plan';
import { planDeclarations, planMenus } from './plan-declarations';

const View = () => null;
const HOST = collectPlaces([HOST_PLACES]);
const region = { key: 'main', hiddenReferral: true } as RegionConfig;
const env = () => {
  const e = { region } as unknown as ShellEnv;
  registerRequestServices(e, container.createChildContainer());
  return e;
};
const planOf = (defs: PluginDefinition<any>[]): RegionPlan => ({ region: 'main', plugins: defs.map((d) => ({ id: d.id, options: { page: `/${d.id}` } })) });
const byId = (defs: PluginDefinition<any>[]) => new Map(defs.map((d) => [d.id, d]));

describe('planDeclarations', () => {
  it("reads the menu entries as data; the plan's menus hold those of the plugins that activate, in order", () => {
    const defs = [
      definePlugin({ id: 'a', menuEntries: () => [{ menu: 'account', key: 'late', label: 'l', path: '/l', order: 20 }] }),
      definePlugin({ id: 'b', requires: [{ id: 'x', setup: () => {} }], menuEntries: () => [{ menu: 'account', key: 'gone', label: 'g', path: '/g' }] }),
      definePlugin({ id: 'c', menuEntries: () => [{ menu: 'account', key: 'early', label: 'e', path: '/e', order: 10 }] }),
      definePlugin({ id: 'd', menuEntries: () => [{ menu: 'trade', key: 'bad', label: 'b', path: 'nowhere' }] }),
    ];
    const table = planDeclarations(planOf(defs), byId(defs), region);
    expect([...table.byPlugin].filter(([, own]) => own.menus.length).map(([id]) => id)).toEqual(['a', 'b', 'c']);
    expect(table.problems.get('d')).toBe("menu 'trade': an entry needs a key and a site path starting with '/'");
    const activation = activate(planOf(defs), byId(defs), HOST, env());
    expect(activation.failed.map((f) => f.pluginId)).toEqual(['b', 'd']);
    const failed = new Set(activation.failed.map((f) => f.pluginId));
    expect(planMenus(planOf(defs), byId(defs), region, HOST, failed).account.map((e) => `${e.pluginId}:${e.item.key}`)).toEqual(['c:early', 'a:late']);
  });

  it('reads the routes from the declarations, with the options and the region, without running any setup', () => {
    let setups = 0;
    const defs = [
      definePlugin<{ page: string }>({
        id: 'a',
        routes: ({ page }, r) => (r.hiddenReferral ? [{ path: page, component: View }] : []),
        setup: () => void setups++,
      }),
      definePlugin({ id: 'b', setup: () => void setups++ }),
    ];
    expect(planDeclarations(planOf(defs), byId(defs), region).routes).toEqual([{ pluginId: 'a', def: { path: '/a', component: View } }]);
    expect(setups).toBe(0);
  });

  it("refuses a loader keyed by another plugin's ref or declared twice, and a guard that is not a function", () => {
    const OWN = createLoaderRef<string>('a/own');
    const defs = [
      definePlugin({ id: 'a', loaders: () => [loader({ key: OWN, run: async () => 'x' })], guards: () => [() => null] }),
      definePlugin({ id: 'b', loaders: () => [loader({ key: OWN, run: async () => 'x' })] }),
      definePlugin({
        id: 'c',
        loaders: () => [
          loader({ key: createLoaderRef<string>('c/k'), run: async () => 'x' }),
          loader({ key: createLoaderRef<string>('c/k'), run: async () => 'y' }),
        ],
      }),
      definePlugin({ id: 'd', guards: () => ['/elsewhere' as never] }),
    ];
    const table = planDeclarations(planOf(defs), byId(defs), region);
    expect(table.byPlugin.get('a')).toMatchObject({ loaders: [{ key: 'own' }], guards: [expect.any(Function)] });
    expect([...table.problems]).toEqual([
      ['b', "loader 'a/own' belongs to another plugin: declare a ref 'b/…' in this plugin"],
      ['c', "loader 'c/k' is registered twice"],
      ['d', 'guards must be functions ({ path, env }) => target | null'],
    ]);
  });

  it("reads a plan once for the same definitions, again when more are known; a plugin's declarations once per options and region", () => {
    let reads = 0;
    const defs = [definePlugin({ id: 'a', routes: () => (reads++, [{ path: '/a', component: View }]) })];
    const plan = planOf(defs);
    const definitions = byId(defs);
    const first = planDeclarations(plan, definitions, region);
    expect(planDeclarations(plan, definitions, region)).toBe(first);
    expect(reads).toBe(1);
    definitions.set('b', definePlugin({ id: 'b' }));
    const grown = planDeclarations(plan, definitions, region);
    expect(grown).not.toBe(first);
    expect(grown.byPlugin.get('a')).toBe(first.byPlugin.get('a'));
    // Another plan with the same plugin and options object (the browser's plans for one page) reads nothing again.
    planDeclarations({ ...plan, plugins: [...plan.plugins] }, definitions, region);
    expect(reads).toBe(1);
    planDeclarations({ ...plan, plugins: [{ ...plan.plugins[0], options: {} }] }, definitions, region);
    expect(reads).toBe(2);
    planDeclarations(plan, new Map(definitions), { ...region });
    expect(reads).toBe(3);
  });

  it('gives a plugin whose routes throw, or that claims a path taken before it, no route, and its activation fails with why', () => {
    const defs = [
      definePlugin({ id: 'a', routes: () => [{ path: '/same', component: View }] }),
      definePlugin({
        id: 'b',
        routes: () => [
          { path: '/b', component: View },
          { path: '/same', component: View },
        ],
      }),
      definePlugin({
        id: 'c',
        routes: () => {
          throw new Error('no options');
        },
      }),
      definePlugin({
        id: 'd',
        routes: () => [
          { path: '/d', component: View },
          { path: '/d', component: View },
        ],
      }),
    ];
    const table = planDeclarations(planOf(defs), byId(defs), region);
    expect(table.routes.map((r) => r.def.path)).toEqual(['/same']);
    expect([...table.problems]).toEqual([
      ['b', "route '/same' is already contributed by plugin 'a'"],
      ['c', 'routes threw: no options'],
      ['d', "route '/d' is already contributed by plugin 'd'"],
    ]);
    const activation = activate(planOf(defs), byId(defs), HOST, env());
    expect(activation.active).toEqual(['a']);
    expect(activation.failed.map((f) => [f.pluginId, f.error.message])).toEqual([
      ['b', "Plugin 'b': route '/same' is already contributed by plugin 'a'"],
      ['c', "Plugin 'c': routes threw: no options"],
      ['d', "Plugin 'd': route '/d' is already contributed by plugin 'd'"],
    ]);
  });

  it("equals the routes of the plan's activation whatever the plugins declare, each path once", () => {
    const path = fc.constantFrom('/', '/a', '/b', '/trade/:symbol', '*', '/404');
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(path, { maxLength: 3 }), { minLength: 1, maxLength: 6 }), (declared) => {
        const defs = declared.map((paths, i) => definePlugin({ id: `p${i}`, routes: () => paths.map((p) => ({ path: p, component: View })) }));
        const table = planDeclarations(planOf(defs), byId(defs), region);
        const activation = activate(planOf(defs), byId(defs), HOST, env());
        expect(activation.routes).toEqual(table.routes);
        const paths = table.routes.map((r) => r.def.path);
        expect(new Set(paths).size).toBe(paths.length);
        expect(activation.failed.map((f) => f.pluginId)).toEqual([...table.problems.keys()]);
      }),
      { numRuns: 300 },
    );
  });

  it("reads the slot entries as data, once per plan; each request's entry answers from that request's services", () => {
    const SHOWN = createServiceRef<boolean>('a.shown');
    let declared = 0;
    let requests = 0;
    const defs = [
      definePlugin({
        id: 'a',
        slotEntries: () => (
          declared++,
          [
            { slot: 'modal', key: 'asked', priority: 5, active: (_env, services) => services.get(SHOWN), render: View },
            { slot: 'footer', render: View },
          ]
        ),
        setup: (ctx) => ctx.provide(SHOWN, requests++ % 2 === 0),
      }),
    ];
    const plan = planOf(defs);
    const [e1, e2] = [env(), env()];
    const definitions = byId(defs);
    const [first, second] = [activate(plan, definitions, HOST, e1), activate(plan, definitions, HOST, e2)];
    expect(declared).toBe(1);
    expect([first.slots.modal.map((e) => e.id), first.slots.footer.map((e) => e.id)]).toEqual([['a:asked'], ['a:0']]);
    expect(first.slots.modal[0].item).toBe(second.slots.modal[0].item); // one declaration, shared by the requests
    expect([activeSource(first.slots.modal[0], e1), activeSource(second.slots.modal[0], e2)]).toEqual([true, false]);
  });

  it('refuses a slot entry without a view, or with an active that is not a function, and one in a slot nobody declares', () => {
    const defs = [
      definePlugin({ id: 'a', slotEntries: () => [{ slot: 'modal', render: undefined as never }] }),
      definePlugin({ id: 'b', slotEntries: () => [{ slot: 'modal', active: true as never, render: View }] }),
      definePlugin({ id: 'c', slotEntries: () => [{ slot: 'sidebar' as never, render: View }] }),
      definePlugin({ id: 'd', slotEntries: () => [{ slot: 'floating', render: View }] }),
    ];
    const table = planDeclarations(planOf(defs), byId(defs), region);
    expect([table.problems.get('a'), table.problems.get('b')]).toEqual([
      "slot 'modal': render must be a component",
      "slot 'modal': active must be a function (env, services) => boolean or a stream",
    ]);
    const activation = activate(planOf(defs), byId(defs), HOST, env());
    expect(activation.active).toEqual(['d']);
    expect(activation.failed.map((f) => f.error.message)).toEqual([
      "Plugin 'a': slot 'modal': render must be a component",
      "Plugin 'b': slot 'modal': active must be a function (env, services) => boolean or a stream",
      "Plugin 'c': slot 'sidebar' is not declared (declared: topbar, notice, header-actions, floating, modal, home, footer)",
    ]);
  });
});
