import type { ShellData, UserState } from '../data/types';
import type { PlannedRoute } from '../registry/plan-declarations';
import type { RegionPlan } from '../registry/plan';
import { runGuards, runLoaders, type GuardTrace, type LoaderTrace } from '../registry/run';
import type { RequestEnv } from './build-request-env';
import { BROWSER_BUILD } from '../util/browser-build';

/** A page route as a side resolves it (the host adds its own routes and the 404 page to the plugins'). */
export interface LinePageRoute {
  status?: number;
}

/** The route of a path and its parameters, among a route list (a plan's declarations or an activation's routes). */
type RouteLookup<R extends LinePageRoute> = (routes: readonly PlannedRoute[], path: string) => { route: R; params: Record<string, string> };

/** What the rollout flags make of the request's plan. */
export interface FlagOutcome {
  plan: RegionPlan;
}

/**
 * The parts of a request each side brings (the server, the browser, the plugin tester): how it decides flags, loads
 * the core data, resolves a route, builds its environment, and where it logs and traces. No globals: everything the
 * line uses is here.
 */
export interface RequestPorts<R extends LinePageRoute, F extends FlagOutcome, V, E extends RequestEnv = RequestEnv> {
  /** The site version's plan for the region, before the request's flags. */
  basePlan: RegionPlan;
  /** The plan's declared routes (data, read once per plan): the route is known before anything activates. */
  routesOf(plan: RegionPlan): readonly PlannedRoute[];
  resolveRoute: RouteLookup<R>;
  /** The rollout flags: a visitor's (`null`, decided before the core data), a user's (after it, reading the user). */
  decideFlags(user: UserState | null): Promise<F>;
  /**
   * The core data (each part with its default on failure); `isNotFound` says whether the page is the 404 page (a side
   * that loads nothing for it need not ask).
   */
  loadCoreData(isNotFound: () => boolean): Promise<ShellData>;
  /** Starts loading a route's page code (as soon as the route is known). */
  preloadPage?(route: R): Promise<unknown>;
  /** The request's environment with `plan` activated in it (the browser: the plugins its first render needs, in slices). */
  activate(plan: RegionPlan): E | Promise<E>;
  /** Runs the plugins' loaders (the server keeps the cookies they read out of the page-reuse key). */
  aroundLoaders?<T>(run: () => Promise<T>): Promise<T>;
  /** Loads the code of what the page renders, and says what its first render needs (absent: nothing to prepare). */
  prepareViews?(built: E, page: PreparedPage<R>): Promise<V>;
  log(line: string): void;
  trace?: { guards: GuardTrace[]; loaders: LoaderTrace[] } | null;
}

/** What `prepareViews` is given: the page as guarded and loaded (its core data is the environment's, `built.state.data`). */
export interface PreparedPage<R> {
  route: R;
  loaderData: Record<string, unknown>;
  pageCode: Promise<unknown>;
}

export interface RequestLineInput {
  path: string;
  query: Record<string, string>;
  /** Whether the request's cookies name a logged-in user (the user's flags then wait for the core data). */
  isLogin: boolean;
  /** When the page's time is up (epoch ms): loaders end by then. */
  deadline: number;
  /** Another app serves the path: only the guards run, no loader and no page code. */
  handOff?: boolean;
  /**
   * The page as its server guarded and loaded it (the browser's line on the server's page, which always has it): the
   * guards' decision is the server's, so they do not run again, and the loaders' data is the page's.
   */
  served?: { loaderData: Record<string, unknown> };
}

/** What a request's line made; its core data is the environment's (`built.state.data`), as everywhere. */
export interface RequestLineResult<R, F, V, E extends RequestEnv = RequestEnv> {
  flagged: F;
  built: E;
  route: R;
  params: Record<string, string>;
  redirect?: string;
  loaderData: Record<string, unknown>;
  /** What `prepareViews` gave; undefined when the request redirects, hands off, or the side prepares nothing. */
  views?: V;
}

/**
 * One request in one straight line, the same on every side that runs one: core data and flags (in the order their
 * inputs allow), the plan they make, its route (a lookup: routes are data), the plan activated once, guards, loaders
 * (parallel, until the deadline), then the code of what the page renders. Each phase is a named step below.
 */
export async function runRequestLine<R extends LinePageRoute, F extends FlagOutcome, V, E extends RequestEnv = RequestEnv>(
  ports: RequestPorts<R, F, V, E>,
  input: RequestLineInput,
): Promise<RequestLineResult<R, F, V, E>> {
  const { data, flagged } = await dataAndFlags(ports, input);
  const built = await ports.activate(flagged.plan);
  // The activation's route: a plugin that failed to activate on this request leaves its path to the 404 page.
  const { route, params } = ports.resolveRoute(built.activation.routes, input.path);
  built.state.route$.next({ path: input.path, query: input.query, params });
  const pageCode =
    ports.preloadPage?.(route).catch((err: Error) => ports.log(`[route] ${input.path}: page code failed to load: ${err.message}`)) ?? Promise.resolve();
  if (built.state.data !== data) built.state.data$.next(data); // the browser's environment starts with the page's
  // The browser's line runs on a served page only: its build leaves the guard and load phases out.
  const redirect = input.served || BROWSER_BUILD ? undefined : guard(ports, built, input.path);
  const result: RequestLineResult<R, F, V, E> = { flagged, built, route, params, redirect, loaderData: {} };
  if (redirect || input.handOff) return result;
  result.loaderData = input.served ? input.served.loaderData : BROWSER_BUILD ? {} : await load(ports, built, input, params);
  result.views = await ports.prepareViews?.(built, { route, loaderData: result.loaderData, pageCode });
  return result;
}

/**
 * Core data and flags. A visitor's flags read nothing of the core data: they are decided first, and the core data
 * loads for the route of the plan they make. A user's flags read the user: the core data loads first, for the route
 * of the site version's plan (a flag that adds or removes the page's plugin changes the page rendered, not which
 * core data loaded). The page's code starts loading as soon as a route is known.
 */
async function dataAndFlags<R extends LinePageRoute, F extends FlagOutcome, V>(ports: RequestPorts<R, F, V>, input: RequestLineInput) {
  const isNotFound = (plan: RegionPlan) => {
    const { route } = ports.resolveRoute(ports.routesOf(plan), input.path);
    ports.preloadPage?.(route).catch(() => {});
    return route.status === 404;
  };
  if (!input.isLogin) {
    const flagged = await ports.decideFlags(null);
    return { flagged, data: await ports.loadCoreData(() => isNotFound(flagged.plan)) };
  }
  const data = await ports.loadCoreData(() => isNotFound(ports.basePlan));
  return { flagged: await ports.decideFlags(data.user), data };
}

/** Guard: the first redirect the plugins' guards decide with the core data, if any. */
function guard<R extends LinePageRoute, F extends FlagOutcome, V>(ports: RequestPorts<R, F, V>, built: RequestEnv, path: string): string | undefined {
  const trace = ports.trace;
  return runGuards(
    built.activation,
    { path, env: built.env },
    (pluginId, err) => ports.log(`[guard] ${pluginId} failed: ${err.message}`),
    trace ? (t) => trace.guards.push(t) : undefined,
  );
}

/** Load: the plugins' loaders whose `when` holds, in parallel, until the deadline; a failing one gives nothing. */
function load<R extends LinePageRoute, F extends FlagOutcome, V>(
  ports: RequestPorts<R, F, V>,
  built: RequestEnv,
  input: RequestLineInput,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const trace = ports.trace;
  const run = () =>
    runLoaders(
      built.activation,
      { path: input.path, params, env: built.env },
      input.deadline,
      (line) => ports.log(line),
      trace ? (t) => trace.loaders.push(t) : undefined,
    );
  return ports.aroundLoaders ? ports.aroundLoaders(run) : run();
}
