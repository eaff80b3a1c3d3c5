import type { Observable } from 'rxjs';
import { PluginError } from '../plugin/errors';
import { requestContainer, serviceReader } from '../di/tokens';
import { refOwner, type LoaderRef, type ServiceRef, type StreamRef } from '../plugin/refs';
import { declaredNames, type Places } from '../plugin/slots';
import { SideTable } from '../util/side-table';
import { type Guard, type LoaderDef, type PluginContext, type RouteDef, type ShellEnv, type SlotItem, type SlotName } from '../plugin/types';

/** One slot item as the registry keeps it: who contributed it and its identity within the slot. */
export interface SlotEntry {
  pluginId: string;
  item: SlotItem;
  /** Stable identity of the entry within its slot. */
  id: string;
}

/** One plugin's contributions, buffered during its setup and committed only if setup succeeds. */
export interface Contributions {
  slots: Array<[SlotName, SlotEntry]>;
  /** The plugin's declarations (`routes`, `loaders`, `guards`) for this activation (its menu entries are the plan's: `planMenus`). */
  routes: RouteDef[];
  guards: Guard[];
  loaders: LoaderDef[];
  effects: Array<() => void | (() => void)>;
  streams: Array<[string, Observable<unknown>]>;
  teardowns: Array<() => void>;
  provided: Array<[string, unknown]>;
  /** Set once the contributions are in the activation: from then on `ctx.get` asks the request container. */
  committed: boolean;
}

/** Who provided a service token so far (across plugins, for the "already" error). */
export interface Owners {
  services: Map<string, string>;
}

export function emptyContributions(): Contributions {
  return { slots: [], routes: [], guards: [], loaders: [], effects: [], streams: [], teardowns: [], provided: [], committed: false };
}

/**
 * Whether a contribution's slot or menu is declared. Undeclared is an error where every declaration is known; in the
 * browser (which has only the plugins it loaded) it is a place whose declarer is not on the page: nothing renders it.
 */
export function isDeclared(pluginId: string, kind: 'slot' | 'menu', name: string, places: Places): boolean {
  const declared = kind === 'slot' ? places.slots : places.menus;
  if (typeof name === 'string' && declared.has(name)) return true;
  if (!places.complete) return false;
  throw new PluginError(pluginId, `${kind} '${name}' is not declared (declared: ${declaredNames(declared)})`);
}

/**
 * The `ctx` a plugin's setup gets: the request's environment plus the contribution methods, checked as they are called.
 * It copies the environment's members rather than inheriting from it: an object made a prototype per request gives
 * each request new hidden classes, and those (kept in the old generation) would hold the request's objects past
 * young-generation collections.
 */
export function pluginContext(id: string, options: Record<string, unknown>, env: ShellEnv, buffer: Contributions, owners: Owners): PluginContext<any> {
  const services = serviceReader(env);
  return {
    ...env,
    id,
    options,
    // During setup, a service this plugin provided earlier in it is ready at once (a class is built then, and kept).
    get<T>(ref: ServiceRef<T>): T {
      const own = buffer.committed ? undefined : buffer.provided.find(([token]) => token === ref?.id);
      if (!own) return services.get(ref);
      if (isServiceClass(own[1])) own[1] = requestContainer(env).resolve(own[1]);
      return own[1] as T;
    },
    getOptional<T>(ref: ServiceRef<T>): T | null {
      const own = !buffer.committed && buffer.provided.some(([token]) => token === ref?.id);
      return own ? this.get(ref) : services.getOptional(ref);
    },
    stream<T>(ref: StreamRef<T>, stream: Observable<T>) {
      ownKey(id, ref, '.');
      buffer.streams.push([ref.id, stream]);
    },
    effect(run: () => void | (() => void)) {
      buffer.effects.push(run);
    },
    provide<T>(ref: ServiceRef<T>, service: unknown) {
      ownKey(id, ref, '.');
      const token = ref.id;
      const owner = owners.services.get(token) ?? (buffer.provided.some(([t]) => t === token) ? id : undefined);
      if (owner) throw new PluginError(id, `service ${token} is already provided by plugin '${owner}'`);
      buffer.provided.push([token, service]);
    },
    onTeardown(fn: () => void) {
      buffer.teardowns.push(fn);
    },
  };
}

/** A ref's key within the contributing plugin; a plugin contributes under its own refs only. */
function ownKey(pluginId: string, ref: ServiceRef<unknown> | StreamRef<unknown> | LoaderRef<unknown>, sep: '.' | '/'): string {
  if (typeof ref?.id !== 'string' || refOwner(ref) !== pluginId || ref.id[pluginId.length] !== sep) {
    throw new PluginError(pluginId, `${ref?.kind ?? 'ref'} '${ref?.id}' belongs to another plugin: declare a ref '${pluginId}${sep}…' in this plugin`);
  }
  return ref.id.slice(pluginId.length + 1);
}

/** Functions already told apart (a class's source text is read once, not per request). */
const classes = new SideTable<object, boolean>('is a class');

/** A class (built by the container) rather than a ready value. */
export function isServiceClass(value: unknown): value is new (...args: never[]) => unknown {
  if (typeof value !== 'function') return false;
  let known = classes.get(value);
  if (known === undefined) classes.set(value, (known = /^class[\s{]/.test(Function.prototype.toString.call(value))));
  return known;
}
