import type { ScenarioRegistry } from './registry';
import { parseScenarioInput } from './validate';
import { hash } from '../../core/testing/fake-api-kit';
import { loginCookies, logoutCookies } from '../../core/testing/fake-api-kit';
import type { MonitorRecord } from './endpoints/monitor';
import { stringifySetCookie } from 'cookie';
import type { FakeRequest, FakeResponse } from '../../core/testing/fake-api-kit';
import { safePath } from '../../core/util/links';

export interface ControlDeps {
  registry: ScenarioRegistry;
  monitor: { records: () => MonitorRecord[]; clear: () => void };
}

const json = (status: number, body: unknown): FakeResponse => ({ status, body });
const error = (status: number, message: string) => json(status, { code: status, message, data: null });
const ok = (data: unknown, status = 200) => json(status, { code: 0, message: 'success', data });

/** The test-control endpoints under /__mock/ (never affected by scenarios). */
export function control(req: FakeRequest, deps: ControlDeps): FakeResponse {
  const { registry, monitor } = deps;
  const { method, path } = req;
  const get = method === 'GET' || method === 'HEAD';
  if (path === '/__mock' || path === '/__mock/') {
    return ok({
      'GET /__mock/scenarios': 'list scenarios',
      'POST /__mock/scenarios': 'register {"name", "extends"?, "description"?, "responses": {"<path>" | "*": {status?, delayMs?, body?, raw?}}}',
      'GET|DELETE /__mock/scenarios/<name>': 'show or remove a registered scenario',
      'GET /__mock/use?scenario=<name>&account=<account>&logout=1&redirect=/path': 'set the mock_scenario cookie (and log in or out), then redirect',
      'GET|DELETE /__mock/monitor': 'monitoring records (?scenario=, ?uid= filter) or clear them',
    });
  }
  if (path === '/__mock/scenarios') {
    if (get) return ok(registry.list());
    if (method !== 'POST') return error(405, 'use GET or POST on /__mock/scenarios');
    if (req.json === undefined) return error(400, 'send the scenario as a JSON body (Content-Type: application/json)');
    const def = parseScenarioInput(
      req.json,
      (n) => registry.has(n),
      (n) => registry.isBuiltIn(n),
    );
    if (typeof def === 'string') return error(400, `invalid scenario: ${def}`);
    if (def.extends && registry.chain(def.extends).some((s) => s.name === def.name))
      return error(400, `invalid scenario: extending '${def.extends}' would make a cycle back to '${def.name}'`);
    registry.register(def);
    return ok({ name: def.name, extends: def.extends ?? 'default', paths: Object.keys(def.responses) }, 201);
  }
  const one = /^\/__mock\/scenarios\/([^/]+)$/.exec(path);
  if (one) {
    const name = decodeURIComponent(one[1]);
    const def = registry.get(name);
    if (!def) return error(404, `no scenario '${name}'`);
    if (get) {
      const responses = Object.fromEntries(Object.entries(def.responses).map(([k, v]) => [k, typeof v === 'function' ? '(handler)' : v]));
      return ok({
        name: def.name,
        description: def.description,
        extends: def.extends ?? (def.name === 'default' ? null : 'default'),
        builtIn: registry.isBuiltIn(name),
        responses,
      });
    }
    if (method !== 'DELETE') return error(405, 'use GET or DELETE on /__mock/scenarios/<name>');
    if (registry.isBuiltIn(name)) return error(400, `'${name}' is built in and cannot be removed`);
    registry.remove(name);
    return ok({ name, removed: true });
  }
  if (path === '/__mock/monitor') {
    if (method === 'DELETE') {
      monitor.clear();
      return ok({ cleared: true });
    }
    if (!get) return error(405, 'use GET or DELETE on /__mock/monitor');
    const scenario = req.query.get('scenario');
    const uid = req.query.get('uid');
    return ok(monitor.records().filter((r) => (!scenario || r.scenario === scenario) && (!uid || r.uid === uid)));
  }
  if (path === '/__mock/use' && get) return use(req, registry);
  const avatar = /^\/__mock\/avatar\/([^/]+)\.svg$/.exec(path);
  if (avatar && get) return avatarSvg(decodeURIComponent(avatar[1]));
  return error(404, `no mock control endpoint ${method} ${path} (GET /__mock lists them)`);
}

/** GET /__mock/use: picks a scenario by cookie, optionally logs in or out, and redirects to a local path. */
function use(req: FakeRequest, registry: ScenarioRegistry): FakeResponse {
  const scenario = req.query.get('scenario');
  const account = req.query.get('account');
  const raw = req.query.get('redirect') ?? '/';
  if (scenario && !registry.has(scenario)) return error(400, `unknown scenario '${scenario}' (GET /__mock/scenarios lists them)`);
  const redirect = raw.startsWith('/') ? safePath(raw) : null;
  if (!redirect) return error(400, `'redirect' must be a local path starting with '/'`);
  const cookies: string[] = [];
  if (scenario) cookies.push(stringifySetCookie('mock_scenario', scenario, { path: '/', sameSite: 'lax' }));
  if (req.query.get('logout')) cookies.push(...logoutCookies());
  else if (account) cookies.push(...loginCookies(account).cookies);
  return { status: 302, raw: '', headers: { Location: redirect, 'Set-Cookie': cookies } };
}

/** A round avatar with the seed's first letter, colour from its hash. */
function avatarSvg(seed: string): FakeResponse {
  const hue = hash(seed) % 360;
  const letter = (seed.replace(/[^A-Za-z0-9]/g, '').slice(-2) || 'U').toUpperCase().replace(/[<&>]/g, '');
  return {
    raw: `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${hue},55%,50%)"/><text x="32" y="41" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
    contentType: 'image/svg+xml',
    headers: { 'Cache-Control': 'public, max-age=86400' },
  };
}
