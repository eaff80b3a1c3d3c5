/**
 * `npm run explain -- --region <key> --path <path> [--persona <scenario>] [--uid <id>] [--locale <code>] [--json]`: serves one
 * request through the real pipeline (an in-process server with the fake API) and says what happened and why.
 * Exit 0 when explained, 2 on bad arguments (with the valid choices).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { isObservable } from 'rxjs';
import type { SlotName } from '../../core/plugin/types';
import { parseFlagKey } from '../../core/flags/keys';
import { currentValue } from '../../core/react/context';
import { activeSource } from '../../core/react/slot-views';
import { bytesByOwner, fileOwners, type ViteManifest } from './attribution';
import { startExplainTrace, type ExplainTrace } from './explain-trace';
import { paths } from './paths';
import type { RequestScope } from './request-scope-types';
import { startServer, type RunningShell } from './server';
import { formatExplanation, type Explanation } from './explain-format';
import { otherAppPrefixOfUrlPath } from '../../core/router/other-apps';

const USAGE = 'usage: npm run explain -- --region <key> --path </path> [--persona <scenario>] [--uid <id>] [--locale <code>] [--json]';
/** What `--uid` accepts (it becomes a cookie value). */
const UID = /^[\w.-]{1,64}$/;

class UsageError extends Error {}

/** `entry`: the server entry module, which runs the fake API's thread. */
export async function runExplain(
  argv: string[],
  entry: URL,
  out: (s: string) => void = (s) => process.stdout.write(s),
  err: (s: string) => void = (s) => process.stderr.write(s),
): Promise<number> {
  let args: { region?: string; path?: string; persona?: string; uid?: string; locale?: string; json?: boolean };
  try {
    args = parseArgs({
      args: argv,
      options: {
        region: { type: 'string' },
        path: { type: 'string' },
        persona: { type: 'string' },
        uid: { type: 'string' },
        locale: { type: 'string' },
        json: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (e) {
    err(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const logs: string[] = [];
  // One request, no reload: the configs are checked once, on this thread (a check thread would only cost its start).
  const shell = await startServer({ port: 0, host: '127.0.0.1', fakeApi: true, entry, configCheckThread: false, log: (m) => logs.push(m) });
  try {
    const explanation = await explain(shell, args, logs);
    out(args.json ? `${JSON.stringify(explanation, null, 2)}\n` : formatExplanation(explanation));
    return 0;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(`${e.message}\n${USAGE}\n`);
    return 2;
  } finally {
    await shell.close();
  }
}

async function explain(
  shell: RunningShell,
  args: { region?: string; path?: string; persona?: string; uid?: string; locale?: string },
  logs: string[],
): Promise<Explanation> {
  const { app } = shell;
  const port = (shell.server.address() as { port: number }).port;
  const keys = app.site().regions.all.map((r) => r.key);
  if (!args.region || !app.site().regions.get(args.region))
    throw new UsageError(`${args.region ? `unknown region '${args.region}'` : '--region is required'}; regions: ${keys.join(', ')}`);
  const region = app.site().regions.get(args.region)!;
  if (!args.path || !/^\/[^\s?#]*(\?[^\s#]*)?$/.test(args.path) || args.path.startsWith('//')) {
    throw new UsageError(
      `${args.path ? `'${args.path}' is not a path` : '--path is required'}: give a local path starting with '/', e.g. /futures or /trade/BTC_USDT`,
    );
  }
  if (args.locale && !region.languages.includes(args.locale))
    throw new UsageError(`region '${region.key}' does not serve locale '${args.locale}'; its locales: ${region.languages.join(', ')}`);
  const scenarios = await scenarioNames(port);
  if (args.persona && !scenarios.includes(args.persona)) throw new UsageError(`unknown persona '${args.persona}'; scenarios: ${scenarios.join(', ')}`);

  const host = region.key === 'main' ? 'localhost' : `${region.key}.localhost`;
  const loggedIn = Boolean(args.persona && args.persona !== 'visitor');
  if (args.uid !== undefined && !UID.test(args.uid)) throw new UsageError(`--uid '${args.uid}': 1 to 64 letters, digits, '_', '.' or '-'`);
  // A visitor's flags bucket by the fingerprint cookie, a user's by the uid: --uid sets both.
  const uid = args.uid ?? (loggedIn ? '90001' : undefined);
  const cookies = [args.persona && `mock_scenario=${args.persona}`, uid && `uid=${uid}`, args.uid && `finger_print=${args.uid}`, loggedIn && 'nickname=explain']
    .filter(Boolean)
    .join('; ');
  const startUrl =
    args.locale && !(args.locale === region.defaultLang && region.localePrefix !== 'always')
      ? `/${args.locale}${args.path === '/' ? '/' : args.path}`
      : args.path;

  // Follow the host's own redirects (locale canonical forms) and stop at a guard's: that is the answer.
  const hops: Explanation['hops'] = [];
  let url = startUrl;
  let trace: ExplainTrace;
  const seen: { scope?: ScopeFacts } = {};
  let page: { status: number; html: string; location?: string };
  for (;;) {
    logs.length = 0;
    seen.scope = undefined;
    trace = startExplainTrace((s) => (seen.scope = scopeFacts(s)));
    page = await get(port, url, host, cookies);
    if (page.location && !seen.scope && hops.length < 3) {
      hops.push({ from: url, status: page.status, to: page.location, by: 'host (region and locale rules)' });
      const next = new URL(page.location, `http://${host}`);
      url = `${next.pathname}${next.search}`;
      continue;
    }
    break;
  }
  const scope = seen.scope as ScopeFacts | undefined; // set by the trace callback during get()
  const guardRedirect = trace.guards.find((g) => g.redirect);
  const handOffPrefix = scope && !guardRedirect ? otherAppPrefixOfUrlPath(region, url) : null;
  const handOff = handOffPrefix ? { prefix: handOffPrefix, status: page.status, ...(page.location ? { to: page.location } : {}) } : null;
  return {
    request: {
      region: region.key,
      domain: region.webSiteDomain,
      url,
      host,
      persona: args.persona ?? 'default (visitor)',
      uid: uid ?? null,
      loggedIn,
      locale: scope?.locale ?? args.locale ?? region.defaultLang,
    },
    hops,
    plan: planFacts(app, region.key, scope),
    flags: page.location ? [] : (scope?.flags ?? []),
    flagContext: scope ? { ...scope.flagContext } : null,
    guards: trace.guards,
    redirect:
      page.location && !handOff ? { status: page.status, to: page.location, by: guardRedirect ? `guard of '${guardRedirect.pluginId}'` : 'host' } : null,
    handOff,
    route: handOff ? null : (scope?.route ?? null),
    status: page.status,
    slots: page.location || handOff ? [] : (scope?.slots ?? []),
    loaders: trace.loaders.map((l) => ({ ...l, value: l.value === undefined ? undefined : preview(l.value) })),
    calls: trace.calls,
    bytes: page.location || handOff ? [] : pageBytes(page.html),
    logs: [...logs],
  };
}

type ScopeFacts = Pick<Explanation, 'slots'> & {
  route: NonNullable<Explanation['route']>;
  locale: string;
  active: string[];
  firstRender: string[];
  serverOnly: string[];
  failed: Array<{ pluginId: string; error: string }>;
  /** The request's plan (after its rollout flags) and the flags evaluated. */
  planned: string[];
  flags: Explanation['flags'];
  flagContext: RequestScope['flagContext'];
};

/** What only the live scope knows: the route, each slot's items and whether they are active with this request's data. */
function scopeFacts(scope: RequestScope): ScopeFacts {
  const slots: Explanation['slots'] = [];
  for (const [name, entries] of Object.entries(scope.activation.slots) as Array<[SlotName, RequestScope['activation']['slots'][SlotName]]>) {
    if (!entries.length) continue;
    const items = entries.map((e) => {
      let active: boolean | 'error';
      try {
        const a = activeSource(e, scope.env);
        active = isObservable(a) ? Boolean(currentValue(a, false)) : Boolean(a);
      } catch {
        active = 'error';
      }
      return { id: e.id, pluginId: e.pluginId, priority: e.item.priority ?? 0, active };
    });
    slots.push({ name, policy: scope.activation.places.slots.get(name)?.policy ?? 'stack', items });
  }
  const r = scope.route;
  return {
    route: { pattern: r.path, owner: r.pluginId ?? 'host', status: r.status ?? 200, params: scope.params },
    locale: scope.locale.code,
    slots,
    active: scope.activation.active,
    firstRender: scope.firstRender,
    serverOnly: scope.serverOnly,
    failed: scope.activation.failed.map((f) => ({ pluginId: f.pluginId, error: f.error.message })),
    planned: scope.plan.plugins.map((p) => p.id),
    flags: scope.flags.map((f) => withOptionWarning({ ...f }, scope.plan.plugins)),
    flagContext: scope.flagContext,
  };
}

/** A flag that served an option whose `enabled` is false: the feature is off for this request (validate warns of it too). */
function withOptionWarning<F extends { key: string }>(flag: F, planned: RequestScope['plan']['plugins']): F & { warning?: string } {
  const target = parseFlagKey(flag.key);
  if (typeof target === 'string' || target.kind !== 'option') return flag;
  const value = planned.find((p) => p.id === target.plugin)?.options[target.option] as { enabled?: unknown } | undefined;
  if (typeof value !== 'object' || value === null || value.enabled !== false) return flag;
  return { ...flag, warning: `option '${target.option}' of '${target.plugin}' has enabled: false for this request: the feature is off` };
}

function planFacts(app: RunningShell['app'], key: string, scope: ScopeFacts | undefined): Explanation['plan'] {
  const region = app.site().regions.get(key)!;
  const configured = app
    .site()
    .plans.get(key)!
    .plugins.map((p) => p.id);
  const planned = scope?.planned ?? configured;
  const listed = region.plugins ?? {};
  const off: Explanation['plan']['off'] = [];
  for (const id of [...app.catalogue.definitions.keys()].sort()) {
    if (planned.includes(id)) continue;
    if (configured.includes(id)) {
      off.push({ pluginId: id, why: `switched off for this request by rollout flag plugin.${id}.enabled (or that of a plugin it requires)` });
      continue;
    }
    off.push({
      pluginId: id,
      why: listed[id]?.enabled === false ? `"enabled": false in region-configs/${key}.json` : `not listed in region-configs/${key}.json`,
    });
  }
  for (const f of scope?.failed ?? []) off.push({ pluginId: f.pluginId, why: `not activated for this request: ${f.error}` });
  return { order: planned, off, firstRender: scope?.firstRender ?? [], serverOnly: scope?.serverOnly ?? [] };
}

function pageBytes(html: string): Explanation['bytes'] {
  const urls = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const manifestFile = paths.manifest;
  if (!existsSync(manifestFile)) return [];
  const owners = fileOwners(JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest);
  const gz = (file: string) => {
    const full = resolve(paths.clientDist, file);
    if (existsSync(`${full}.gz`)) return statSync(`${full}.gz`).size;
    return existsSync(full) ? gzipSync(readFileSync(full), { level: 9 }).length : 0;
  };
  return [...bytesByOwner(urls, owners, gz)].map(([owner, v]) => ({ owner, ...v })).sort((a, b) => b.bytes - a.bytes);
}

/** A loader's value, short enough for a terminal line. */
function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

async function scenarioNames(port: number): Promise<string[]> {
  const r = await get(port, '/__mock/scenarios', 'localhost', '');
  const body = JSON.parse(r.html) as { data?: Array<{ name: string }> };
  return (body.data ?? []).map((s) => s.name);
}

function get(port: number, path: string, host: string, cookie: string): Promise<{ status: number; html: string; location?: string }> {
  return new Promise((res, rej) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, cookie, 'accept-encoding': 'identity', 'user-agent': 'shell-explain' } },
      (r) => {
        let html = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (html += c));
        r.on('end', () => res({ status: r.statusCode ?? 0, html, location: typeof r.headers.location === 'string' ? r.headers.location : undefined }));
      },
    );
    req.on('error', rej);
    req.end();
  });
}
