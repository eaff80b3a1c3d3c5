import '@abraham/reflection';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToString } from 'react-dom/server';
import { container } from 'tsyringe';
import { I18nextProvider } from 'react-i18next';
import type { i18n, Resource } from 'i18next';
import type { ServiceRef, StreamRef } from '../plugin/refs';
import type { BehaviorSubject, Observable } from 'rxjs';
import { siteFactsOf, type RegionConfig } from '../config/region';
import type { PlaceDeclarer } from '../plugin/slots';
import type { PluginDefinition, ShellEnv, SlotName } from '../plugin/types';
import type { ShellData } from '../data/types';
import { PluginCatalogue } from '../registry/catalogue';
import { currentTesterHost } from './tester-host';
import { langPrefixFor } from '../router/paths';
import type { Activation } from '../registry/activate';
import { runGuards, runLoaders, startEffects } from '../registry/run';
import { SERVER_TIMEOUT_MS } from '../http/client';
import { DEFAULT_USER_STATE, defaultShellData } from '../data/defaults';
import { isLoggedIn } from '../data/rules';
import { loadAccountFigure } from '../data/account-load';
import { MemoryCookieJar } from '../util/cookies';
import { Monitor, type MonitorRecord } from '../util/monitoring';
import { MASKING } from '../util/mask';
import { localeInfo } from '../i18n/locales';
import { createServerI18n } from '../i18n/server';
import { buildRequestEnv } from '../request/build-request-env';
import { runRequestLine } from '../request/request-line';
import { planDeclarations, type PlannedRoute } from '../registry/plan-declarations';
import { ShellProvider, type ShellRuntime } from '../react/context';
import { Slot } from '../react/Slot';
import { findRoute } from '../router/match';
import { PluginBoundary } from '../react/PluginBoundary';
import { isReady, preloadPage } from '../react/lazy-page';
import { loadAxios } from '../http/axios-loader';
import { loadSanitizer } from '../util/sanitize';
import { createTestHttp, type RecordedCall, type TestResponse } from './fake-http';

const ROOT = resolve(import.meta.dirname ?? '.', '../..');

export interface PluginTesterOptions {
  /** A region key (its config is read from region-configs/) or a config; fields may be overridden. */
  region?: string | Partial<RegionConfig>;
  options?: Record<string, unknown>;
  /** Other plugins this one requires (activated first, default options). */
  requires?: PluginDefinition<any>[];
  /** Canned API answers by path ('GET /path', '/path' or '*'): the scenario. */
  scenario?: Record<string, TestResponse>;
  /**
   * Core data overrides (user, compliance, ...). Without a `user`, the user is the one the server loads for the
   * request's cookies: logged in (uid and nickname from them) when they are valid login cookies, else a visitor.
   */
  data?: Partial<ShellData>;
  path?: string;
  query?: Record<string, string>;
  locale?: string;
  cookies?: Record<string, string>;
  side?: 'server' | 'browser';
  viewportWidth?: number;
  inApp?: boolean;
  mobileAgent?: boolean;
  /** Which back end the plugin sees (ShellEnv.backend); default 'fake'. */
  backend?: 'fake' | 'real';
  /**
   * Services other plugins would provide, `[[CONSENT_SERVICE, fake]]`, or stand-ins for one the plugin provides
   * (its clock, timers, browser calls): these win over the plugin's own registration.
   */
  services?: Array<[ServiceRef<any>, unknown]>;
  /** The slots and menus the host declares (default: what `setTesterHost` was given, in the test setup). */
  host?: PlaceDeclarer;
}

export interface PluginTester {
  env: ShellEnv;
  activation: Activation;
  i18n: i18n;
  calls: RecordedCall[];
  monitorRecords: MonitorRecord[];
  /** A service from the tester's request container, by its ref. */
  service<T>(ref: ServiceRef<T>): T;
  /** A stream the plugin published, by its ref. */
  stream<T>(ref: StreamRef<T>): Observable<T> | undefined;
  /** Entries contributed to a slot, by priority. */
  slot(name: SlotName): Activation['slots'][SlotName];
  /** Server-renders a slot (as the host would) to HTML. */
  renderSlot(name: SlotName, loaderData?: Record<string, unknown>): string;
  /** Server-renders the route matching a path to HTML. */
  renderRoute(path: string, loaderData?: Record<string, unknown>): string;
  /** Loads the code of every lazy page and view the plugin contributes, and axios and DOMPurify (call before rendering). */
  preload(): Promise<void>;
  /** What the host would log: a guard or loader that failed or timed out. */
  logs: string[];
  /** Runs the guards for a path against the tester's data, with the host's runner; the redirect or undefined. */
  guard(path?: string): string | undefined;
  /** Runs the loaders with the host's runner (those whose `when` holds; a failing one gives nothing, see `logs`). */
  load(): Promise<Record<string, unknown>>;
  /**
   * One request for `path`, on the request line the server runs (core/request/request-line.ts): the route among the
   * plan's (404 when none matches), the guards' redirect, else the loaders' data. The tester's data, plan and
   * activation stand in for the core data, the flags and the activation (the same plan: no flag changes it here).
   */
  request(path: string, query?: Record<string, string>): Promise<TesterPage>;
  /** Starts the effects (browser behaviour) and flips hydrated$. */
  hydrate(): void;
  /** The React element of a slot or route, for mounting with react-dom/client in a DOM test. */
  element(target: { slot: SlotName } | { route: string }, loaderData?: Record<string, unknown>): React.ReactElement;
  /** Tears everything down; returns the names of shell subjects still subscribed (should be empty). */
  dispose(): string[];
}

/** What `request(path)` gives: the page's status and route, or the redirect; the loaders' data. */
export interface TesterPage {
  status: number;
  /** The matched route's pattern and plugin, or null for the 404 page. */
  route: { path: string; pluginId: string } | null;
  params: Record<string, string>;
  redirect?: string;
  loaderData: Record<string, unknown>;
}

interface TesterRoute {
  status?: number;
  path: string;
  pluginId: string;
}

const NOT_FOUND: TesterRoute = { status: 404, path: '*', pluginId: '' };

/** A path's route among a route list, as the host's table finds it; the 404 page when none matches. */
function testerRoute(routes: readonly PlannedRoute[], path: string): { route: TesterRoute; params: Record<string, string> } {
  const match = findRoute(
    routes.map((r) => ({ ...r.def, pluginId: r.pluginId })),
    path,
  );
  return match
    ? { route: { path: match.route.path, pluginId: match.route.pluginId, status: match.route.status }, params: match.params }
    : { route: NOT_FOUND, params: {} };
}

function readJson(path: string): Record<string, unknown> | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : undefined;
}

/** The region config fields a tester's region has where neither its region-configs file nor the test sets them. */
export const TESTER_REGION_DEFAULTS: Partial<RegionConfig> = {
  languages: ['en'],
  defaultLang: 'en',
  localePrefix: 'as-needed',
  unprefixedPaths: [],
  api: { dataPathPrefix: '' },
  allowedLinkHosts: [],
  plugins: {},
};

function regionConfig(input: PluginTesterOptions['region']): RegionConfig {
  const key = typeof input === 'string' ? input : (input?.key ?? 'main');
  const base = readJson(resolve(ROOT, 'region-configs', `${key}.json`)) ?? {};
  const overrides = typeof input === 'object' ? input : {};
  return { key, ...TESTER_REGION_DEFAULTS, ...base, ...overrides } as RegionConfig;
}

function pluginResources(ids: string[], lng: string) {
  const res: Record<string, Record<string, unknown>> = { en: {}, [lng]: {} };
  for (const l of new Set(['en', lng])) {
    for (const id of ids) {
      const bundle = readJson(resolve(ROOT, 'plugins', id, 'locales', `${l}.json`));
      if (bundle) res[l][id] = bundle;
    }
    for (const ns of ['shell', 'header', 'footer']) {
      const bundle = readJson(resolve(ROOT, 'locales', l, `${ns}.json`));
      if (bundle) res[l][ns] = bundle;
    }
  }
  return res;
}

/** The user the server's core data has for these cookies (the user-info call answering): logged in for login cookies. */
function userOfCookies(cookies: Record<string, string>): ShellData['user'] {
  const { uid = '', nickname = '' } = cookies;
  return isLoggedIn({ uid, nickname }) ? { ...DEFAULT_USER_STATE, isLogin: true, uid, nickname } : DEFAULT_USER_STATE;
}

/** The tester's request: the plugin and what it requires activated by the host's request builder, and what it records. */
function testerRequest(plugin: PluginDefinition<any>, opts: PluginTesterOptions) {
  const defs = [...(opts.requires ?? []), plugin];
  const catalogue = new PluginCatalogue(defs, opts.host ?? currentTesterHost());
  const region = regionConfig(opts.region);
  region.plugins = Object.fromEntries(defs.map((d) => [d.id, { options: catalogue.completeOptions(d.id, d.id === plugin.id ? opts.options : {}) }]));
  const plan = catalogue.plan(region);
  const side = opts.side ?? 'browser';
  const calls: RecordedCall[] = [];
  const monitorRecords: MonitorRecord[] = [];
  const monitor = new Monitor((r) => monitorRecords.push(r), MASKING);
  const logs: string[] = [];
  const localeCode = opts.locale ?? region.defaultLang ?? 'en';
  const locale = localeInfo(localeCode) ?? localeInfo('en')!;
  const http = createTestHttp(side, opts.scenario ?? {}, calls);
  const ids = defs.map((d) => d.id);
  // The request's environment exactly as the host builds it, from the tester's inputs.
  const built = buildRequestEnv({
    side,
    region,
    plan,
    definitions: catalogue.definitions,
    places: catalogue.places,
    locale,
    langPrefix: langPrefixFor(region, localeCode),
    route: { path: opts.path ?? '/', query: opts.query ?? {}, params: {} },
    data: { ...defaultShellData(), user: userOfCookies(opts.cookies ?? {}), ...(opts.data ?? {}) },
    cookies: new MemoryCookieJar(opts.cookies ?? {}),
    http,
    i18n: createServerI18n(locale.lng, pluginResources(ids, locale.lng) as Resource, ['shell', 'header', 'footer', ...ids]),
    agent: { viewportWidth: opts.viewportWidth ?? 1280, inApp: opts.inApp ?? false, mobileAgent: opts.mobileAgent ?? false },
    // As in the page: the browser asks for account figures through the tester's HTTP client.
    fetchAccount: side === 'browser' ? (key) => loadAccountFigure(http, key, region, () => {}) : undefined,
    backend: opts.backend ?? 'fake',
    regionOrigin: (key) => `https://${key}.example.test`,
    parent: container,
    overrides: opts.services,
    monitor,
    log: (line) => logs.push(line),
  });
  return { built, calls, monitor, monitorRecords, logs, plan, catalogue, region };
}

/**
 * Activates one plugin in isolation, as the host would for one request: validated options, a request
 * container, canned API answers, core data, translations. For unit tests of plugins.
 */
export function createPluginTester(plugin: PluginDefinition<any>, opts: PluginTesterOptions = {}): PluginTester {
  const { built, calls, monitor, monitorRecords, logs, plan, catalogue, region } = testerRequest(plugin, opts);
  const { env, state, activation, i18n } = built;
  const runtime = (loaderData: Record<string, unknown> = {}): ShellRuntime => ({ env, activation, loaderData, monitor });
  const wrap = (node: React.ReactNode, loaderData?: Record<string, unknown>) => (
    <I18nextProvider i18n={i18n}>
      <ShellProvider runtime={runtime(loaderData)}>{node}</ShellProvider>
    </I18nextProvider>
  );
  const routeElement = (path: string, loaderData?: Record<string, unknown>) => {
    const match = findRoute(
      activation.routes.map((r) => ({ ...r.def, pluginId: r.pluginId })),
      path,
    );
    if (!match) throw new Error(`no route of '${plugin.id}' matches '${path}'`);
    const Page = match.route.component;
    if (!isReady(Page)) throw new Error(`the page of '${path}' is a lazy view not loaded yet: call \`await tester.preload()\` first`);
    return wrap(
      <PluginBoundary pluginId={match.route.pluginId} onError={(id, err) => monitor.captureError(err, { plugin: id })}>
        <Page params={match.params} />
      </PluginBoundary>,
      loaderData,
    );
  };

  return {
    env,
    activation,
    logs,
    i18n,
    calls,
    monitorRecords,
    service: (ref) => built.container.resolve(ref.id),
    stream: (ref) => activation.streams.get(ref.id) as Observable<never> | undefined,
    slot: (name) => activation.slots[name],
    renderSlot: (name, loaderData) => slotContent(renderToString(wrap(<Slot name={name} />, loaderData))),
    renderRoute: (path, loaderData) => renderToString(routeElement(path, loaderData)),
    preload: async () => {
      const views = Object.values(activation.slots).flatMap((list) => list.map((e) => e.item.render));
      // The libraries views load on first use too (axios for browser calls, DOMPurify for server HTML).
      await Promise.all([...[...activation.routes.map((r) => r.def.component), ...views].map((c) => preloadPage(c)), loadAxios(), loadSanitizer()]);
    },
    guard(path = opts.path ?? '/') {
      return runGuards(activation, { path, env }, (id, err) => logs.push(`[guard] ${id} failed: ${err.message}`));
    },
    load() {
      const input = { path: opts.path ?? '/', params: {}, env };
      return runLoaders(activation, input, Date.now() + SERVER_TIMEOUT_MS, (line) => logs.push(line));
    },
    async request(path, query = {}) {
      const line = await runRequestLine(
        {
          basePlan: plan,
          routesOf: (p) => planDeclarations(p, catalogue.definitions, siteFactsOf(region)).routes,
          resolveRoute: testerRoute,
          decideFlags: () => Promise.resolve({ plan }),
          loadCoreData: () => Promise.resolve(state.data),
          activate: () => built,
          log: (line) => logs.push(line),
        },
        { path, query, isLogin: state.data.user.isLogin, deadline: Date.now() + SERVER_TIMEOUT_MS },
      );
      const { route, params, redirect, loaderData } = line;
      return { status: route.status ?? 200, route: route === NOT_FOUND ? null : { path: route.path, pluginId: route.pluginId }, params, redirect, loaderData };
    },
    hydrate() {
      state.hydrated$.next(true);
      startEffects(activation, (id, err) => monitor.captureError(err, { plugin: id, phase: 'effect' }));
    },
    element: (target, loaderData) => ('slot' in target ? wrap(<Slot name={target.slot} />, loaderData) : routeElement(target.route, loaderData)),
    dispose() {
      built.deactivate();
      const leaks = observedSubjects(state);
      built.dispose();
      return leaks;
    },
  };
}

/** The state's subjects somebody still subscribes to (a leak once the plugin is torn down). */
function observedSubjects(state: PluginTester['env']['state']): string[] {
  const parts = { user$: state.user$, site$: state.site$, compliance$: state.compliance$ } as Record<string, unknown> as Record<
    string,
    BehaviorSubject<unknown>
  >;
  const subjects = { data$: state.data$, ...parts, viewport$: state.viewport$, route$: state.route$, locale$: state.locale$, hydrated$: state.hydrated$ };
  return Object.entries(subjects)
    .filter(([, s]) => s.observed)
    .map(([n]) => n);
}

/** A slot's HTML without its own Suspense boundary's markers (the user's part of a page prerendered for every user). */
function slotContent(html: string): string {
  return html.startsWith('<!--$-->') && html.endsWith('<!--/$-->') ? html.slice('<!--$-->'.length, -'<!--/$-->'.length) : html;
}
