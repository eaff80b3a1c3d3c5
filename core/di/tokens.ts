import type { InjectionToken } from 'tsyringe';
import type { RegionConfig } from '../config/region';
import type { PluginContext, ShellEnv } from '../plugin/types';
import type { HttpClient } from '../http/client';
import type { CookieJar } from '../util/cookies';
import type { ShellState } from '../state/shell-state';
import type { ShellBus } from '../state/bus';
import type { Monitor } from '../util/monitoring';

/**
 * Request-scoped services (registered in each request's child container, or the page's container in the
 * browser). App-wide immutable singletons live in the root container under the host's own tokens.
 */
export const TOKENS = {
  Env: Symbol('ShellEnv') as InjectionToken<ShellEnv>,
  Region: Symbol('RegionConfig') as InjectionToken<RegionConfig>,
  Http: Symbol('HttpClient') as InjectionToken<HttpClient>,
  Cookies: Symbol('CookieJar') as InjectionToken<CookieJar>,
  State: Symbol('ShellState') as InjectionToken<ShellState>,
  Bus: Symbol('ShellBus') as InjectionToken<ShellBus>,
  Monitor: Symbol('Monitor') as InjectionToken<Monitor>,
};

/** Registers the request's core services in its container. */
export function registerRequestServices(env: ShellEnv, monitor: Monitor): void {
  const c = env.container;
  c.register(TOKENS.Env, { useValue: env });
  c.register(TOKENS.Region, { useValue: env.region });
  c.register(TOKENS.Http, { useValue: env.http });
  c.register(TOKENS.Cookies, { useValue: env.cookies });
  c.register(TOKENS.State, { useValue: env.state });
  c.register(TOKENS.Bus, { useValue: env.bus });
  c.register(TOKENS.Monitor, { useValue: monitor });
}

export type { PluginContext };
