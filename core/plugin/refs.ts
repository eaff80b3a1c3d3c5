import '@abraham/reflection';
import { inject as tsyringeInject } from 'tsyringe';

/**
 * Typed references to what plugins share (Backstage `createApiRef`, VS Code `createDecorator`): the plugin that
 * provides a thing declares its ref and exports it from its `index.ts`; consumers import the ref, and the type
 * travels with it, so a wrong type is a compile error. The id is the runtime identity (the same id is the same
 * contract in every chunk).
 */
interface Ref<K extends string, T> {
  readonly kind: K;
  /** `<plugin id>.<name>` (services, streams) or `<plugin id>/<key>` (loaders). */
  readonly id: string;
  /** Type carrier only; never set. */
  readonly $type?: T;
}

/** A service in the request container: provided with `ctx.provide(ref, …)`, read with `useService(ref)`. */
export type ServiceRef<T> = Ref<'service', T>;
/** A stream published with `ctx.stream(ref, stream$)`, read with `useStream(ref)`. */
export type StreamRef<T> = Ref<'stream', T>;
/** A server loader's result: `loader({ key: ref, run })` in the plugin's `loaders`, read with `useLoaderData(ref)`. */
export type LoaderRef<T> = Ref<'loader', T>;
/** A plugin, for another plugin's `requires`/`optional`: `requires: [AUTH_PLUGIN]` (its id is the ref's id). */
export type PluginRef = Ref<'plugin', never>;

const SERVICE_ID = /^[a-z][a-z0-9-]*\.[A-Za-z][\w.-]*$/;
const LOADER_ID = /^[a-z][a-z0-9-]*\/[A-Za-z][\w-]*$/;
const PLUGIN_REF_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

function ref<K extends string, T>(kind: K, id: string, form: RegExp, example: string): Ref<K, T> {
  if (!form.test(id)) throw new Error(`${kind} ref '${id}': id must look like '${example}'`);
  return Object.freeze({ kind, id });
}

/** Declares a service ref: `export const CONSENT = createServiceRef<ConsentService>('cookie-consent.service')`. */
export function createServiceRef<T>(id: `${string}.${string}`): ServiceRef<T> {
  return ref('service', id, SERVICE_ID, 'plugin-id.name');
}

/** Declares a stream ref: `createStreamRef<ConsentState>('cookie-consent.consent')`. */
export function createStreamRef<T>(id: `${string}.${string}`): StreamRef<T> {
  return ref('stream', id, SERVICE_ID, 'plugin-id.name');
}

/** Declares a loader ref: `createLoaderRef<DepositAddress | null>('drawer/address')`. */
export function createLoaderRef<T>(id: `${string}/${string}`): LoaderRef<T> {
  return ref('loader', id, LOADER_ID, 'plugin-id/key');
}

/** Declares a plugin's ref in its `refs.ts`, exported from its `index.ts`: `createPluginRef('auth')`. */
export function createPluginRef(id: string): PluginRef {
  return ref('plugin', id, PLUGIN_REF_ID, 'kebab-case-id');
}

/** The plugin id a ref belongs to. */
export function refOwner(r: { id: string }): string {
  return r.id.split(/[./]/, 1)[0];
}

/** Constructor parameter decorator: `constructor(@inject(HTTP) private readonly http: HttpClient)`. */
export function inject<T>(r: ServiceRef<T>): ParameterDecorator {
  return tsyringeInject(r.id) as ParameterDecorator;
}

export { injectable } from 'tsyringe';
