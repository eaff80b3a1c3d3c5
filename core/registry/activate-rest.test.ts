import { describe, expect, it } from 'vitest';
import { HOST_PLACES } from '../../host/app/slots';
import { collectPlaces } from '../plugin/slots';
import { container } from 'tsyringe';
import { definePlugin } from '../plugin/define';
import { createPluginRef } from '../plugin/refs';
import { registerRequestServices } from '../di/tokens';
import { activate, activateRest } from './activate';
import { planMenus } from './plan-declarations';
import type { SiteFacts } from '../config/region';
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
  routes: a.routes.map((r) => r.pluginId).sort(),
});

describe('activate(…, only) then activateRest', () => {
  it('orders slot entries as activating the whole plan at once does', () => {
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

  it("gives the plugins whose code loads later their declared routes and slot entries (the browser's definitions grow)", () => {
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

  it("keeps the routes and slot entries of every active plugin when a later part of the plan leaves one out (the browser's slices)", () => {
    const page = activate(plan, byId, HOST, env(), undefined, new Set());
    const part = (...ids: string[]): RegionPlan => ({ ...plan, plugins: plan.plugins.filter((p) => ids.includes(p.id)) });
    activateRest(page, part('d'), byId, HOST, env());
    activateRest(page, part('a', 'b'), byId, HOST, env());
    expect(page.active).toEqual(['d', 'a', 'b']);
    expect(page.routes.map((r) => r.def.path)).toEqual(['/a', '/b', '/d']); // plan order
    expect(shape(page).slot).toEqual(['a', 'b', 'd']);
  });

  it('reports a plugin whose code did not load, once, and does not retry a failed one', () => {
    const errors: string[] = [];
    const first = activate(plan, new Map([['a', byId.get('a')!]]), HOST, env(), (id) => errors.push(id), new Set(['a']));
    activateRest(first, plan, new Map([...byId].filter(([id]) => id !== 'b')), HOST, env(), (id) => errors.push(id));
    activateRest(first, plan, byId, HOST, env(), (id) => errors.push(id));
    expect(errors).toEqual(['b']);
    expect(first.active).toEqual(['a', 'c', 'd']);
  });

  it("has the side menus as the plan's data, whichever plugins activate, and when", () => {
    const facts = {} as SiteFacts;
    const menus = planMenus(plan, byId, facts, HOST);
    expect(menus.account.map((e) => e.pluginId)).toEqual(['a', 'b', 'c', 'd']); // by order, ties in plan order
    expect(planMenus(plan, byId, facts, HOST)).toBe(menus); // read once per plan
    // Without a plugin that failed on a request: no entry leads to a page that is not there.
    expect(planMenus(plan, byId, facts, HOST, new Set(['b'])).account.map((e) => e.pluginId)).toEqual(['a', 'c', 'd']);
    const first = activate(plan, byId, HOST, env(), undefined, new Set(['a']));
    const before = first.menus;
    activateRest(first, plan, byId, HOST, env());
    expect(first.menus).toBe(before); // activating plugins never touches the menus
  });
});
