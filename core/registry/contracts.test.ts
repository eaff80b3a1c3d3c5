import '@abraham/reflection';
import { HOST_PLACES } from '../../host/app/slots';
import { describe, expect, it } from 'vitest';
import { container } from 'tsyringe';
import { of } from 'rxjs';
import { definePlugin, loader } from '../plugin/define';
import { createPluginRef } from '../plugin/refs';
import { createLoaderRef, createServiceRef, createStreamRef, inject, injectable } from '../plugin/refs';
import { COOKIES, optionsRefOf, registerRequestServices, requestContainer } from '../di/tokens';
import { MemoryCookieJar } from '../util/cookies';
import { PluginCatalogue } from './catalogue';
import { activate } from './activate';
import { planMenus } from './plan-declarations';
import { siteFactsOf, type RegionConfig } from '../config/region';
import type { PluginDefinition, ShellEnv } from '../plugin/types';
import type { RegionPlan } from './plan';
import { planContainer } from '../request/build-request-env';
import type { CookieJar } from '../util/cookies';

const region = (plugins: RegionConfig['plugins']) => ({ key: 'main', plugins }) as RegionConfig;
/** A request's environment, its container a child of the plan's (which holds the plugins' options), as core/request builds it. */
const env = (plan: RegionPlan) => {
  const e = { cookies: new MemoryCookieJar({ lang: 'de' }) } as unknown as ShellEnv;
  registerRequestServices(e, planContainer(container, plan).createChildContainer());
  return e;
};
const run = (defs: PluginDefinition<any>[], plugins: RegionConfig['plugins']) => {
  const catalogue = new PluginCatalogue(defs, HOST_PLACES);
  // As region validation would: each plugin's options completed with its schema defaults.
  const completed = Object.fromEntries(Object.entries(plugins).map(([id, p]) => [id, { ...p, options: catalogue.completeOptions(id, p.options) }]));
  const plan = catalogue.plan(region(completed));
  const e = env(plan);
  return { e, activation: activate(plan, catalogue.definitions, catalogue.places, e) };
};

const WORD = createServiceRef<{ word(): string }>('words.word');

@injectable()
class Word {
  constructor(
    @inject(COOKIES) private readonly cookies: CookieJar,
    @inject(optionsRefOf<{ suffix: string }>('words')) private readonly options: { suffix: string },
  ) {}
  word() {
    return `${this.cookies.get('lang')}${this.options.suffix}`;
  }
}

describe('refs', () => {
  it('refuse ids that do not name their plugin', () => {
    expect(() => createServiceRef('nodot' as never)).toThrow("service ref 'nodot': id must look like 'plugin-id.name'");
    expect(() => createLoaderRef('a.b' as never)).toThrow("loader ref 'a.b': id must look like 'plugin-id/key'");
  });
});

describe('contributions under refs', () => {
  it('builds a provided class in the request container, injecting core services and the plugin options by ref', () => {
    const words = definePlugin({ id: 'words', options: { properties: { suffix: { type: 'string', default: '!' } } }, setup: (ctx) => ctx.provide(WORD, Word) });
    const { e } = run([words], { words: {} });
    const service = requestContainer(e).resolve<{ word(): string }>(WORD.id);
    expect(service.word()).toBe('de!');
    expect(requestContainer(e).resolve(WORD.id)).toBe(service);
  });

  it('keys streams and loaders by their refs, and refuses another plugin’s ref', () => {
    const COUNT = createStreamRef<number>('a.count');
    const LOADED = createLoaderRef<string>('a/loaded');
    const a = definePlugin({ id: 'a', loaders: () => [loader({ key: LOADED, run: async () => 'x' })], setup: (ctx) => ctx.stream(COUNT, of(1)) });
    const b = definePlugin({ id: 'b', setup: (ctx) => ctx.stream(COUNT, of(2)) });
    const { activation } = run([a, b], { a: {}, b: {} });
    expect([...activation.streams.keys()]).toEqual(['a.count']);
    expect(activation.loaders.map((l) => `${l.pluginId}/${l.def.key}`)).toEqual(['a/loaded']);
    expect(activation.failed.map((f) => f.error.message)).toEqual([
      "Plugin 'b': stream 'a.count' belongs to another plugin: declare a ref 'b.…' in this plugin",
    ]);
  });
});

describe('optional dependencies', () => {
  const base = definePlugin({ id: 'base', setup() {} });
  const broken = definePlugin({
    id: 'base',
    setup: () => {
      throw new Error('no');
    },
  });
  const user = definePlugin({ id: 'user', optional: [createPluginRef('base')], setup() {} });

  it('come first when enabled, and leave the plugin working when off or failed', () => {
    expect(run([base, user], { user: {}, base: {} }).activation.active).toEqual(['base', 'user']);
    expect(run([base, user], { user: {} }).activation.active).toEqual(['user']);
    expect(run([broken, user], { user: {}, base: {} }).activation.active).toEqual(['user']);
  });

  it('may not also be required', () => {
    expect(() => definePlugin({ id: 'x', requires: [createPluginRef('y')], optional: [createPluginRef('y')], setup() {} })).toThrow(
      "Plugin 'x': 'y' is both required and optional",
    );
  });
});

describe('menus', () => {
  it("collects entries by order, only from the plan's plugins", () => {
    const a = definePlugin({ id: 'a', menuEntries: () => [{ menu: 'account', key: 'late', label: 'l', path: '/l', order: 20 }] });
    const b = definePlugin({ id: 'b', menuEntries: () => [{ menu: 'account', key: 'early', label: 'e', path: '/e', order: 10 }] });
    const menus = (plugins: RegionConfig['plugins']) => {
      const catalogue = new PluginCatalogue([a, b], HOST_PLACES);
      return planMenus(catalogue.plan(region(plugins)), catalogue.definitions, siteFactsOf(region(plugins)), catalogue.places).account;
    };
    expect(menus({ a: {}, b: {} }).map((m) => `${m.pluginId}:${m.item.key}`)).toEqual(['b:early', 'a:late']);
    expect(menus({ a: {}, b: { enabled: false } }).map((m) => m.item.key)).toEqual(['late']);
  });

  it('refuses an unknown menu and an entry without a site path', () => {
    const bad = definePlugin({ id: 'bad', menuEntries: () => [{ menu: 'sidebar' as never, key: 'x', label: 'x', path: '/x' }] });
    const noPath = definePlugin({ id: 'nopath', menuEntries: () => [{ menu: 'trade', key: 'x', label: 'x', path: 'x' }] });
    const { activation } = run([bad, noPath], { bad: {}, nopath: {} });
    expect(activation.failed.map((f) => f.error.message)).toEqual([
      "Plugin 'bad': menu 'sidebar' is not declared (declared: account, trade)",
      "Plugin 'nopath': menu 'trade': an entry needs a key and a site path starting with '/'",
    ]);
  });
});
