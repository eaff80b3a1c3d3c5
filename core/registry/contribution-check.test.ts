import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../tools/validate/fixture-helpers';
import type { RegionConfig } from '../config/region';
import { definePlugin } from '../plugin/define';
import { createServiceRef } from '../plugin/refs';
import type { PluginDefinition } from '../plugin/types';
import { PluginCatalogue } from './catalogue';
import { checkContributions } from './contribution-check';

const Empty = () => null;
const base = JSON.parse(readFileSync(fixture('valid/main.json'), 'utf8')) as RegionConfig;
const GREETING = createServiceRef<string>('a.greeting');

/** Checks a region that enables exactly `plugins`. */
function check(plugins: PluginDefinition<any>[], reserved: string[] = ['/']) {
  const config = { ...base, plugins: Object.fromEntries(plugins.map((p) => [p.id, {}])) };
  return checkContributions(config, new PluginCatalogue(plugins), reserved);
}

describe('checkContributions', () => {
  it('finds nothing in plugins that get along', () => {
    const a = definePlugin({ id: 'a', setup: (ctx) => ctx.route({ path: '/a', component: Empty }) });
    const b = definePlugin({ id: 'b', setup: (ctx) => ctx.slot('floating', { render: Empty }) });
    expect(check([a, b])).toEqual([]);
  });

  it('reports a route claimed by two plugins, naming both and the path', () => {
    const a = definePlugin({ id: 'a', setup: (ctx) => ctx.route({ path: '/same', component: Empty }) });
    const b = definePlugin({ id: 'b', setup: (ctx) => ctx.route({ path: '/same', component: Empty }) });
    expect(check([a, b])).toEqual([{ pluginId: 'b', request: 'visitor, server', message: "Plugin 'b': route '/same' is already contributed by plugin 'a'" }]);
  });

  it('reports a plugin route that a host route shadows', () => {
    const a = definePlugin({ id: 'a', setup: (ctx) => ctx.route({ path: '/', component: Empty }) });
    expect(check([a])).toEqual([
      { pluginId: 'a', request: 'visitor, server', message: "plugin 'a': route '/' is a host route, which shadows it: choose another path" },
    ]);
  });

  it("reports a service provided twice, and one provided under another plugin's ref", () => {
    const twice = definePlugin({ id: 'a', setup: (ctx) => (ctx.provide(GREETING, 'hi'), ctx.provide(GREETING, 'hello')) });
    expect(check([twice])).toEqual([
      { pluginId: 'a', request: 'visitor, server', message: "Plugin 'a': service a.greeting is already provided by plugin 'a'" },
    ]);
    const a = definePlugin({ id: 'a', setup: (ctx) => ctx.provide(GREETING, 'hi') });
    const b = definePlugin({ id: 'b', setup: (ctx) => ctx.provide(GREETING, 'hello') });
    expect(check([a, b])).toEqual([
      { pluginId: 'b', request: 'visitor, server', message: "Plugin 'b': service 'a.greeting' belongs to another plugin: declare a ref 'b.…' in this plugin" },
    ]);
  });

  it('reports an unknown slot', () => {
    const a = definePlugin({ id: 'a', setup: (ctx) => ctx.slot('sidebar' as never, { render: Empty }) });
    expect(check([a])[0].message).toMatch(/^Plugin 'a': slot 'sidebar' does not exist \(slots: /);
  });

  it('reports a setup that throws only for logged-in users in the browser, with that request named', () => {
    const a = definePlugin({
      id: 'a',
      setup: (ctx) => {
        if (!ctx.isServer && ctx.cookies.get('uid')) throw new Error('window is not what I expected');
      },
    });
    expect(check([a])).toEqual([{ pluginId: 'a', request: 'logged in, browser', message: "Plugin 'a': setup threw: window is not what I expected" }]);
  });
});
