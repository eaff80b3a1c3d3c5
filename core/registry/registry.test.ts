import { describe, expect, it } from 'vitest';
import { HOST_PLACES } from '../../host/app/slots';
import { collectPlaces } from '../plugin/slots';
import { container } from 'tsyringe';
import { definePlugin } from '../plugin/define';
import { createPluginRef } from '../plugin/refs';
import { registerRequestServices } from '../di/tokens';
import { PluginCatalogue } from './catalogue';
import { activate } from './activate';
import { orderByDependencies } from './order';
import type { RegionConfig } from '../config/region';
import type { ShellEnv } from '../plugin/types';

const noop = () => null;
const HOST = collectPlaces([HOST_PLACES]);
const region = (plugins: RegionConfig['plugins']) => ({ key: 'main', plugins }) as RegionConfig;
const env = () => {
  const e = {} as unknown as ShellEnv;
  registerRequestServices(e, container.createChildContainer());
  return e;
};

describe('definePlugin', () => {
  it('rejects ids that are not kebab-case, naming the id', () => {
    expect(() => definePlugin({ id: 'Chat', setup() {} })).toThrow(/Plugin 'Chat': id must be kebab-case/);
  });
  it('rejects a plugin that requires itself', () => {
    expect(() => definePlugin({ id: 'a', requires: [createPluginRef('a')], setup() {} })).toThrow("Plugin 'a': requires itself");
  });
  it('takes dependencies as refs or definitions, keeping their ids, and refuses a string', () => {
    const base = definePlugin({ id: 'base', setup() {} });
    const user = definePlugin({ id: 'user', requires: [base], optional: [createPluginRef('extra')], setup() {} });
    expect([user.requires, user.optional]).toEqual([['base'], ['extra']]);
    expect(() => definePlugin({ id: 'b', requires: ['base' as never], setup() {} })).toThrow(
      `Plugin 'b': requires: "base" is not a plugin ref or definition (import the plugin's ref from its index.ts)`,
    );
  });
  it('refuses a declared part (routes, menu entries, loaders, guards, csp) that is not a function, with its shape', () => {
    for (const part of ['routes', 'menuEntries', 'loaders', 'guards', 'csp'])
      expect(() => definePlugin({ id: 'd', [part]: [] })).toThrow(new RegExp(`^Plugin 'd': ${part} must be a function \\(options, region\\) => `));
    expect(definePlugin({ id: 'd', routes: () => [] }).setup).toBeUndefined();
  });
  it('refuses an unknown delivery hint and a hint that is not a function, naming them', () => {
    expect(() => definePlugin({ id: 'd', delivery: { inBrowsr: () => false } as never, setup() {} })).toThrow(
      "Plugin 'd': delivery: 'inBrowsr' is not a delivery hint (hints: inBrowser, beforeHydration, holdsLinks)",
    );
    expect(() => definePlugin({ id: 'd', delivery: { inBrowser: false } as never, setup() {} })).toThrow(
      "Plugin 'd': delivery: 'inBrowser' must be a function",
    );
  });
});

describe('PluginCatalogue', () => {
  const a = definePlugin({ id: 'a', setup() {} });
  const b = definePlugin({ id: 'b', requires: [createPluginRef('a')], setup() {} });
  const c = definePlugin({ id: 'c', requires: [createPluginRef('b')], setup() {} });
  const opt = definePlugin({ id: 'opt', options: { properties: { delayMs: { type: 'integer', minimum: 0, default: 300 } } }, setup() {} });

  it('refuses duplicate ids', () => {
    expect(() => new PluginCatalogue([a, definePlugin({ id: 'a', setup() {} })])).toThrow("Plugin 'a': is defined twice");
  });
  it('orders enabled plugins by dependencies, keeping config order otherwise', () => {
    const plan = new PluginCatalogue([a, b, c, opt]).plan(region({ c: {}, opt: {}, b: {}, a: {} }));
    expect(plan.plugins.map((p) => p.id)).toEqual(['a', 'b', 'c', 'opt']);
  });
  it('skips disabled plugins and names a disabled dependency', () => {
    const cat = new PluginCatalogue([a, b]);
    expect(cat.plan(region({ a: {}, b: { enabled: false } })).plugins.map((p) => p.id)).toEqual(['a']);
    expect(() => cat.plan(region({ a: { enabled: false }, b: {} }))).toThrow("Plugin 'b': requires 'a', which is disabled in this region");
  });
  it('names a missing dependency', () => {
    expect(() => new PluginCatalogue([b]).plan(region({ b: {} }))).toThrow("Plugin 'b': requires 'a', which is not an installed plugin");
  });
  it('names an unknown plugin id', () => {
    expect(() => new PluginCatalogue([a]).plan(region({ zz: {} }))).toThrow("Plugin 'zz': is enabled in region 'main' but no such plugin is installed");
  });
  it('reports a dependency cycle with its path', () => {
    const x = definePlugin({ id: 'x', requires: [createPluginRef('y')], setup() {} });
    const y = definePlugin({ id: 'y', requires: [createPluginRef('x')], setup() {} });
    expect(() => new PluginCatalogue([x, y]).plan(region({ x: {}, y: {} }))).toThrow('dependency cycle: x -> y -> x');
  });
  it('plans with the options as validation completed them, checking nothing again', () => {
    const cat = new PluginCatalogue([opt]);
    const completed = { delayMs: 300 };
    expect(cat.plan(region({ opt: { options: completed } })).plugins[0].options).toBe(completed);
    expect(cat.plan(region({ opt: {} })).plugins[0].options).toEqual({});
  });
  it('completes options with schema defaults, naming the first problem', () => {
    const cat = new PluginCatalogue([opt]);
    expect(cat.completeOptions('opt', undefined)).toEqual({ delayMs: 300 });
    expect(() => cat.completeOptions('opt', { delayMs: -1 })).toThrow("Plugin 'opt': option /delayMs must be >= 0");
    expect(() => cat.completeOptions('opt', { nope: 1 })).toThrow("unknown field 'nope'");
  });
});

describe('orderByDependencies', () => {
  it('is stable for independent plugins', () => {
    const nodes = ['p', 'q', 'r'].map((id) => ({ id, requires: [] }));
    expect(orderByDependencies(nodes, new Set(['p', 'q', 'r'])).map((n) => n.id)).toEqual(['p', 'q', 'r']);
  });
});

describe('activate', () => {
  it('collects contributions and sorts slot items by priority', () => {
    const p = definePlugin({
      id: 'p',
      routes: () => [{ path: '/x', component: noop }],
      guards: () => [() => null],
      slotEntries: () => [
        { slot: 'modal', key: 'low', priority: 1, render: noop },
        { slot: 'modal', key: 'high', priority: 9, render: noop },
      ],
    });
    const cat = new PluginCatalogue([p]);
    const act = activate(cat.plan(region({ p: {} })), cat.definitions, HOST, env());
    expect(act.slots.modal.map((e) => e.id)).toEqual(['p:high', 'p:low']);
    expect(act.routes).toHaveLength(1);
    expect(act.guards).toHaveLength(1);
    expect(act.active).toEqual(['p']);
  });

  it("puts a plugin's items at the priority a rollout flag set for its slot (PlannedPlugin.priorities)", () => {
    const item = (id: string, priority: number) => definePlugin({ id, slotEntries: () => [{ slot: 'modal', priority, render: noop }] });
    const cat = new PluginCatalogue([item('a', 5), item('b', 3)]);
    const plan = cat.plan(region({ a: {}, b: {} }));
    expect(activate(plan, cat.definitions, HOST, env()).slots.modal.map((e) => e.pluginId)).toEqual(['a', 'b']);
    const flagged = { ...plan, plugins: plan.plugins.map((p) => (p.id === 'b' ? { ...p, priorities: { modal: 750 } } : p)) };
    const modal = activate(flagged, cat.definitions, HOST, env()).slots.modal;
    expect(modal.map((e) => [e.pluginId, e.item.priority])).toEqual([
      ['b', 750],
      ['a', 5],
    ]);
  });

  it('drops a plugin whose setup throws, and the plugins that require it, keeping the rest', () => {
    const bad = definePlugin({
      id: 'bad',
      slotEntries: () => [{ slot: 'floating', render: noop }],
      setup() {
        throw new Error('boom');
      },
    });
    const dep = definePlugin({ id: 'dep', requires: [createPluginRef('bad')], slotEntries: () => [{ slot: 'floating', render: noop }] });
    const good = definePlugin({ id: 'good', slotEntries: () => [{ slot: 'floating', render: noop }] });
    const cat = new PluginCatalogue([bad, dep, good]);
    const errors: string[] = [];
    const act = activate(cat.plan(region({ bad: {}, dep: {}, good: {} })), cat.definitions, HOST, env(), (_id, e) => errors.push(e.message));
    expect(act.active).toEqual(['good']);
    expect(act.slots.floating.map((e) => e.pluginId)).toEqual(['good']);
    expect(errors[0]).toBe("Plugin 'bad': setup threw: boom");
    expect(errors[1]).toMatch(/Plugin 'dep': not activated because 'bad' is not active/);
  });

  it('rejects an unknown slot and a route already taken, naming the plugins', () => {
    const s = definePlugin({ id: 's', slotEntries: () => [{ slot: 'sidebar' as never, render: noop }] });
    const r1 = definePlugin({ id: 'r1', routes: () => [{ path: '/same', component: noop }] });
    const r2 = definePlugin({ id: 'r2', routes: () => [{ path: '/same', component: noop }] });
    const cat = new PluginCatalogue([s, r1, r2]);
    const errors: string[] = [];
    activate(cat.plan(region({ s: {}, r1: {}, r2: {} })), cat.definitions, HOST, env(), (_id, e) => errors.push(e.message));
    expect(errors[0]).toMatch(/^Plugin 's': slot 'sidebar' is not declared \(declared: topbar, /);
    expect(errors[1]).toBe("Plugin 'r2': route '/same' is already contributed by plugin 'r1'");
  });
});
