import { describe, expect, it } from 'vitest';
import { Slot } from '../react/Slot';
import { createPluginTester } from '../testing';
import { definePlugin } from './define';
import { collectPlaces, defineMenu, defineSlot, type SlotName } from './slots';
import type { PluginDefinition } from './types';

const setup = () => {};

describe('slot and menu declarations', () => {
  it("renders a plugin-declared slot in the declaring plugin's component, filled by another plugin", () => {
    // A name no declarer augments the types with: cast here, as it is not one of the host's or a plugin's.
    const PANEL = 'trade-panel' as SlotName;
    const trade = definePlugin({
      id: 'trade',
      slots: [defineSlot('trade-panel', { policy: 'stack' })],
      routes: () => [{ path: '/trade', component: () => <section id="trade">{<Slot name={PANEL} />}</section> }],
    });
    const depth = definePlugin({ id: 'depth', slotEntries: () => [{ slot: PANEL, render: () => <p>order book depth</p> }] });
    const t = createPluginTester(depth, { requires: [trade] });
    expect(t.activation.failed).toEqual([]);
    const html = t.renderRoute('/trade').replace(/<!--\/?\$-->/g, '');
    expect(html).toContain('<section id="trade"><div data-plugin="depth" style="display:contents"><p>order book depth</p></div></section>');
    t.dispose();
  });

  it('reports a contribution to an undeclared slot as a plugin failure, the others staying active', () => {
    const chat = definePlugin({ id: 'chat', slotEntries: () => [{ slot: 'flaoting' as SlotName, render: () => null }] });
    const t = createPluginTester(chat, { requires: [definePlugin({ id: 'fine', slotEntries: () => [{ slot: 'floating', render: () => null }] })] });
    expect(t.activation.active).toEqual(['fine']);
    expect(t.activation.failed.map((f) => f.error.message)).toEqual([
      "Plugin 'chat': slot 'flaoting' is not declared (declared: topbar, notice, header-actions, floating, modal, home, footer)",
    ]);
    t.dispose();
  });

  it('keeps the policy, page and deferred flags of each declaration, with its declarer', () => {
    const places = collectPlaces([
      { id: 'host', slots: [defineSlot('home', { policy: 'stack', page: true, deferred: true })] },
      { id: 'trade', slots: [defineSlot('trade-alert', { policy: 'single' })], menus: [defineMenu('trade-tools')] },
    ]);
    expect(places.slots.get('home')).toMatchObject({ policy: 'stack', page: true, deferred: true, by: 'host' });
    expect(places.slots.get('trade-alert')).toMatchObject({ policy: 'single', page: false, deferred: false, by: 'trade' });
    expect(places.menus.get('trade-tools')).toMatchObject({ by: 'trade' });
    expect(places.complete).toBe(true);
  });

  it('refuses a declaration with a bad name or policy, and a definition listing something else', () => {
    expect(() => defineSlot('Trade Panel', { policy: 'stack' })).toThrow("slot 'Trade Panel': the name must be kebab-case");
    expect(() => defineSlot('panel', { policy: 'pile' as never })).toThrow("slot 'panel': policy must be one of single, stack, queue");
    expect(() => defineSlot('dialogs', { policy: 'queue', deferred: true })).toThrow("slot 'dialogs': a queue renders nothing on the server");
    expect(() => defineMenu('')).toThrow("menu '': the name must be kebab-case");
    expect(() => definePlugin({ id: 'p', slots: ['panel' as never], setup })).toThrow(`Plugin 'p': slots: "panel" is not made by defineSlot`);
    expect(() => definePlugin({ id: 'p', menus: [defineSlot('x', { policy: 'stack' }) as never], setup })).toThrow("Plugin 'p': menus: ");
  });

  it('checks slot and menu names at compile time', () => {
    const slots: NonNullable<PluginDefinition['slotEntries']> = () => [
      { slot: 'floating', render: () => null },
      // @ts-expect-error: 'flaoting' is not a declared slot
      { slot: 'flaoting', render: () => null },
    ];
    const entries: NonNullable<PluginDefinition['menuEntries']> = () => [
      { menu: 'account', key: 'k', label: 'l', path: '/k' },
      // @ts-expect-error: 'acount' is not a declared menu
      { menu: 'acount', key: 'k', label: 'l', path: '/k' },
    ];
    expect([typeof slots, typeof entries]).toEqual(['function', 'function']);
  });
});
