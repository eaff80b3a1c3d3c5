import { describe, expect, it } from 'vitest';
import { HOST_PLACES } from '../../host/app/slots';
import { collectPlaces } from '../plugin/slots';
import { container } from 'tsyringe';
import { BehaviorSubject } from 'rxjs';
import { definePlugin } from '../plugin/define';
import { createPluginRef } from '../plugin/refs';
import { registerRequestServices } from '../di/tokens';
import { activate } from '../registry/activate';
import type { ShellEnv } from '../plugin/types';
import { createLoaderRef } from '../plugin/refs';
import { isActiveNow, itemsTheFirstRenderShows, pluginsTheBrowserSkips, pluginsTheFirstRenderNeeds } from './slot-views';
import { createBus, holdUnheardEvents } from '../state/bus';
import { derived } from '../state/derived';

const View = () => null;
const HOST = collectPlaces([HOST_PLACES]);
const env = (fields: object = {}) => {
  const e = { isServer: true, ...fields } as unknown as ShellEnv;
  registerRequestServices(e, container.createChildContainer());
  return e;
};

describe('pluginsTheFirstRenderNeeds', () => {
  const later = new BehaviorSubject(false);
  const defs = [
    definePlugin({ id: 'store', setup() {} }),
    definePlugin({ id: 'helper', setup() {} }),
    definePlugin({
      id: 'bar',
      requires: [createPluginRef('store')],
      optional: [createPluginRef('helper')],
      slotEntries: () => [{ slot: 'topbar', render: View }],
    }),
    definePlugin({ id: 'dialog', slotEntries: () => [{ slot: 'modal', render: View }] }),
    definePlugin({ id: 'hidden', slotEntries: () => [{ slot: 'floating', render: View, active: () => later }] }),
    definePlugin({ id: 'page', routes: () => [{ path: '/p', component: View }] }),
    definePlugin({ id: 'idle', setup() {} }),
  ];
  const plan = { region: 'main', plugins: defs.map((d) => ({ id: d.id, options: {} })) };
  const byId = new Map(defs.map((d) => [d.id, d]));

  it('keeps the route owner, the owners of what renders now and their dependencies, in plan order', () => {
    const e = env();
    const activation = activate(plan, byId, HOST, e);
    expect(pluginsTheFirstRenderNeeds(activation, e, { route: { pluginId: 'page' }, loaderData: {} }, byId)).toEqual(['store', 'helper', 'bar', 'page']);
  });

  it('names the items the first render shows: active now, in every slot but the queues (what the browser hydrates)', () => {
    const e = env();
    const activation = activate(plan, byId, HOST, e);
    const shown = itemsTheFirstRenderShows(activation, e, {});
    const idOf = (pluginId: string) =>
      Object.values(activation.slots)
        .flat()
        .find((entry) => entry.pluginId === pluginId)!.id;
    expect(shown).toEqual([idOf('bar')]);
    later.next(true);
    try {
      // A stream's value now: the item is shown once it says so (a new request's first render).
      const next = env();
      expect(itemsTheFirstRenderShows(activate(plan, byId, HOST, next), next, {})).toHaveLength(2);
    } finally {
      later.next(false);
    }
  });

  it('leaves out queued dialogs, items not active now and plugins that contribute nothing shown', () => {
    const e = env();
    const needed = pluginsTheFirstRenderNeeds(activate(plan, byId, HOST, e), e, { route: {}, loaderData: {} }, byId);
    expect(needed).not.toContain('dialog');
    expect(needed).not.toContain('hidden');
    expect(needed).not.toContain('idle');
  });

  it('keeps a plugin that asks to act from the first interaction, when it asks', () => {
    const early = (on: boolean) => definePlugin({ id: 'links', delivery: { beforeHydration: () => on }, setup() {} });
    for (const on of [true, false]) {
      const e = env();
      const defsOf = new Map([['links', early(on)]]);
      const activation = activate({ region: 'main', plugins: [{ id: 'links', options: {} }] }, defsOf, HOST, e);
      expect(pluginsTheFirstRenderNeeds(activation, e, { route: {}, loaderData: {} }, defsOf)).toEqual(on ? ['links'] : []);
    }
  });

  it('counts a page slot only on a page whose route renders it', () => {
    const section = definePlugin({ id: 'section', slotEntries: () => [{ slot: 'home', render: View }] });
    const e = env();
    const activation = activate({ region: 'main', plugins: [{ id: 'section', options: {} }] }, new Map([['section', section]]), HOST, e);
    expect(pluginsTheFirstRenderNeeds(activation, e, { route: {}, loaderData: {} }, new Map())).toEqual([]);
    expect(pluginsTheFirstRenderNeeds(activation, e, { route: { slots: ['home'] }, loaderData: {} }, new Map())).toEqual(['section']);
  });

  it("counts an item showing a loader's result only when the loader returned something", () => {
    const PLAN = createLoaderRef<{ id: number }>('banner/plan');
    const banner = definePlugin({ id: 'banner', slotEntries: () => [{ slot: 'home', shows: PLAN, render: View }] });
    const e = env();
    const defsOf = new Map([['banner', banner]]);
    const activation = activate({ region: 'main', plugins: [{ id: 'banner', options: {} }] }, defsOf, HOST, e);
    const [entry] = activation.slots.home;
    const home = (loaderData: Record<string, unknown>) => ({ route: { slots: ['home'] as const }, loaderData });
    expect(pluginsTheFirstRenderNeeds(activation, e, home({}), defsOf)).toEqual([]);
    expect(pluginsTheFirstRenderNeeds(activation, e, home({ 'banner/plan': null }), defsOf)).toEqual([]);
    expect(isActiveNow(entry, e, { 'banner/plan': null })).toBe(false);
    expect(pluginsTheFirstRenderNeeds(activation, e, home({ 'banner/plan': { id: 1 } }), defsOf)).toEqual(['banner']);
  });
});

describe('isActiveNow', () => {
  it("reads a derived condition's value on the server without subscribing to its sources, the same value as subscribing", () => {
    const open = new BehaviorSubject(false);
    let subscriptions = 0;
    const watched = new Proxy(open, {
      get: (target, key, receiver) =>
        key === 'subscribe' ? (...args: unknown[]) => (subscriptions++, target.subscribe(...(args as []))) : Reflect.get(target, key, receiver),
    });
    const dialog = definePlugin({ id: 'dialog', slotEntries: () => [{ slot: 'modal', key: 'd', active: () => derived([watched], (v) => !v), render: View }] });
    const defsOf = new Map([['dialog', dialog]]);
    const onServer = env();
    const [entry] = activate({ region: 'main', plugins: [{ id: 'dialog', options: {} }] }, defsOf, HOST, onServer).slots.modal;
    expect(isActiveNow(entry, onServer, {})).toBe(true);
    expect(subscriptions).toBe(0);
    const inBrowser = env({ isServer: false });
    open.next(true);
    expect(isActiveNow(entry, inBrowser, {})).toBe(false);
  });
});

describe('pluginsTheBrowserSkips', () => {
  const defs = [
    definePlugin({ id: 'pages', delivery: { inBrowser: () => false }, routes: () => [{ path: '/p', component: View }] }),
    definePlugin({ id: 'picker', delivery: { inBrowser: () => false }, setup() {} }),
    definePlugin({ id: 'opener', optional: [createPluginRef('picker')], delivery: { inBrowser: (env) => env.state.data.user.isLogin }, setup() {} }),
    definePlugin({
      id: 'broken',
      delivery: {
        inBrowser: () => {
          throw new Error('bad');
        },
      },
      setup() {},
    }),
    definePlugin({ id: 'plain', setup() {} }),
  ];
  const plan = { region: 'main', plugins: defs.map((d) => ({ id: d.id, options: {} })) };
  const byId = new Map(defs.map((d) => [d.id, d]));
  const envAs = (isLogin: boolean) => env({ state: { data: { user: { isLogin } } } });

  it('skips the plugins that say no, unless the first render or a dependency of one the browser runs needs them', () => {
    const visitor = envAs(false);
    expect(pluginsTheBrowserSkips(activate(plan, byId, HOST, visitor), visitor, [], byId)).toEqual(['pages', 'picker', 'opener']);
    expect(pluginsTheBrowserSkips(activate(plan, byId, HOST, visitor), visitor, ['pages'], byId)).toEqual(['picker', 'opener']);
    const user = envAs(true);
    expect(pluginsTheBrowserSkips(activate(plan, byId, HOST, user), user, [], byId)).toEqual(['pages']); // opener keeps picker
  });

  it('runs a plugin whose answer throws, and skips nothing that is not active', () => {
    const visitor = envAs(false);
    const activation = activate({ region: 'main', plugins: [{ id: 'broken', options: {} }] }, byId, HOST, visitor);
    expect(pluginsTheBrowserSkips(activation, visitor, [], byId)).toEqual([]);
  });
});

describe('holdUnheardEvents', () => {
  it('keeps an event nobody hears yet for its first listener, and delivers heard ones at once', async () => {
    const bus = createBus();
    const end = holdUnheardEvents(bus);
    const toasts: string[] = [];
    const cookies: string[] = [];
    bus.on('cookie:change', (c) => cookies.push(c.name));
    bus.emit('cookie:change', { name: 'a', value: null });
    expect(cookies).toEqual(['a']);
    bus.emit('toast', { kind: 'success', message: 'one' });
    bus.emit('toast', { kind: 'success', message: 'two' });
    bus.on('toast', (t) => toasts.push(t.message));
    expect(toasts).toEqual([]); // after the subscriber's own code
    await Promise.resolve();
    expect(toasts).toEqual(['one', 'two']);
    bus.on('toast', (t) => toasts.push(`late ${t.message}`));
    await Promise.resolve();
    expect(toasts).toEqual(['one', 'two']); // delivered once, to the first listener
    end();
    bus.emit('i18n:ready', { lng: 'en' });
    const ready: string[] = [];
    bus.on('i18n:ready', (e) => ready.push(e.lng));
    await Promise.resolve();
    expect(ready).toEqual([]); // after start-up, mitt's rules again
  });
});
