import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../tools/validate/fixture-helpers';
import type { RegionConfig } from '../config/region';
import { definePlugin } from '../plugin/define';
import type { PluginDefinition } from '../plugin/types';
import { HOST_PLACES } from '../../host/app/slots';
import { defineMenu, defineSlot } from '../plugin/slots';
import { PluginCatalogue } from './catalogue';
import { checkContributions } from './contribution-check';

const Empty = () => null;
const base = JSON.parse(readFileSync(fixture('valid/main.json'), 'utf8')) as RegionConfig;

/** Checks a region that enables exactly `plugins`. */
function check(plugins: PluginDefinition<any>[], reserved: string[] = ['/']) {
  const config = { ...base, plugins: Object.fromEntries(plugins.map((p) => [p.id, {}])) };
  return checkContributions(config, new PluginCatalogue(plugins, HOST_PLACES), reserved);
}

describe('checkContributions', () => {
  it('finds nothing in plugins that get along', () => {
    const a = definePlugin({ id: 'a', routes: () => [{ path: '/a', component: Empty }] });
    const b = definePlugin({ id: 'b', slotEntries: () => [{ slot: 'floating', render: Empty }] });
    expect(check([a, b])).toEqual([]);
  });

  it('reports a route claimed by two plugins, naming both and the path', () => {
    const a = definePlugin({ id: 'a', routes: () => [{ path: '/same', component: Empty }] });
    const b = definePlugin({ id: 'b', routes: () => [{ path: '/same', component: Empty }] });
    expect(check([a, b])).toEqual([{ pluginId: 'b', message: "Plugin 'b': route '/same' is already contributed by plugin 'a'" }]);
  });

  it('reports a plugin route that a host route shadows', () => {
    const a = definePlugin({ id: 'a', routes: () => [{ path: '/', component: Empty }] });
    expect(check([a])).toEqual([{ pluginId: 'a', message: "plugin 'a': route '/' is a host route, which shadows it: choose another path" }]);
  });

  it("never runs a plugin's setup: what it does lives per request, and a failing one drops the plugin from that request", () => {
    let setups = 0;
    const a = definePlugin({
      id: 'a',
      routes: () => [{ path: '/a', component: Empty }],
      setup: () => {
        setups++;
        throw new Error('window is not what I expected');
      },
    });
    expect(check([a])).toEqual([]);
    expect(setups).toBe(0);
  });

  it('reports a slot and a menu nobody declares, naming the plugin, the name and the declared ones', () => {
    const chat = definePlugin({ id: 'chat', slotEntries: () => [{ slot: 'flaoting' as never, render: Empty }] });
    expect(check([chat])).toEqual([
      {
        pluginId: 'chat',
        message: "Plugin 'chat': slot 'flaoting' is not declared (declared: topbar, notice, header-actions, floating, modal, home, footer)",
      },
    ]);
    const menu = definePlugin({ id: 'a', menuEntries: () => [{ menu: 'acount' as never, key: 'k', label: 'l', path: '/k' }] });
    expect(check([menu])[0].message).toBe("Plugin 'a': menu 'acount' is not declared (declared: account, trade)");
  });

  it("takes a plugin's own slots and menus as declared for the others", () => {
    const trade = definePlugin({ id: 'trade', slots: [defineSlot('trade-panel', { policy: 'stack' })], menus: [defineMenu('trade-tools')], setup() {} });
    const chart = definePlugin({
      id: 'chart',
      optional: [trade],
      menuEntries: () => [{ menu: 'trade-tools' as never, key: 'depth', label: 'depth', path: '/trade/depth' }],
      slotEntries: () => [{ slot: 'trade-panel' as never, render: Empty }],
    });
    expect(check([trade, chart])).toEqual([]);
  });

  it('refuses a slot or menu declared twice, naming both declarers', () => {
    const a = definePlugin({ id: 'a', slots: [defineSlot('panel', { policy: 'stack' })], setup() {} });
    const b = definePlugin({ id: 'b', slots: [defineSlot('panel', { policy: 'single' })], setup() {} });
    expect(() => check([a, b])).toThrow("slot 'panel' is declared twice: by plugin 'a' and by plugin 'b'");
    const host = definePlugin({ id: 'c', menus: [defineMenu('account')], setup() {} });
    expect(() => check([host])).toThrow("menu 'account' is declared twice: by the host and by plugin 'c'");
  });

  it('reports an otherApps prefix that would hand off a plugin route or a host page, at that prefix', () => {
    const a = definePlugin({
      id: 'a',
      routes: () => [
        { path: '/myaccount/deposit/:currency', component: Empty },
        { path: '/trade/:symbol', component: Empty },
        { path: '*', component: Empty },
      ],
    });
    const config = {
      ...base,
      otherApps: { paths: ['/myaccount', '/trade/BTC_USDT', '/state_compliance_tips', '/futures', '/myaccount/deposit/x/y'] },
      plugins: { a: {} },
    };
    const found = checkContributions(config, new PluginCatalogue([a], HOST_PLACES), ['/', '/state_compliance_tips']);
    expect(found.map((p) => [p.pointer, p.message])).toEqual([
      [
        '/otherApps/paths/2',
        "'/state_compliance_tips' would hand off '/state_compliance_tips', which the host serves itself: remove it, or list the other app's paths beside that page",
      ],
      [
        '/otherApps/paths/0',
        "'/myaccount' would hand off paths of route '/myaccount/deposit/:currency' (plugin 'a'), which the shell serves: remove it, or list the other app's paths beside them",
      ],
      [
        '/otherApps/paths/1',
        "'/trade/BTC_USDT' would hand off paths of route '/trade/:symbol' (plugin 'a'), which the shell serves: remove it, or list the other app's paths beside them",
      ],
    ]);
  });
});
