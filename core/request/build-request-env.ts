import type { DependencyContainer } from 'tsyringe';
import type { i18n } from 'i18next';
import { siteFactsOf, type RegionConfig } from '../config/region';
import type { ShellData } from '../data/types';
import type { AccountFetcher } from '../data/account';
import { optionsRefOf, registerRequestServices } from '../di/tokens';
import type { HttpClient } from '../http/client';
import type { LocaleInfo } from '../i18n/locales';
import type { ServiceRef } from '../plugin/refs';
import type { Places } from '../plugin/slots';
import type { PluginDefinition, ShellEnv } from '../plugin/types';
import { activate, type Activation } from '../registry/activate';
import { planMenus } from '../registry/plan-declarations';
import type { RegionPlan } from '../registry/plan';
import { sitePath } from '../router/paths';
import { createBus, type ShellBus } from '../state/bus';
import { ShellState, type RouteState } from '../state/shell-state';
import type { CookieJar } from '../util/cookies';
import type { Monitor } from '../util/monitoring';

/** Everything a request's environment is made from: the caller decides each one, nothing is looked up. */
export interface RequestEnvInput {
  side: 'server' | 'browser';
  region: RegionConfig;
  /** The plugins this request activates, in order, with their options: the caller's decision. */
  plan: RegionPlan;
  definitions: ReadonlyMap<string, PluginDefinition<any>>;
  /** The declared slots and menus (the catalogue's `places`; in the browser, the host's and the loaded plugins'). */
  places: Places;
  /** Activates only these planned plugins now (closed under their dependencies); the others later (`activateRest`). */
  only?: ReadonlySet<string>;
  /**
   * The side menus as they are, whatever plugins the activation runs (the browser's: the server's, in its page);
   * absent: the plan's (`planMenus`), without the plugins that failed to activate on this request.
   */
  menus?: Activation['menus'];
  locale: LocaleInfo;
  /** The locale's path prefix (`ShellEnv.langPrefix`). */
  langPrefix: string;
  route: RouteState;
  /** The core data the state starts with. */
  data: ShellData;
  cookies: CookieJar;
  http: HttpClient;
  /** The request's translations (the result carries them; the environment itself has none). */
  i18n: i18n;
  /** What the server knows of the visitor's device before the browser tells it. */
  agent: { viewportWidth: number; inApp: boolean; mobileAgent: boolean };
  /** How the browser asks for account figures (none on the server: they keep their defaults). */
  fetchAccount?: AccountFetcher;
  /** The bus, when the caller needed it before (the browser's i18n reports through it); else a new one. */
  bus?: ShellBus;
  backend: 'fake' | 'real';
  regionOrigin: (key: string) => string;
  /** The container the request's own container is a child of. */
  parent: DependencyContainer;
  /** Services that win over the plugins' own registrations (a tester's stand-ins). */
  overrides?: ReadonlyArray<readonly [ServiceRef<any>, unknown]>;
  /** Where a setup or teardown that throws is told: the monitor (when given) and the log. */
  monitor?: Monitor;
  log: (line: string) => void;
}

/** A request's environment, its request container and its activation; `dispose` releases all of it. */
export interface RequestEnv {
  env: ShellEnv;
  container: DependencyContainer;
  state: ShellState;
  activation: Activation;
  i18n: i18n;
  /** Reports a plugin whose setup threw (what activation calls; `activateRest` takes it too). */
  onActivationError: (pluginId: string, err: Error) => void;
  /** Runs every teardown once, in reverse order; one that throws is logged and the others still run. */
  deactivate: () => void;
  /** `deactivate`, then ends the state's streams and the request container. */
  dispose: () => void;
}

/** By parent container, then plan: the plugins' validated options of a plan, registered once. */
const planContainers = new WeakMap<DependencyContainer, WeakMap<RegionPlan, DependencyContainer>>();

/**
 * The container of a plan, a child of `parent`: each planned plugin's validated options under `optionsRefOf(id)`,
 * which its service classes inject. Every request of the plan has its own container as a child of this one.
 */
export function planContainer(parent: DependencyContainer, plan: RegionPlan): DependencyContainer {
  let byPlan = planContainers.get(parent);
  if (!byPlan) planContainers.set(parent, (byPlan = new WeakMap()));
  let made = byPlan.get(plan);
  if (!made) {
    made = parent.createChildContainer();
    for (const { id, options } of plan.plugins) made.register(optionsRefOf(id).id, { useValue: options });
    byPlan.set(plan, made);
  }
  return made;
}

/**
 * Builds one request's environment the same way on the server, in the browser, in the plugin tester and in the
 * contribution check: the state, the bus, the request container with the core services, then the plan's activation.
 */
export function buildRequestEnv(input: RequestEnvInput): RequestEnv {
  const { region, locale, parent, overrides = [] } = input;
  const state = new ShellState({ data: input.data, route: input.route, locale, ...input.agent, fetchAccount: input.fetchAccount });
  const container = planContainer(parent, input.plan).createChildContainer();
  const env: ShellEnv = {
    isServer: input.side === 'server',
    region: siteFactsOf(region),
    locale,
    langPrefix: input.langPrefix,
    state,
    cookies: input.cookies,
    bus: input.bus ?? createBus(),
    http: input.http,
    backend: input.backend,
    regionOrigin: input.regionOrigin,
    href: (path) => sitePath(region, locale.code, path),
  };
  registerRequestServices(env, container);
  const override = () => {
    for (const [ref, value] of overrides) container.register(ref.id, { useValue: value });
  };
  override();
  const onActivationError = (pluginId: string, err: Error) => {
    input.monitor?.captureError(err, { plugin: pluginId });
    input.log(`[registry] ${err.message}`);
  };
  const activation = activate(input.plan, input.definitions, input.places, env, onActivationError, input.only);
  activation.menus = input.menus ?? planMenus(input.plan, input.definitions, env.region, input.places, new Set(activation.failed.map((f) => f.pluginId)));
  // Again after setup: a stand-in replaces a service a plugin provides (the last registration wins).
  override();
  const deactivate = () => {
    for (const teardown of activation.teardowns.splice(0).reverse()) {
      try {
        teardown();
      } catch (err) {
        input.log(`[registry] teardown failed: ${(err as Error).message}`);
      }
    }
  };
  return {
    env,
    container,
    state,
    activation,
    i18n: input.i18n,
    onActivationError,
    deactivate,
    dispose: () => {
      deactivate();
      state.complete();
      void container.dispose();
    },
  };
}
