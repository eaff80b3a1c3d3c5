import type { DependencyContainer } from 'tsyringe';
import type { ServiceReader, ShellEnv } from '../plugin/types';
import type { HttpClient } from '../http/client';
import type { CookieJar } from '../util/cookies';
import type { ShellBus } from '../state/bus';
import { createServiceRef, type ServiceRef } from '../plugin/refs';
import { SideTable } from '../util/side-table';

/**
 * The request's core services, for plugin service classes: `constructor(@inject(COOKIES) cookies: CookieJar)`.
 * Registered in each request's child container (the page's container in the browser).
 */
export const SHELL_ENV = createServiceRef<ShellEnv>('shell.env');
export const HTTP = createServiceRef<HttpClient>('shell.http');
export const COOKIES = createServiceRef<CookieJar>('shell.cookies');
export const BUS = createServiceRef<ShellBus>('shell.bus');
/** Other services by ref, for a service class whose use of one is optional: `services.getOptional(ref)`. */
export const SERVICES = createServiceRef<ServiceReader>('shell.services');

/** The ref under which a plan's container holds a plugin's validated options (core/request): `@inject(optionsRefOf<O>('chat'))`. */
export function optionsRefOf<O>(pluginId: string): ServiceRef<O> {
  return createServiceRef<O>(`${pluginId}.options`);
}

/**
 * Each request's container, by its environment. Plugins never see it: they reach services by ref (`ctx.get(ref)`,
 * `useService(ref)`); the host, the registry and the tester reach it through `requestContainer(env)`.
 */
const containers = new SideTable<ShellEnv, DependencyContainer>('request container');

/** Ties a request's container to its environment and registers the request's core services in it. */
export function registerRequestServices(env: ShellEnv, container: DependencyContainer): void {
  containers.set(env, container);
  container.register(SHELL_ENV.id, { useValue: env });
  container.register(HTTP.id, { useValue: env.http });
  container.register(COOKIES.id, { useValue: env.cookies });
  container.register(BUS.id, { useValue: env.bus });
  container.register(SERVICES.id, { useValue: serviceReader(env) });
}

/** The container `registerRequestServices` tied to a request's environment; throws for an environment without one. */
export function requestContainer(env: ShellEnv): DependencyContainer {
  const container = containers.get(env);
  if (!container) throw new Error('this environment has no request container: call registerRequestServices(env, container) first');
  return container;
}

/** Each request's service reader, made once (slot entries' conditions and plugin contexts read through it). */
const readers = new SideTable<ShellEnv, ServiceReader>('service reader');

/** Reads a request's services by ref: `get` builds one on first use (throws when none is registered), `getOptional` gives null then. */
export function serviceReader(env: ShellEnv): ServiceReader {
  let reader = readers.get(env);
  if (!reader) {
    reader = {
      get: <T>(ref: ServiceRef<T>) => requestContainer(env).resolve<T>(ref.id),
      getOptional<T>(ref: ServiceRef<T>): T | null {
        const container = requestContainer(env);
        return container.isRegistered(ref.id, true) ? container.resolve<T>(ref.id) : null;
      },
    };
    readers.set(env, reader);
  }
  return reader;
}
