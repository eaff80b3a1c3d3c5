import type { IncomingMessage, ServerResponse } from 'node:http';
import { REGION_KEYS } from '../../core/config/region';
import { control } from './control';
import { CORE_MODULES } from './endpoints';
import { createCdn, type TranslationSource } from './endpoints/cdn';
import { createMonitor, type MonitorRecord } from './endpoints/monitor';
import { BadRequest, parseCookies, readBody, regionOfHost, send } from './http';
import { chainLists, resolveAnswer, SCENARIO_NAME, ScenarioRegistry, type ScenarioSummary } from './registry';
import { RouteTable } from './routes';
import { otherAppPage } from './endpoints/other-apps';
import { otherAppPrefixOfUrlPath, type OtherAppsRule } from '../../core/router/other-apps';
import { BUILT_IN_SCENARIOS } from './scenarios';
import type { FakeApiModule, FakeHandler, FakeRequest, FakeResponse } from '../../core/testing/fake-api-kit';

/** Path prefixes owned by the fake API even where no endpoint matches (they answer a JSON 404, not a page). */
const API_PREFIXES = ['/api/', '/apiw/', '/apiweb/', '/json_svr/', '/js/tool/', '/cdn/'];

export interface FakeApiOptions {
  /** Plugin modules (each plugin folder's `fake-api.ts` default export); the core endpoints are always included. */
  modules: FakeApiModule[];
  /** Translation bundles served as the CDN at /cdn/locales/{lng}/{ns}.json. */
  translations?: TranslationSource;
  log?: (message: string) => void;
  /** Data path prefixes to strip before matching (region configs' `api.dataPathPrefix`, e.g. '/data'); a function is read per call. */
  stripPrefixes?: readonly string[] | (() => readonly string[]);
  /** Called after a control call that may change answers (registering or removing a scenario). */
  onChange?: () => void;
  /**
   * The region a host names, for the pages other apps serve (`otherApps.paths`): a GET of one is answered with the
   * placeholder app page (endpoints/other-apps.ts). Without it no such page is served.
   */
  otherApps?: (host: string) => (OtherAppsRule & { name: string }) | undefined;
}

export interface FakeApi {
  /** Answers a fake-API request (true) or leaves it alone (false: the host renders a page). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Built-in and registered scenarios. */
  scenarios(): ScenarioSummary[];
  /** The monitoring sink's records (oldest first). */
  monitorRecords(): MonitorRecord[];
}

const errorAnswer = (status: number, message: string): FakeResponse => ({ status, body: { code: status, message, data: null } });

type RequestParts = Pick<FakeRequest, 'method' | 'path' | 'query' | 'cookies' | 'scenario' | 'params'> & { body: Awaited<ReturnType<typeof readBody>> };

/** What a fake handler gets of a request: its parts, the body read, and the region its host names. */
function fakeRequestOf(req: IncomingMessage, o: RequestParts): FakeRequest {
  const { body, ...parts } = o;
  const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '');
  return { ...parts, body: body.fields, json: body.json, headers: req.headers, region: regionOfHost(host, REGION_KEYS) };
}

/** The locale root of a URL path: '/zh/' under the region's 'zh' prefix, else '/'. */
function homeOf(rule: OtherAppsRule, path: string): string {
  const first = path.split('/')[1] ?? '';
  return first && rule.languages.includes(first) ? `/${first}/` : '/';
}

/** The embedded fake exchange API (DESIGN.md "The fake exchange API"). Throws on duplicate routes or scenarios. */
export function createFakeApi(options: FakeApiOptions): FakeApi {
  const log = options.log ?? (() => {});
  const monitor = createMonitor();
  const modules = [...CORE_MODULES, monitor.module, createCdn(options.translations), ...options.modules];
  const routes = new RouteTable(modules);
  const registry = new ScenarioRegistry([
    ...BUILT_IN_SCENARIOS.map((def) => ({ def, owner: 'host/fake-api/scenarios.ts' })),
    ...options.modules.flatMap((m, i) => (m.scenarios ?? []).map((def) => ({ def, owner: m.name ?? `module #${i}` }))),
  ]);
  const streams = modules.flatMap((m) => Object.entries(m.streams ?? {}));
  const strip = options.stripPrefixes;
  const normalize = (list: readonly string[] = []) => list.filter((p) => p && p !== '/').map((p) => p.replace(/\/+$/, ''));
  const fixed = typeof strip === 'function' ? null : normalize(strip);

  const call = async (handler: FakeHandler, req: FakeRequest, next: () => Promise<FakeResponse>): Promise<FakeResponse> => {
    try {
      return (await handler(req, next)) ?? errorAnswer(500, `fake endpoint ${req.method} ${req.path} answered nothing`);
    } catch (err) {
      log(`[fake-api] ${req.method} ${req.path} (scenario ${req.scenario}) failed: ${(err as Error)?.stack ?? String(err)}`);
      return errorAnswer(500, `fake endpoint ${req.method} ${req.path} failed: ${(err as Error)?.message ?? err}`);
    }
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    let path = url.pathname;
    const prefix = (fixed ?? normalize((strip as () => readonly string[])())).find((p) => path.startsWith(`${p}/`));
    if (prefix) path = path.slice(prefix.length);

    const isControl = path === '/__mock' || path.startsWith('/__mock/');
    const cookies = parseCookies(req);
    const wanted = cookies.mock_scenario;
    const known = !wanted || (SCENARIO_NAME.test(wanted) && registry.has(wanted));
    const scenario = wanted && known ? wanted : 'default';
    const chain = registry.chain(scenario);

    if (!isControl && !chainLists(chain, path)) {
      const stream = streams.find(([p]) => path.startsWith(p));
      if (stream) {
        stream[1](req, res);
        return true;
      }
    }
    const route = isControl ? null : routes.match(method, path);
    const head = method === 'HEAD';
    if (!isControl && !route && !chainLists(chain, path) && !API_PREFIXES.some((p) => path.startsWith(p))) {
      const app = options.otherApps?.(String(req.headers['x-forwarded-host'] || req.headers.host || ''));
      const prefix = app ? otherAppPrefixOfUrlPath(app, path) : null;
      if (!app || !prefix) return false;
      if (method !== 'GET' && !head) await send(res, errorAnswer(405, `method ${method} not allowed on ${path}`), { head, headers: { Allow: 'GET, HEAD' } });
      else
        await send(
          res,
          otherAppPage({ query: url.searchParams, cookies, headers: req.headers }, { path, prefix, siteName: app.name, home: homeOf(app, path) }),
          { head },
        );
      return true;
    }

    const scenarioHeader = { 'x-mock-scenario': known ? scenario : 'unknown' };
    let body: Awaited<ReturnType<typeof readBody>>;
    try {
      body = await readBody(req);
    } catch (err) {
      const status = err instanceof BadRequest ? err.status : 400;
      await send(res, errorAnswer(status, (err as Error).message), { head, headers: scenarioHeader });
      return true;
    }
    const params = route && 'handler' in route ? route.params : {};
    const fakeReq = fakeRequestOf(req, { method, path, query: url.searchParams, cookies, body, scenario, params });
    if (isControl) {
      const answer = control(fakeReq, { registry, monitor });
      if (method !== 'GET' && method !== 'HEAD') options.onChange?.();
      await send(res, answer, { head });
      return true;
    }
    const fallback = (): Promise<FakeResponse> => {
      if (route && 'handler' in route) return call(route.handler, fakeReq, () => Promise.resolve(errorAnswer(404, `no fake endpoint for ${method} ${path}`)));
      if (route) return Promise.resolve(errorAnswer(405, `method ${method} not allowed on ${path}`));
      return Promise.resolve(errorAnswer(404, `no fake endpoint for ${method} ${path}`));
    };
    const answer = await resolveAnswer(chain, path, true, (h, next) => call(h, fakeReq, next), fallback);
    await send(res, answer, { head, headers: scenarioHeader });
    return true;
  }

  return { handle, scenarios: () => registry.list(), monitorRecords: monitor.records };
}
