import { findRoute } from '../../core/router/match';
import type { PlannedRoute } from '../../core/registry/plan-declarations';
import { FALLBACK_NOT_FOUND, HOST_ROUTES, type HostRoute } from './routes';

/**
 * Each route list's table, built once: a plan's (core/registry/plan-declarations.ts) or an activation's `routes`, again
 * when plugins activated later add to it (the browser).
 */
const tables = new WeakMap<readonly PlannedRoute[], { routes: number; table: HostRoute[] }>();

/** Host routes and plugin routes together. */
function routeTable(routes: readonly PlannedRoute[]): HostRoute[] {
  let cached = tables.get(routes);
  if (cached?.routes !== routes.length) tables.set(routes, (cached = { routes: routes.length, table: buildTable(routes) }));
  return cached.table;
}

/** Paths the host answers itself: a plugin route on one of them is left out. */
const HOST_PATHS: ReadonlySet<string> = new Set(HOST_ROUTES.map((r) => r.path));

function buildTable(routes: readonly PlannedRoute[]): HostRoute[] {
  const pluginRoutes: HostRoute[] = routes.map(({ pluginId, def }) => ({ ...def, ns: pluginId, pluginId }));
  return [...HOST_ROUTES, ...pluginRoutes.filter((r) => !HOST_PATHS.has(r.path))];
}

/** Longest page path (after the language prefix) the shell renders and echoes into a page; a longer one is the 404 page. */
export const MAX_PAGE_PATH_CHARS = 512;
/** The path a page is rendered for when the one asked for is too long to echo (canonical link, language links, boot state). */
export const NOT_FOUND_PATH = '/404';
/** Query parameters a page keeps (and echoes into its boot state): the first 32, names up to 64 characters, values up to 1024. */
export const MAX_QUERY_PARAMS = 32;
const MAX_QUERY_NAME_CHARS = 64;
const MAX_QUERY_VALUE_CHARS = 1024;

/** A trade symbol (`/trade/:symbol`): BASE or BASE_QUOTE, letters and digits (BTC_USDT). */
const SYMBOL = /^[A-Za-z0-9]{1,20}(?:_[A-Za-z0-9]{1,20})?$/;
/** Any other route parameter (decoded): 1-128 letters, digits, `_`, `.`, `~`, `-`. */
const PARAM = /^[\w.~-]{1,128}$/;
const PARAM_RULES: Readonly<Record<string, RegExp>> = { symbol: SYMBOL };

const saneParams = (params: Record<string, string>) => Object.entries(params).every(([name, value]) => (PARAM_RULES[name] ?? PARAM).test(value));

/**
 * The route of a path (without the language prefix) and its parameters, among the host's routes and `routes` (a
 * plan's, before activation, or an activation's). A path longer than MAX_PAGE_PATH_CHARS, or
 * a parameter that is not a sane value (a symbol like BTC_USDT, else `PARAM`), is the 404 page: what a page echoes
 * of its path stays small, and no plugin sees an absurd parameter.
 */
export function resolveRoute(routes: readonly PlannedRoute[], path: string): { route: HostRoute; params: Record<string, string> } {
  const table = routeTable(routes);
  const found = path.length <= MAX_PAGE_PATH_CHARS ? findRoute(table, path) : null;
  if (found && saneParams(found.params)) return found;
  return { route: table.find((r) => r.path === '*') ?? FALLBACK_NOT_FOUND, params: {} };
}

/**
 * What a page request keeps of its path and query before anything renders or echoes them: a path over
 * MAX_PAGE_PATH_CHARS becomes NOT_FOUND_PATH; query parameters beyond the first MAX_QUERY_PARAMS names, or with a
 * longer name or value, are left out (as if not sent).
 */
export function boundedPageRequest(path: string, search: URLSearchParams): { path: string; query: Record<string, string> } {
  const query = new Map<string, string>();
  for (const [name, value] of search) {
    if (name.length > MAX_QUERY_NAME_CHARS || value.length > MAX_QUERY_VALUE_CHARS) continue;
    // A name given twice keeps its last value, like Object.fromEntries.
    if (query.has(name) || query.size < MAX_QUERY_PARAMS) query.set(name, value);
  }
  return { path: path.length > MAX_PAGE_PATH_CHARS ? NOT_FOUND_PATH : path, query: Object.fromEntries(query) };
}
