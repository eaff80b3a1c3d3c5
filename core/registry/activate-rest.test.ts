import { describe, expect, it } from 'vitest';
import { HOST_PLACES } from '../../host/app/slots';
import { collectPlaces } from '../plugin/slots';
import { container } from 'tsyringe';
import { definePlugin } from '../plugin/define';
import { createPluginRef } from '../plugin/refs';
import { registerRequestServices } from '../di/tokens';
import { activate, activateRest, keepMenus } from './activate';
import type { PluginSpec, ShellEnv } from '../plugin/types';
import type { RegionPlan } from './plan';

const env = () => {
  const e = {} as unknown as ShellEnv;
  registerRequestServices(e, container.createChildContainer());
  return e;
};
const View = () => null;
const HOST = collectPlaces([HOST_PLACES]);
const plugin = (id: string, priority: number, extra: Partial<PluginSpec<any>> = {}) =>
  definePlugin({
    id,
    ...extra,
    routes: () => [{ path: `/${id}`, component: View }],
    menuEntries: () => [{ menu: 'account', key: id, label: 'x', path: `/${id}`, order: 1 }],
    slotEntries: () => [{ slot: 'header-actions', render: View, priority }],
  });
const defs = [plugin('a', 1), plugin('b', 1), plugin('c', 2, { requires: [createPluginRef('a')] }), plugin('d', 1)];
const plan: RegionPlan = { region: 'main', plugins: defs.map((d) => ({ id: d.id, options: {} })) };
const byId = new Map(defs.map((d) => [d.id, d]));
const shape = (a: ReturnType<typeof activate>) => ({
  slot: a.slots['header-actions'].map((e) => e.pluginId),
  menu: a.menus.account.map((e) => e.pluginId),
  routes: a.routes.map((r) => r.pluginId).sort(),
});

describe('activate(…, only) then activateRest', () => {
  it('orders slot and menu entries as activating the whole plan at once does', () => {
    const whole = activate(plan, byId, HOST, env());
    const first = activate(plan, byId, HOST, env(), undefined, new Set(['d', 'c', 'a']));
    expect(first.active).toEqual(['a', 'c', 'd']);
    const slotBefore = first.slots['header-actions'];
    activateRest(first, plan, byId, HOST, env());
    expect(first.active).toEqual(['a', 'c', 'd', 'b']);
    expect(shape(first)).toEqual(shape(whole));
    expect(shape(first).slot).toEqual(['c', 'a', 'b', 'd']);
    expect(first.slots['header-actions']).not.toBe(slotBefore); // a new array: readers see the change
  });

  it("gives the plugins whose code loads later their declared routes and menu entries (the browser's definitions grow)", () => {
    const whole = activate(plan, byId, HOST, env());
    const page = { ...plan }; // a plan this browser page reads for the first time
    const loaded = new Map([['a', byId.get('a')!]]);
    const first = activate(page, loaded, HOST, env(), undefined, new Set(['a']));
    expect(first.routes.map((r) => r.def.path)).toEqual(['/a']);
    for (const [id, def] of byId) loaded.set(id, def);
    activateRest(first, page, loaded, HOST, env());
    expect(shape(first)).toEqual(shape(whole));
    expect(first.routes.map((r) => r.def.path).sort()).toEqual(['/a', '/b', '/c', '/d']);
  });

  it('reports a plugin whose code did not load, once, and does not retry a failed one', () => {
    const errors: string[] = [];
    const first = activate(plan, new Map([['a', byId.get('a')!]]), HOST, env(), (id) => errors.push(id), new Set(['a']));
    activateRest(first, plan, new Map([...byId].filter(([id]) => id !== 'b')), HOST, env(), (id) => errors.push(id));
    activateRest(first, plan, byId, HOST, env(), (id) => errors.push(id));
    expect(errors).toEqual(['b']);
    expect(first.active).toEqual(['a', 'c', 'd']);
  });

  it("shows the server's side menus as they are, whichever plugins the browser runs, and when", () => {
    const whole = activate(plan, byId, HOST, env());
    const browserPlan = { ...plan, plugins: plan.plugins.filter((p) => p.id !== 'b') };
    const first = activate(plan, byId, HOST, env(), undefined, new Set(['a']));
    const served = structuredClone(whole.menus);
    keepMenus(first, whole.menus);
    expect(first.menus).toBe(whole.menus);
    activateRest(first, browserPlan, byId, HOST, env());
    expect(first.active).toEqual(['a', 'c', 'd']);
    expect(first.menus.account.map((e) => e.pluginId)).toEqual(['a', 'b', 'c', 'd']);
    expect(first.menus).toEqual(served); // no entry added twice or moved as plugins joined
    expect(first.routes.map((r) => r.pluginId)).not.toContain('b'); // only its menu entry, which is data
  });
});
