import type { ShellEnv } from '../plugin/types';
import type { HttpClient } from '../http/client';
import type { CookieJar } from '../util/cookies';
import type { ShellBus } from '../state/bus';
import { createServiceRef, type ServiceRef } from '../plugin/refs';

/**
 * The request's core services, for plugin service classes: `constructor(@inject(COOKIES) cookies: CookieJar)`.
 * Registered in each request's child container (the page's container in the browser).
 */
export const SHELL_ENV = createServiceRef<ShellEnv>('shell.env');
export const HTTP = createServiceRef<HttpClient>('shell.http');
export const COOKIES = createServiceRef<CookieJar>('shell.cookies');
export const BUS = createServiceRef<ShellBus>('shell.bus');

/** The ref under which activation registers a plugin's validated options: `@inject(optionsRefOf<O>('chat'))`. */
export function optionsRefOf<O>(pluginId: string): ServiceRef<O> {
  return createServiceRef<O>(`${pluginId}.options`);
}

/** Registers the request's core services in its container. */
export function registerRequestServices(env: ShellEnv): void {
  const c = env.container;
  c.register(SHELL_ENV.id, { useValue: env });
  c.register(HTTP.id, { useValue: env.http });
  c.register(COOKIES.id, { useValue: env.cookies });
  c.register(BUS.id, { useValue: env.bus });
}
