import '@abraham/reflection';
import { langPrefixFor } from '../router/paths';
import { matchPath } from '../router/match';
import { otherAppPrefix } from '../router/other-apps';
import { container } from 'tsyringe';
import { siteFactsOf, type RegionConfig } from '../config/region';
import { defaultShellData } from '../data/defaults';
import { BackendClient } from '../http/client';
import { localeInfo } from '../i18n/locales';
import { createServerI18n } from '../i18n/server';
import { buildRequestEnv } from '../request/build-request-env';
import { MemoryCookieJar } from '../util/cookies';
import type { PluginCatalogue } from './catalogue';
import type { RegionPlan } from './plan';
import { planDeclarations } from './plan-declarations';
import { isDeclared } from './plugin-context';
import { PluginError } from '../plugin/errors';

/** One problem a region's plugins have with each other or with the host, found before any request. */
export interface ContributionProblem {
  pluginId: string;
  /** The synthetic request it showed in (`visitor` or `logged in`, on the `server` or in the `browser`); absent for the plan's declarations. */
  request?: string;
  message: string;
  /** Where the problem is in the region file, when not at the plugin's entry (`/plugins/<id>`). */
  pointer?: string;
}

const REQUESTS = [
  { name: 'visitor, server', side: 'server', cookies: {} },
  { name: 'visitor, browser', side: 'browser', cookies: {} },
  { name: 'logged in, server', side: 'server', cookies: { uid: '10001', nickname: 'check' } },
  { name: 'logged in, browser', side: 'browser', cookies: { uid: '10001', nickname: 'check' } },
] as const;

/**
 * Reads a region plan's declarations (data, once: a route claimed by two plugins, a declaration that throws, a loader
 * keyed by another plugin's ref, a slot or menu entry in a place nobody declares, a plugin route a host route shadows
 * (`reservedPaths`) or an `otherApps` prefix hands off), then runs the plugins' `setup` against synthetic requests
 * (visitor and logged in, server and browser) for what only a request shows: a `setup` that throws, a service provided
 * twice or under another plugin's ref. Each problem once.
 */
export function checkContributions(config: RegionConfig, catalogue: PluginCatalogue, reservedPaths: readonly string[]): ContributionProblem[] {
  const plan = catalogue.plan(config);
  const seen = new Map<string, ContributionProblem>();
  const report = (pluginId: string, request: string | undefined, message: string, pointer?: string) => {
    const key = `${pluginId}\n${message}`;
    if (!seen.has(key)) seen.set(key, { pluginId, ...(request ? { request } : {}), message, ...(pointer ? { pointer } : {}) });
  };
  const handedOff = config.otherApps?.paths ?? [];
  handedOff.forEach((prefix, i) => {
    const page = reservedPaths.find((p) => otherAppPrefix([prefix], p));
    if (page)
      report(
        '',
        undefined,
        `'${prefix}' would hand off '${page}', which the host serves itself: remove it, or list the other app's paths beside that page`,
        `/otherApps/paths/${i}`,
      );
  });
  const declared = planDeclarations(plan, catalogue.definitions, siteFactsOf(config));
  for (const [pluginId, problem] of declared.problems) report(pluginId, undefined, new PluginError(pluginId, problem).message);
  for (const [pluginId, own] of declared.byPlugin) {
    const places = [...own.slots.map(([name]) => ['slot', name] as const), ...own.menus.map(([name]) => ['menu', name] as const)];
    for (const [kind, name] of places) {
      try {
        isDeclared(pluginId, kind, name, catalogue.places);
      } catch (err) {
        report(pluginId, undefined, (err as Error).message);
      }
    }
  }
  for (const { pluginId, def } of declared.routes) {
    if (reservedPaths.includes(def.path))
      report(pluginId, undefined, `plugin '${pluginId}': route '${def.path}' is a host route, which shadows it: choose another path`);
    const i = handedOff.findIndex((prefix) => coversRoute(prefix, def.path));
    if (i >= 0)
      report(
        pluginId,
        undefined,
        `'${handedOff[i]}' would hand off paths of route '${def.path}' (plugin '${pluginId}'), which the shell serves: remove it, or list the other app's paths beside them`,
        `/otherApps/paths/${i}`,
      );
  }
  for (const request of REQUESTS) {
    const built = syntheticRequest(config, plan, catalogue, request.side, request.cookies);
    for (const { pluginId, error } of built.activation.failed) report(pluginId, request.name, error.message);
    built.dispose();
  }
  return [...seen.values()];
}

/**
 * Whether an `otherApps` prefix takes paths a route serves: the route's fixed part is under the prefix
 * ('/myaccount' and '/myaccount/deposit/:currency'), or the prefix is one of the route's paths ('/trade/BTC_USDT').
 */
function coversRoute(prefix: string, route: string): boolean {
  if (route === '*') return false;
  const fixed = route.split('/:', 1)[0] || '/';
  return otherAppPrefix([prefix], fixed) !== null || matchPath(route, prefix) !== null;
}

/** A request with no back end, built as every request is: `setup` is pure, so a call to the back end is itself a problem. */
function syntheticRequest(region: RegionConfig, plan: RegionPlan, catalogue: PluginCatalogue, side: 'server' | 'browser', cookies: Record<string, string>) {
  const code = region.defaultLang ?? 'en';
  const locale = localeInfo(code) ?? localeInfo('en')!;
  return buildRequestEnv({
    side,
    region,
    plan,
    definitions: catalogue.definitions,
    places: catalogue.places,
    locale,
    langPrefix: langPrefixFor(region, code),
    route: { path: '/', query: {}, params: {} },
    data: defaultShellData(),
    cookies: new MemoryCookieJar(cookies),
    http: new BackendClient({
      side,
      baseURL: 'http://contribution-check.invalid',
      transport: () => Promise.reject(new Error('setup must not call the back end')),
    }),
    i18n: createServerI18n(locale.lng, {}, []),
    agent: { viewportWidth: 1280, inApp: false, mobileAgent: false },
    backend: 'fake',
    regionOrigin: (key) => `https://${key}.contribution-check.invalid`,
    parent: container,
    // Setup failures are the activation's `failed` list, reported above.
    log: () => {},
  });
}
