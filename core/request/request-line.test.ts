import '@abraham/reflection';
import fc from 'fast-check';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import type { RegionConfig } from '../config/region';
import { defaultShellData } from '../data/defaults';
import type { ShellData, UserState } from '../data/types';
import { BackendClient } from '../http/client';
import { localeInfo } from '../i18n/locales';
import { createServerI18n } from '../i18n/server';
import { definePlugin, loader } from '../plugin/define';
import { createLoaderRef } from '../plugin/refs';
import { PluginCatalogue } from '../registry/catalogue';
import { planDeclarations, type PlannedRoute } from '../registry/plan-declarations';
import type { RegionPlan } from '../registry/plan';
import { createPluginTester, TESTER_REGION_DEFAULTS } from '../testing';
import { findRoute } from '../router/match';
import { MemoryCookieJar } from '../util/cookies';
import { buildRequestEnv } from './build-request-env';
import { runRequestLine, type RequestPorts } from './request-line';

const Page = () => null;
const ITEM = createLoaderRef<string>('pages/item');
const pages = definePlugin({
  id: 'pages',
  routes: () => [
    { path: '/a/:id', component: Page },
    { path: '/secret', component: Page },
  ],
  guards: () => [({ path, env }) => (path === '/secret' && !env.state.data.user.isLogin ? '/login' : undefined)],
  loaders: () => [loader({ key: ITEM, when: ({ path }) => path.startsWith('/a/'), run: ({ params }) => Promise.resolve(`item ${params.id}`) })],
});

const REGION = { ...TESTER_REGION_DEFAULTS, key: 'main', plugins: { pages: {} } } as RegionConfig;
const catalogue = new PluginCatalogue([pages], { id: 'host', slots: [], menus: [] });
const plan = catalogue.plan(REGION);

interface Route {
  status?: number;
  path: string;
}
const lookup = (routes: readonly PlannedRoute[], path: string) => {
  const found = findRoute(
    routes.map((r) => r.def),
    path,
  );
  return found ? { route: { path: found.route.path } as Route, params: found.params } : { route: { path: '*', status: 404 } as Route, params: {} };
};

function activate(p: RegionPlan) {
  const locale = localeInfo('en')!;
  return buildRequestEnv({
    side: 'server',
    region: REGION,
    plan: p,
    definitions: catalogue.definitions,
    places: catalogue.places,
    locale,
    langPrefix: '',
    route: { path: '/', query: {}, params: {} },
    data: defaultShellData(),
    cookies: new MemoryCookieJar({}),
    http: new BackendClient({ side: 'server', baseURL: 'http://line.invalid', transport: () => Promise.reject(new Error('no back end')) }),
    i18n: createServerI18n('en', {}, []),
    agent: { viewportWidth: 1280, inApp: false, mobileAgent: false },
    backend: 'fake',
    regionOrigin: (key) => `https://${key}.line.invalid`,
    parent: container,
    log: () => {},
  });
}

/** Ports that record the order of the phases. */
function recordingPorts(user: Partial<UserState>) {
  const steps: string[] = [];
  const data: ShellData = { ...defaultShellData(), user: { ...defaultShellData().user, ...user } };
  const ports: RequestPorts<Route, { plan: RegionPlan }, string[]> = {
    basePlan: plan,
    routesOf: (p) => planDeclarations(p, catalogue.definitions, REGION).routes,
    resolveRoute: lookup,
    decideFlags: (u) => (steps.push(u ? `flags for ${u.uid}` : 'flags for a visitor'), Promise.resolve({ plan })),
    loadCoreData: (isNotFound) => (steps.push(`core data${isNotFound() ? ' (404)' : ''}`), Promise.resolve(data)),
    activate: (p) => (steps.push('activate'), activate(p)),
    prepareViews: (_built, page) => (steps.push('views'), Promise.resolve([page.route.path])),
    log: (line) => steps.push(line),
  };
  return { steps, ports };
}

describe('the request line', () => {
  it("decides a visitor's flags before the core data and a user's after, activates once, then guards, loads and prepares", async () => {
    const visitor = recordingPorts({});
    const out = await runRequestLine(visitor.ports, { path: '/a/7', query: {}, isLogin: false, deadline: Date.now() + 5000 });
    expect(visitor.steps).toEqual(['flags for a visitor', 'core data', 'activate', 'views']);
    expect([out.route.path, out.params, out.loaderData, out.views]).toEqual(['/a/:id', { id: '7' }, { 'pages/item': 'item 7' }, ['/a/:id']]);

    const user = recordingPorts({ uid: '42', isLogin: true });
    await runRequestLine(user.ports, { path: '/nowhere', query: {}, isLogin: true, deadline: Date.now() + 5000 });
    expect(user.steps).toEqual(['core data (404)', 'flags for 42', 'activate', 'views']);
  });

  it('stops at a redirect, and runs only the guards for a path another app serves', async () => {
    const r = recordingPorts({});
    const out = await runRequestLine(r.ports, { path: '/secret', query: {}, isLogin: false, deadline: Date.now() + 5000 });
    expect([out.redirect, out.loaderData, out.views]).toEqual(['/login', {}, undefined]);
    const handOff = recordingPorts({});
    const other = await runRequestLine(handOff.ports, { path: '/a/1', query: {}, isLogin: false, deadline: Date.now() + 5000, handOff: true });
    expect([other.redirect, other.loaderData, other.views]).toEqual([undefined, {}, undefined]);
  });

  it("on a served page (the browser's line) takes the server's guards and loaders' outcome instead of running them", async () => {
    const served = recordingPorts({});
    let activated = 0;
    const asyncActivate = served.ports.activate;
    // The browser activates in slices: the line waits for an activation that resolves later.
    served.ports.activate = (p) => new Promise((resolve) => setTimeout(() => (activated++, resolve(asyncActivate(p))), 0));
    const loaderData = { 'pages/item': 'as the server loaded it' };
    const out = await runRequestLine(served.ports, { path: '/secret', query: {}, isLogin: false, deadline: Date.now() + 5000, served: { loaderData } });
    expect(activated).toBe(1);
    expect(served.steps).toEqual(['flags for a visitor', 'core data', 'activate', 'views']);
    expect([out.redirect, out.loaderData, out.views]).toEqual([undefined, loaderData, ['/secret']]);
    expect(out.built.state.route$.value).toEqual({ path: '/secret', query: {}, params: {} });
  });

  it("gives the plugin tester's request what the line gives: route or 404, redirect, loaders' data", async () => {
    const t = createPluginTester(pages, { region: 'main' });
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z0-9]{1,12}$/), async (id) => {
        const page = await t.request(`/a/${id}`);
        expect(page).toEqual({
          status: 200,
          route: { path: '/a/:id', pluginId: 'pages' },
          params: { id },
          redirect: undefined,
          loaderData: { 'pages/item': `item ${id}` },
        });
      }),
      { numRuns: 25 },
    );
    expect(await t.request('/secret')).toMatchObject({ status: 200, redirect: '/login', loaderData: {} });
    expect(await t.request('/no/such/page')).toMatchObject({ status: 404, route: null, loaderData: {} });
    expect(t.dispose()).toEqual([]);
  });
});
